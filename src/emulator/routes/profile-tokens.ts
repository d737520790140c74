/** Personal access tokens (the rules: `models/profile-tokens.ts`). */
import { profileTokenEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  createProfileToken,
  deleteProfileToken,
  ownToken,
  toToken,
  updateProfileToken,
} from "../models/profile-tokens";
import { paginate } from "../paginate";

export function profileTokenRoutes(router: Router) {
  router
    .on(e.listProfileTokens, ({ store, user, query }) =>
      paginate(
        store
          .table("tokens")
          .filter((t) => t.user_id === user.id)
          .map(toToken),
        query,
      ),
    )
    .on(e.createProfileToken, (ctx) => createProfileToken(ctx, ctx.user, ctx.body, ctx.principal))
    .on(e.getProfileToken, (ctx) => toToken(ownToken(ctx, ctx.user, ctx.params.tokenId)))
    .on(e.updateProfileToken, (ctx) => updateProfileToken(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteProfileToken, (ctx) => deleteProfileToken(ctx, ctx.user, ctx.params));
}
