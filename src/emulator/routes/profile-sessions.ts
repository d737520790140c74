/** Authorized apps, trusted devices and the login history of the acting user. */
import {
  profileSessionEndpoints as e,
  SESSION_LIMITS,
  type AuthorizedApp,
  type Login,
  type TrustedDevice,
} from "../../contract";
import { ApiError } from "../api-error";
import { paginate } from "../paginate";
import type { Router, World } from "../router";
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

export function sessionRoutes(router: Router) {
  router
    .on(e.listProfileApps, (ctx) => paginate(liveApps(ctx, ctx.user).map(toApp), ctx.query))
    .on(e.getProfileApp, (ctx) => toApp(pick(liveApps(ctx, ctx.user), ctx.params.appId)))
    .on(e.deleteProfileApp, (ctx) => {
      ctx.store.table("apps").delete(pick(liveApps(ctx, ctx.user), ctx.params.appId).id);
      return {};
    })
    .on(e.listTrustedDevices, (ctx) => paginate(liveDevices(ctx, ctx.user).map(toDevice), ctx.query))
    .on(e.getTrustedDevice, (ctx) => toDevice(pick(liveDevices(ctx, ctx.user), ctx.params.deviceId)))
    .on(e.deleteTrustedDevice, (ctx) => {
      ctx.store.table("devices").delete(pick(liveDevices(ctx, ctx.user), ctx.params.deviceId).id);
      return {};
    })
    .on(e.listProfileLogins, (ctx) => paginate(recentLogins(ctx, ctx.user).map(toLogin), ctx.query))
    .on(e.getProfileLogin, (ctx) => toLogin(pick(recentLogins(ctx, ctx.user), ctx.params.loginId)));
}
