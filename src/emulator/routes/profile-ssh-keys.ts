/** SSH keys of the profile (the rules: `models/profile-ssh-keys.ts`). */
import { profileSshKeyEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  createProfileSshKey,
  deleteProfileSshKey,
  updateProfileSshKey,
  ownKey,
  toSshKey,
} from "../models/profile-ssh-keys";
import { paginate } from "../paginate";

export function profileSshKeyRoutes(router: Router) {
  router
    .on(e.listProfileSshKeys, ({ store, user, query }) =>
      paginate(
        store
          .table("ssh_keys")
          .filter((k) => k.user_id === user.id)
          .map(toSshKey),
        query,
      ),
    )
    .on(e.createProfileSshKey, (ctx) => createProfileSshKey(ctx, ctx.user, ctx.body))
    .on(e.getProfileSshKey, (ctx) => toSshKey(ownKey(ctx, ctx.user, ctx.params.sshKeyId)))
    .on(e.updateProfileSshKey, (ctx) => updateProfileSshKey(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteProfileSshKey, (ctx) => deleteProfileSshKey(ctx, ctx.user, ctx.params));
}
