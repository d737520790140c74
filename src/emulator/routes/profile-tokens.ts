/** Personal access tokens (the rules: `models/profile-tokens.ts`). */
import { profileTokenEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  createProfileToken,
  deleteProfileToken,
  getProfileToken,
  listProfileTokens,
  updateProfileToken,
} from "../models/profile-tokens";
import { paginate } from "../paginate";

export function profileTokenRoutes(router: Router) {
  router
    .on(e.listProfileTokens, (ctx) => paginate(listProfileTokens(ctx, ctx.user), ctx.query))
    .on(e.createProfileToken, (ctx) => createProfileToken(ctx, ctx.caller, ctx.params, ctx.body))
    .on(e.getProfileToken, (ctx) => getProfileToken(ctx, ctx.user, ctx.params))
    .on(e.updateProfileToken, (ctx) => updateProfileToken(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteProfileToken, (ctx) => deleteProfileToken(ctx, ctx.user, ctx.params));
}
