/** The profile (the rules: `models/profile.ts`). */
import { profileEndpoints as e } from "../../contract";
import { NO_CONTENT, Router } from "../router";
import { toProfile } from "../profiles";
import { updateProfile, ownGrants } from "../models/profile";

export function profileRoutes(router: Router) {
  router
    .on(e.getProfile, ({ store, user }) => toProfile(store, user))
    .on(e.updateProfile, (ctx) => updateProfile(ctx, ctx.user, ctx.body))
    .on(e.getProfileGrants, ({ user }) => (user.restricted ? ownGrants(user) : NO_CONTENT))
    .on(
      e.getProfilePreferences,
      ({ store, principal }) => store.table("preferences").get(principal!.token.id)?.data ?? {},
    )
    .on(e.updateProfilePreferences, ({ store, user, principal, body }) => {
      store.table("preferences").put({ id: principal!.token.id, user_id: user.id, data: body });
      return body;
    });
}
