/**
 * Statistics and network transfer of an instance. The emulator moves no traffic, so every series
 * is flat: zero, except the CPU of a running instance. Periods: year 2000..2037, month 1..12, a past
 * or the current month (the current month: the past 30 days).
 */
import { instanceEndpoints as e, issuesToErrors, StatsPeriod, type InstanceStats } from "../../contract";
import { ApiError } from "../api-error";
import type { Clock } from "../clock";
import type { Params, World } from "../router";
import type { InstanceRow, UserRow } from "../state";
import { readableInstance } from "./instances";

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

function statsOver(
  instance: InstanceRow,
  from: number,
  to: number,
  step: number,
  title: string,
): InstanceStats {
  const times: number[] = [];
  for (let ts = Math.ceil(from / step) * step; ts < to; ts += step) times.push(ts);
  const flat = (value = 0) => times.map((ts): [number, number] => [ts, value]);
  const net = () => ({ in: flat(), out: flat(), private_in: flat(), private_out: flat() });
  return {
    cpu: flat(instance.status === "running" ? 0.5 : 0),
    io: { io: flat(), swap: flat() },
    netv4: net(),
    netv6: net(),
    title: `${instance.label} (${instance.id}) - ${title}`,
  };
}

/** The period's first and last ms; 400 naming the field for a bad or future period. */
function period(
  clock: Clock,
  params: { year: number; month: number },
): { from: number; to: number; current: boolean } {
  const checked = StatsPeriod.safeParse(params);
  if (!checked.success) throw new ApiError(400, issuesToErrors(checked.error));
  const { year, month } = checked.data;
  const now = new Date(clock.now());
  const current = year === now.getUTCFullYear() && month === now.getUTCMonth() + 1;
  if (year * 12 + month > now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw ApiError.badRequest("month must be a past or the current month", "month");
  }
  if (current) return { from: clock.now() - 30 * DAY, to: clock.now(), current };
  return { from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) - 1, current };
}

export function getInstanceStats(world: World, user: UserRow, path: Params<typeof e.getInstanceStats>) {
  const instance = readableInstance(world, user, path.computeId);
  const now = world.clock.now();
  return statsOver(instance, now - DAY, now, FIVE_MINUTES, "day (5 min avg)");
}

export function getInstanceStatsByMonth(
  world: World,
  user: UserRow,
  path: Params<typeof e.getInstanceStatsByMonth>,
) {
  const instance = readableInstance(world, user, path.computeId);
  const { from, to } = period(world.clock, path);
  return statsOver(instance, from, to, HOUR, `${path.year}-${String(path.month).padStart(2, "0")}`);
}

export function getInstanceTransfer(world: World, user: UserRow, path: Params<typeof e.getInstanceTransfer>) {
  const instance = readableInstance(world, user, path.computeId);
  return { billable: 0, quota: instance.specs.transfer, used: 0 };
}

export function getInstanceTransferByMonth(
  world: World,
  user: UserRow,
  path: Params<typeof e.getInstanceTransferByMonth>,
) {
  readableInstance(world, user, path.computeId);
  period(world.clock, path);
  return { bytes_in: 0, bytes_out: 0, bytes_total: 0 };
}
