/** SSH keys of the acting user's profile: add, read, relabel, remove. */
import { profileSshKeyEndpoints as e, type SshKey, type EventEntity } from "../../contract";
import { ApiError } from "../api-error";
import { entityRef, recordChange } from "../events";
import type { Body, Params, World } from "../router";
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

export function listProfileSshKeys({ store }: World, user: UserRow): SshKey[] {
  return store
    .table("ssh_keys")
    .filter((k) => k.user_id === user.id)
    .map(toSshKey);
}

export function getProfileSshKey(world: World, user: UserRow, path: Params<typeof e.getProfileSshKey>) {
  return toSshKey(ownKey(world, user, path.sshKeyId));
}

export function createProfileSshKey(
  world: World,
  user: UserRow,
  _params: Params<typeof e.createProfileSshKey>,
  body: Body<typeof e.createProfileSshKey>,
) {
  const { store, clock } = world;
  const row = store.table("ssh_keys").put({
    id: store.nextId("ssh_key"),
    user_id: user.id,
    label: body.label ?? "",
    ssh_key: body.ssh_key.trim(),
    created: clock.timestamp(),
  });
  recordChange(world, user, "user_ssh_key_add", keyRef(row));
  return toSshKey(row);
}

export function updateProfileSshKey(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateProfileSshKey>,
  body: Body<typeof e.updateProfileSshKey>,
) {
  const row = ownKey(world, user, path.sshKeyId);
  const updated = world.store.table("ssh_keys").put({ ...row, label: body.label ?? row.label });
  recordChange(world, user, "user_ssh_key_update", keyRef(updated));
  return toSshKey(updated);
}

export function deleteProfileSshKey(world: World, user: UserRow, path: Params<typeof e.deleteProfileSshKey>) {
  const row = ownKey(world, user, path.sshKeyId);
  world.store.table("ssh_keys").delete(row.id);
  recordChange(world, user, "user_ssh_key_delete", keyRef(row));
  return {};
}
