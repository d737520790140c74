/** Authorized apps, trusted devices and logins of the profile (the rules: `models/profile-sessions.ts`). */
import { profileSessionEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  deleteProfileApp,
  deleteTrustedDevice,
  liveApps,
  liveDevices,
  pick,
  recentLogins,
  toApp,
  toDevice,
  toLogin,
} from "../models/profile-sessions";
import { paginate } from "../paginate";

export function profileSessionRoutes(router: Router) {
  router
    .on(e.listProfileApps, (ctx) => paginate(liveApps(ctx, ctx.user).map(toApp), ctx.query))
    .on(e.getProfileApp, (ctx) => toApp(pick(liveApps(ctx, ctx.user), ctx.params.appId)))
    .on(e.deleteProfileApp, (ctx) => deleteProfileApp(ctx, ctx.user, ctx.params))
    .on(e.listTrustedDevices, (ctx) => paginate(liveDevices(ctx, ctx.user).map(toDevice), ctx.query))
    .on(e.getTrustedDevice, (ctx) => toDevice(pick(liveDevices(ctx, ctx.user), ctx.params.deviceId)))
    .on(e.deleteTrustedDevice, (ctx) => deleteTrustedDevice(ctx, ctx.user, ctx.params))
    .on(e.listProfileLogins, (ctx) => paginate(recentLogins(ctx, ctx.user).map(toLogin), ctx.query))
    .on(e.getProfileLogin, (ctx) => toLogin(pick(recentLogins(ctx, ctx.user), ctx.params.loginId)));
}
