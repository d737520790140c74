/** SSH keys of the profile (the rules: `models/profile-ssh-keys.ts`). */
import { profileSshKeyEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  createProfileSshKey,
  deleteProfileSshKey,
  getProfileSshKey,
  listProfileSshKeys,
  updateProfileSshKey,
} from "../models/profile-ssh-keys";
import { paginate } from "../paginate";

export function profileSshKeyRoutes(router: Router) {
  router
    .on(e.listProfileSshKeys, (ctx) => paginate(listProfileSshKeys(ctx, ctx.user), ctx.query))
    .on(e.createProfileSshKey, (ctx) => createProfileSshKey(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.getProfileSshKey, (ctx) => getProfileSshKey(ctx, ctx.user, ctx.params))
    .on(e.updateProfileSshKey, (ctx) => updateProfileSshKey(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteProfileSshKey, (ctx) => deleteProfileSshKey(ctx, ctx.user, ctx.params));
}
