/**
 * Waiting for the API to finish something: one poll loop (`waitFor`) and thin waiters per record
 * kind. The first poll comes soon, then the gap grows to at most one GET every `maxIntervalMs`
 * (2 s) per waiting resource; the wait ends at its deadline, or early when the record reaches a
 * state that can no longer lead to the goal. Errors name the resource, its ID, the goal and the
 * time waited.
 */
import type { Backup, Disk, Image, Instance } from "../contract";
import type { ComputeClient } from "./compute-client";
import { isNotFound } from "./errors";
import { formatDuration } from "./format-duration";

export { formatDuration };

export interface WaitOptions {
  /** Give up after this long, in ms. */
  timeoutMs: number;
  /** Called after every poll that did not end the wait (progress reports). */
  onPoll?: (progress: WaitProgress) => void;
  /** Delay before the first poll, in ms (default 250). */
  firstDelayMs?: number;
  /** Longest gap between two polls, in ms (default 2000). */
  maxIntervalMs?: number;
}

export interface WaitProgress {
  /** What is waited for, e.g. `Instance 12 to be running`. */
  what: string;
  elapsedMs: number;
  /** The record's state at the last poll, e.g. `provisioning`, or `gone`. */
  state: string;
  polls: number;
}

/** What a wait waits for. `record` is undefined once the API answers 404. */
export interface Goal<T> {
  /** For messages: `running`, `available`, `gone`. */
  name: string;
  reached(record: T | undefined): boolean;
  /** Why the goal can no longer be reached, if so (the wait then stops at once). */
  unreachable?(record: T | undefined): string | undefined;
  /** The record's state for messages (default: its `status`). */
  describe?(record: T | undefined): string;
}

/** A resource named for messages: `{ kind: "Instance", id: 12 }`. */
export interface WaitTarget {
  kind: string;
  id: string | number;
}

export class WaitError extends Error {
  override readonly name = "WaitError";
  constructor(
    readonly target: WaitTarget,
    readonly goal: string,
    readonly elapsedMs: number,
    readonly state: string,
    readonly timedOut: boolean,
    reason?: string,
  ) {
    super(
      timedOut
        ? `${target.kind} ${target.id} did not become ${goal} within ${formatDuration(elapsedMs)} (last state: ${state}); ` +
            "raise compute:waitTimeoutSeconds (or the per-operation setting) to wait longer"
        : `${target.kind} ${target.id} cannot become ${goal}: ${reason ?? state} (after ${formatDuration(elapsedMs)})`,
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function defaultDescribe(record: unknown): string {
  if (record === undefined) return "gone";
  const status = (record as { status?: unknown }).status;
  return typeof status === "string" ? status : "present";
}

/**
 * Polls `fetch` (undefined = the record is gone) until `goal` is reached; returns the last
 * record. Throws `WaitError` at the deadline or when the goal becomes unreachable; errors of
 * `fetch` itself (after the client's own retries) end the wait as they are.
 */
export async function waitFor<T>(
  target: WaitTarget,
  fetch: () => Promise<T | undefined>,
  goal: Goal<T>,
  options: WaitOptions,
): Promise<T | undefined> {
  const started = Date.now();
  const maxInterval = options.maxIntervalMs ?? 2000;
  let interval = Math.min(options.firstDelayMs ?? 250, maxInterval);
  const describe = goal.describe ?? defaultDescribe;
  for (let polls = 1; ; polls++) {
    const record = await fetch();
    const elapsedMs = Date.now() - started;
    if (goal.reached(record)) return record;
    const state = describe(record);
    const blocked = goal.unreachable?.(record);
    if (blocked !== undefined) throw new WaitError(target, goal.name, elapsedMs, state, false, blocked);
    if (elapsedMs >= options.timeoutMs) throw new WaitError(target, goal.name, elapsedMs, state, true);
    options.onPoll?.({ what: `${target.kind} ${target.id} to be ${goal.name}`, elapsedMs, state, polls });
    await sleep(Math.min(interval, Math.max(0, options.timeoutMs - elapsedMs)));
    interval = Math.min(maxInterval, interval * 2);
  }
}

/** `fetch` that answers undefined on 404. */
export async function orGone<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** A goal on a record's status; reaching a 404 makes it unreachable. */
export function status<T extends { status: string }>(
  wanted: T["status"] | T["status"][],
  options: { failed?: T["status"][] } = {},
): Goal<T> {
  const wants = Array.isArray(wanted) ? wanted : [wanted];
  return {
    name: wants.join(" or "),
    reached: (r) => r !== undefined && wants.includes(r.status),
    unreachable: (r) =>
      r === undefined
        ? "it was deleted"
        : options.failed?.includes(r.status)
          ? `it is ${r.status}`
          : undefined,
  };
}

/** The goal of a delete: the API answers 404. */
export function gone<T>(): Goal<T> {
  return { name: "gone", reached: (r) => r === undefined };
}

/** A goal from a predicate, for conditions other than a status. */
export function when<T>(name: string, reached: (record: T) => boolean): Goal<T> {
  return {
    name,
    reached: (r) => r !== undefined && reached(r),
    unreachable: (r) => (r === undefined ? "it was deleted" : undefined),
  };
}

/** A thin waiter: one record kind, read by its ID, 404 meaning gone. */
function waitOn<T>(
  kind: string,
  id: string | number,
  read: () => Promise<T>,
  goal: Goal<T>,
  options: WaitOptions,
) {
  return waitFor({ kind, id }, () => orGone(read), goal, options);
}

export const waitForInstance = (
  client: ComputeClient,
  computeId: number,
  goal: Goal<Instance>,
  options: WaitOptions,
) => waitOn("Instance", computeId, () => client.api.getInstance({ params: { computeId } }), goal, options);

export const waitForDisk = (
  client: ComputeClient,
  computeId: number,
  diskId: number,
  goal: Goal<Disk>,
  options: WaitOptions,
) =>
  waitOn("InstanceDisk", diskId, () => client.api.getDisk({ params: { computeId, diskId } }), goal, options);

export const waitForImage = (
  client: ComputeClient,
  imageId: string,
  goal: Goal<Image>,
  options: WaitOptions,
) => waitOn("Image", imageId, () => client.api.getImage({ params: { imageId } }), goal, options);

export const waitForBackup = (
  client: ComputeClient,
  computeId: number,
  backupId: number,
  goal: Goal<Backup>,
  options: WaitOptions,
) =>
  waitOn(
    "Snapshot",
    backupId,
    () => client.api.getBackup({ params: { computeId, backupId } }),
    goal,
    options,
  );
