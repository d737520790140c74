/** SSH keys of the acting user's profile: add, read, relabel, remove. */
import { profileSshKeyEndpoints as e, type SshKey, type EventEntity } from "../../contract";
import { ApiError } from "../api-error";
import { entityRef, recordChange } from "../events";
import { paginate } from "../paginate";
import type { Router, World } from "../router";
import type { SshKeyRow, UserRow } from "../state";

function toSshKey(row: SshKeyRow): SshKey {
  const { user_id: _userId, ...record } = row;
  return record;
}

function ownKey({ store }: World, user: UserRow, id: number): SshKeyRow {
  const row = store.table("ssh_keys").get(id);
  if (!row || row.user_id !== user.id) throw ApiError.notFound();
  return row;
}

function keyRef(row: SshKeyRow): EventEntity {
  return entityRef("user_ssh_key", row.id, row.label, e.getProfileSshKey, { sshKeyId: row.id });
}

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
    .on(e.createProfileSshKey, (ctx) => {
      const { store, clock, user, body } = ctx;
      const row = store.table("ssh_keys").put({
        id: store.nextId("ssh_key"),
        user_id: user.id,
        label: body.label ?? "",
        ssh_key: body.ssh_key.trim(),
        created: clock.timestamp(),
      });
      recordChange(ctx, user, "user_ssh_key_add", keyRef(row));
      return toSshKey(row);
    })
    .on(e.getProfileSshKey, (ctx) => toSshKey(ownKey(ctx, ctx.user, ctx.params.sshKeyId)))
    .on(e.updateProfileSshKey, (ctx) => {
      const row = ownKey(ctx, ctx.user, ctx.params.sshKeyId);
      const updated = ctx.store.table("ssh_keys").put({ ...row, label: ctx.body.label ?? row.label });
      recordChange(ctx, ctx.user, "user_ssh_key_update", keyRef(updated));
      return toSshKey(updated);
    })
    .on(e.deleteProfileSshKey, (ctx) => {
      const row = ownKey(ctx, ctx.user, ctx.params.sshKeyId);
      ctx.store.table("ssh_keys").delete(row.id);
      recordChange(ctx, ctx.user, "user_ssh_key_delete", keyRef(row));
      return {};
    });
}
