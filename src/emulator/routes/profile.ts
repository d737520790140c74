/** The profile (the rules: `models/profile.ts`). */
import { profileEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  getProfile,
  getProfileGrants,
  getProfilePreferences,
  updateProfile,
  updateProfilePreferences,
} from "../models/profile";

export function profileRoutes(router: Router) {
  router
    .on(e.getProfile, (ctx) => getProfile(ctx, ctx.user))
    .on(e.updateProfile, (ctx) => updateProfile(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.getProfileGrants, (ctx) => getProfileGrants(ctx, ctx.user))
    .on(e.getProfilePreferences, (ctx) => getProfilePreferences(ctx, ctx.caller))
    .on(e.updateProfilePreferences, (ctx) => updateProfilePreferences(ctx, ctx.caller, ctx.params, ctx.body));
}
