/** StackScripts: public and private scripts, image compatibility, user-defined fields, grants, events. */
import { createHash } from "node:crypto";
import {
  ANY_IMAGE,
  stackScriptEndpoints as e,
  type ErrorItem,
  type StackScript,
  type EventEntity,
} from "../../contract";
import { ApiError } from "../api-error";
import { canRead, grantCreator, permissionOn, requireGlobal, revokeEntity } from "../auth";
import { entityRef, recordChange } from "../events";
import { findImage } from "./image-records";
import type { Body, Params, World } from "../router";
import type { StackScriptRow, UserRow } from "../state";
import type { Store } from "../store";
import { parseUdfs } from "../stackscript-udfs";

const refusals = {
  staysPublic: () => ApiError.badRequest("A public StackScript cannot be made private", "is_public"),
  publicDelete: () => ApiError.badRequest("Public StackScripts cannot be deleted"),
};

/** The avatar key of an author: the MD5 hex digest of the trimmed, lower-cased email. */
function gravatarId(email: string): string {
  return createHash("md5").update(email.trim().toLowerCase()).digest("hex");
}

/** Every stored StackScript belongs to the account, so `mine` is true for any caller with a token. */
function toStackScript(store: Store, row: StackScriptRow, viewer: UserRow | undefined): StackScript {
  const { user_id: authorId, ...record } = row;
  const author = store.table("users").get(authorId);
  return {
    ...record,
    username: author?.username ?? "",
    user_gravatar_id: gravatarId(author?.email ?? ""),
    ordinal: 0,
    logo_url: "",
    mine: viewer !== undefined,
    user_defined_fields: parseUdfs(row.script),
  };
}

function visible(user: UserRow | undefined, row: StackScriptRow): boolean {
  return row.is_public || (user !== undefined && canRead(user, "stackscript", row.id));
}

/**
 * The StackScript `id` as `user` sees it (public, or private with a grant), or undefined. For the
 * instance area: deploys with a StackScript check its `images` (`any/all` accepts every image) and
 * its user-defined fields (`parseUdfs`) against `stackscript_data`.
 */
export function findStackScript(store: Store, user: UserRow | undefined, id: number) {
  const row = store.table("stackscripts").get(id);
  return row && visible(user, row) ? row : undefined;
}

function readableStackScript({ store }: World, user: UserRow, id: number): StackScriptRow {
  const row = findStackScript(store, user, id);
  if (!row) throw ApiError.notFound();
  return row;
}

/** 404 when the user cannot see it, 403 when it can but holds no read_write grant. */
function writable(world: World, user: UserRow, id: number): StackScriptRow {
  const row = readableStackScript(world, user, id);
  if (permissionOn(user, "stackscript", id) !== "read_write") throw ApiError.forbidden();
  return row;
}

/** Each entry must be `any/all` or an image the user can see; every bad entry is reported. */
function checkImages(store: Store, user: UserRow, images: string[]): void {
  const errors: ErrorItem[] = images.flatMap((id, i) =>
    id === ANY_IMAGE || findImage(store, user, id)
      ? []
      : [{ reason: `Image ${id} does not exist`, field: `images[${i}]` }],
  );
  if (errors.length) throw new ApiError(400, errors);
}

function scriptRef(row: StackScriptRow): EventEntity {
  return entityRef("stackscript", row.id, row.label, e.getStackScript, { stackscriptId: row.id });
}

/** The public StackScripts and the private ones `user` may read (none without a user). */
export function listStackScripts({ store }: World, user: UserRow | undefined): StackScript[] {
  return store
    .table("stackscripts")
    .filter((row) => visible(user, row))
    .map((row) => toStackScript(store, row, user));
}

export function getStackScript(world: World, user: UserRow, path: Params<typeof e.getStackScript>) {
  return toStackScript(world.store, readableStackScript(world, user, path.stackscriptId), user);
}

export function createStackScript(
  world: World,
  user: UserRow,
  _params: Params<typeof e.createStackScript>,
  body: Body<typeof e.createStackScript>,
) {
  const { store, clock } = world;
  requireGlobal(user, "add_stackscripts");
  checkImages(store, user, body.images);
  const now = clock.timestamp();
  const row = store.table("stackscripts").put({
    id: store.nextId("stackscript"),
    user_id: user.id,
    label: body.label,
    description: body.description ?? "",
    images: body.images,
    script: body.script,
    rev_note: body.rev_note ?? "",
    is_public: body.is_public ?? false,
    deployments_total: 0,
    deployments_active: 0,
    created: now,
    updated: now,
  });
  grantCreator(store, user, "stackscript", row.id, row.label);
  recordChange(world, user, "stackscript_create", scriptRef(row));
  return toStackScript(store, row, user);
}

export function updateStackScript(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateStackScript>,
  body: Body<typeof e.updateStackScript>,
) {
  const { store, clock } = world;
  const row = writable(world, user, path.stackscriptId);
  if (row.is_public && body.is_public === false) {
    throw refusals.staysPublic();
  }
  if (body.images) checkImages(store, user, body.images);
  const updated = store.table("stackscripts").put({ ...row, ...body, updated: clock.timestamp() });
  recordChange(world, user, "stackscript_update", scriptRef(updated));
  if (!row.is_public && updated.is_public)
    recordChange(world, user, "stackscript_publicize", scriptRef(updated));
  return toStackScript(store, updated, user);
}

export function deleteStackScript(world: World, user: UserRow, path: Params<typeof e.deleteStackScript>) {
  const { store } = world;
  const row = readableStackScript(world, user, path.stackscriptId);
  if (row.is_public) throw refusals.publicDelete();
  writable(world, user, row.id);
  store.table("stackscripts").delete(row.id);
  revokeEntity(store, "stackscript", row.id);
  recordChange(world, user, "stackscript_delete", scriptRef(row));
  return {};
}
