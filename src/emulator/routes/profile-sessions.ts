/** Authorized apps, trusted devices and logins of the profile (the rules: `models/profile-sessions.ts`). */
import { profileSessionEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  deleteProfileApp,
  deleteTrustedDevice,
  getProfileApp,
  getProfileLogin,
  getTrustedDevice,
  listProfileApps,
  listProfileLogins,
  listTrustedDevices,
} from "../models/profile-sessions";
import { paginate } from "../paginate";

export function profileSessionRoutes(router: Router) {
  router
    .on(e.listProfileApps, (ctx) => paginate(listProfileApps(ctx, ctx.user), ctx.query))
    .on(e.getProfileApp, (ctx) => getProfileApp(ctx, ctx.user, ctx.params))
    .on(e.deleteProfileApp, (ctx) => deleteProfileApp(ctx, ctx.user, ctx.params))
    .on(e.listTrustedDevices, (ctx) => paginate(listTrustedDevices(ctx, ctx.user), ctx.query))
    .on(e.getTrustedDevice, (ctx) => getTrustedDevice(ctx, ctx.user, ctx.params))
    .on(e.deleteTrustedDevice, (ctx) => deleteTrustedDevice(ctx, ctx.user, ctx.params))
    .on(e.listProfileLogins, (ctx) => paginate(listProfileLogins(ctx, ctx.user), ctx.query))
    .on(e.getProfileLogin, (ctx) => getProfileLogin(ctx, ctx.user, ctx.params));
}
