/**
 * Tags, for unrestricted users only. A tag exists while it was created explicitly (a row of `tags`)
 * or any instance carries it (its label in the instance's `tags`, set at instance create or update),
 * so GET /tags lists the union, sorted by label. Deleting a tag removes it from every instance.
 */
import {
  Instance,
  tagEndpoints as e,
  TAGGABLE_KINDS,
  type ErrorItem,
  type TagCreateRequest,
  type TaggedObject,
  type EventEntity,
} from "../../contract";
import { ApiError } from "../api-error";
import { permissionOn } from "../auth";
import { entityRef, recordChange } from "../events";
import { paginate } from "../paginate";
import type { Router } from "../router";
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
function objectsToTag(store: Store, user: UserRow, body: TagCreateRequest): InstanceRow[] {
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

export function tagRoutes(router: Router) {
  router
    .on(e.listTags, ({ store, user, query }) => {
      requireUnrestricted(user);
      return paginate(
        allLabels(store).map((label) => ({ label })),
        query,
      );
    })
    .on(e.createTag, (ctx) => {
      const { store, clock, user, body } = ctx;
      requireUnrestricted(user);
      const instances = objectsToTag(store, user, body);
      if (!store.table("tags").find((t) => t.label === body.label)) {
        const existed = exists(store, body.label);
        store.table("tags").put({ id: store.nextId("tag"), label: body.label });
        if (!existed) recordChange(ctx, user, "tag_create", tagRef(body.label));
      }
      for (const instance of instances) {
        if (instance.tags.includes(body.label)) continue;
        store
          .table("instances")
          .put({ ...instance, tags: [...instance.tags, body.label], updated: clock.timestamp() });
      }
      return { label: body.label };
    })
    .on(e.listTaggedObjects, ({ store, user, params, query }) => {
      requireUnrestricted(user);
      if (!exists(store, params.tagLabel)) throw ApiError.notFound();
      const objects: TaggedObject[] = carrying(store, params.tagLabel).map((row) => ({
        type: "compute",
        data: Instance.parse(row),
      }));
      return paginate(objects, query);
    })
    .on(e.deleteTag, (ctx) => {
      const { store, clock, user, params } = ctx;
      requireUnrestricted(user);
      const label = params.tagLabel;
      if (!exists(store, label)) throw ApiError.notFound();
      for (const instance of carrying(store, label)) {
        const tags = instance.tags.filter((t) => t !== label);
        store.table("instances").put({ ...instance, tags, updated: clock.timestamp() });
      }
      for (const row of store.table("tags").filter((t) => t.label === label))
        store.table("tags").delete(row.id);
      recordChange(ctx, user, "tag_delete", tagRef(label));
      return {};
    });
}
