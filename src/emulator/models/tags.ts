/**
 * Tags, for unrestricted users only. A tag exists while it was created explicitly (a row of `tags`)
 * or any instance carries it (its label in the instance's `tags`, set at instance create or update),
 * so GET /tags lists the union, sorted by label. Deleting a tag removes it from every instance.
 */
import {
  tagEndpoints as e,
  TAGGABLE_KINDS,
  type ErrorItem,
  type EventEntity,
  Instance,
  TaggedObject,
} from "../../contract";
import { ApiError } from "../api-error";
import { permissionOn } from "../auth";
import { entityRef, recordChange } from "../events";
import type { Body, Params, World } from "../router";
import type { InstanceRow, UserRow } from "../state";
import type { Store } from "../store";

function requireUnrestricted(user: UserRow): void {
  if (user.restricted) throw new ApiError(403, [{ reason: "Tags are available to unrestricted users only" }]);
}

function carrying(store: Store, label: string): InstanceRow[] {
  return store.table("instances").filter((i) => i.tags.includes(label));
}

function allLabels(store: Store): string[] {
  const labels = new Set(
    store
      .table("tags")
      .all()
      .map((t) => t.label),
  );
  for (const instance of store.table("instances").all()) for (const tag of instance.tags) labels.add(tag);
  return [...labels].sort();
}

function exists(store: Store, label: string): boolean {
  return (
    store.table("tags").find((t) => t.label === label) !== undefined || carrying(store, label).length > 0
  );
}

/**
 * The instances to tag. Every listed object needs read_write; domains, node balancers and volumes
 * are not emulated, so any ID there names an object the user may not write. Reports every bad ID.
 */
function objectsToTag(store: Store, user: UserRow, body: Body<typeof e.createTag>): InstanceRow[] {
  const errors: ErrorItem[] = [];
  const instances: InstanceRow[] = [];
  for (const kind of TAGGABLE_KINDS) {
    for (const [i, id] of (body[kind] ?? []).entries()) {
      const instance = kind === "computes" ? store.table("instances").get(id) : undefined;
      if (instance && permissionOn(user, "compute", id) === "read_write") instances.push(instance);
      else errors.push({ reason: `No ${kind} object ${id} you may change`, field: `${kind}[${i}]` });
    }
  }
  if (errors.length) throw new ApiError(400, errors);
  return instances;
}

function tagRef(label: string): EventEntity {
  return entityRef("tag", label, label, e.listTaggedObjects, { tagLabel: encodeURIComponent(label) });
}

/** Every tag, sorted by label. */
export function listTags({ store }: World, user: UserRow): { label: string }[] {
  requireUnrestricted(user);
  return allLabels(store).map((label) => ({ label }));
}

export function createTag(
  world: World,
  user: UserRow,
  _params: Params<typeof e.createTag>,
  body: Body<typeof e.createTag>,
) {
  const { store, clock } = world;
  requireUnrestricted(user);
  const instances = objectsToTag(store, user, body);
  if (!store.table("tags").find((t) => t.label === body.label)) {
    const existed = exists(store, body.label);
    store.table("tags").put({ id: store.nextId("tag"), label: body.label });
    if (!existed) recordChange(world, user, "tag_create", tagRef(body.label));
  }
  for (const instance of instances) {
    if (instance.tags.includes(body.label)) continue;
    store
      .table("instances")
      .put({ ...instance, tags: [...instance.tags, body.label], updated: clock.timestamp() });
  }
  return { label: body.label };
}

export function deleteTag(world: World, user: UserRow, path: Params<typeof e.deleteTag>) {
  const { store, clock } = world;
  requireUnrestricted(user);
  const label = path.tagLabel;
  if (!exists(store, label)) throw ApiError.notFound();
  for (const instance of carrying(store, label)) {
    const tags = instance.tags.filter((t) => t !== label);
    store.table("instances").put({ ...instance, tags, updated: clock.timestamp() });
  }
  for (const row of store.table("tags").filter((t) => t.label === label)) store.table("tags").delete(row.id);
  recordChange(world, user, "tag_delete", tagRef(label));
  return {};
}

/** The objects carrying the tag: instances only (no other taggable kind is emulated). */
export function listTaggedObjects(
  { store }: World,
  user: UserRow,
  path: Params<typeof e.listTaggedObjects>,
): TaggedObject[] {
  const label = path.tagLabel;
  requireUnrestricted(user);
  if (!exists(store, label)) throw ApiError.notFound();
  return carrying(store, label).map((row) => ({ type: "compute", data: Instance.parse(row) }));
}
