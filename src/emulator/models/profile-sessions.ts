/** Authorized apps, trusted devices and the login history of the acting user. */
import {
  profileSessionEndpoints as e,
  SESSION_LIMITS,
  type AuthorizedApp,
  type Login,
  type TrustedDevice,
} from "../../contract";
import { ApiError } from "../api-error";
import type { Params, World } from "../router";
import type { AppRow, DeviceRow, LoginRow, UserRow } from "../state";

const DAY_MS = 24 * 60 * 60_000;

/** Apps whose access has not expired (null expiry: never expires). */
function liveApps({ store, clock }: World, user: UserRow): AppRow[] {
  const now = clock.timestamp();
  return store.table("apps").filter((a) => a.user_id === user.id && (a.expiry === null || a.expiry > now));
}

/** Devices whose remember-me session is still running. */
function liveDevices({ store, clock }: World, user: UserRow): DeviceRow[] {
  const now = clock.timestamp();
  return store.table("devices").filter((d) => d.user_id === user.id && d.expiry > now);
}

/** Logins of the last 90 days. */
function recentLogins({ store, clock }: World, user: UserRow): LoginRow[] {
  const since = clock.timestamp(clock.now() - SESSION_LIMITS.loginDays * DAY_MS);
  return store.table("logins").filter((l) => l.user_id === user.id && l.datetime >= since);
}

function pick<T extends { id: number }>(rows: T[], id: number): T {
  const row = rows.find((r) => r.id === id);
  if (!row) throw ApiError.notFound();
  return row;
}

const toApp = ({ user_id: _u, ...record }: AppRow): AuthorizedApp => record;
const toDevice = ({ user_id: _u, ...record }: DeviceRow): TrustedDevice => record;
const toLogin = ({ user_id: _u, ...record }: LoginRow): Login => record;

export function listProfileApps(world: World, user: UserRow): AuthorizedApp[] {
  return liveApps(world, user).map(toApp);
}

export function getProfileApp(world: World, user: UserRow, path: Params<typeof e.getProfileApp>) {
  return toApp(pick(liveApps(world, user), path.appId));
}

export function listTrustedDevices(world: World, user: UserRow): TrustedDevice[] {
  return liveDevices(world, user).map(toDevice);
}

export function getTrustedDevice(world: World, user: UserRow, path: Params<typeof e.getTrustedDevice>) {
  return toDevice(pick(liveDevices(world, user), path.deviceId));
}

export function listProfileLogins(world: World, user: UserRow): Login[] {
  return recentLogins(world, user).map(toLogin);
}

export function getProfileLogin(world: World, user: UserRow, path: Params<typeof e.getProfileLogin>) {
  return toLogin(pick(recentLogins(world, user), path.loginId));
}

export function deleteProfileApp(world: World, user: UserRow, path: Params<typeof e.deleteProfileApp>) {
  world.store.table("apps").delete(pick(liveApps(world, user), path.appId).id);
  return {};
}

export function deleteTrustedDevice(world: World, user: UserRow, path: Params<typeof e.deleteTrustedDevice>) {
  world.store.table("devices").delete(pick(liveDevices(world, user), path.deviceId).id);
  return {};
}
