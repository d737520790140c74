/** Tags: the list item, the create request, the tagged-object list and endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { integer, text } from "./fields";
import { Instance } from "./instances";
import { listEnvelope, PageQuery } from "./pagination";

export const TAG_LIMITS = { label: { min: 3, max: 50 } } as const;

export const Tag = z.object({ label: z.string() });
export type Tag = z.infer<typeof Tag>;

/** Object kinds a tag can be given to at creation; only compute instances are emulated. */
export const TAGGABLE_KINDS = ["computes", "domains", "nodebalancers", "volumes"] as const;
export type TaggableKind = (typeof TAGGABLE_KINDS)[number];

const ids = (field: TaggableKind) =>
  z.array(integer(`${field} ID`), { error: `${field} must be an array of IDs` }).optional();

export const TagCreateRequest = z.object({
  label: text("label", TAG_LIMITS.label),
  computes: ids("computes"),
  domains: ids("domains"),
  nodebalancers: ids("nodebalancers"),
  volumes: ids("volumes"),
});
export type TagCreateRequest = z.infer<typeof TagCreateRequest>;

/**
 * One object carrying a tag: `{type: "compute", data: <instance record>}`. Domains, node balancers
 * and volumes are not emulated; their records are read as any object with an id and a label.
 */
export const TaggedObject = z.union([
  z.object({ type: z.literal("compute"), data: Instance }),
  z.object({
    type: z.enum(["domain", "nodebalancer", "volume"]),
    data: z.object({ id: z.number().int(), label: z.string() }).loose(),
  }),
]);
export type TaggedObject = z.infer<typeof TaggedObject>;

export const TagParams = z.object({ tagLabel: z.string().min(1) });

export const tagEndpoints = {
  listTags: endpoint({
    name: "listTags",
    method: "GET",
    path: "/tags",
    scopes: ["account:read_only"],
    query: PageQuery,
    response: listEnvelope(Tag),
    filterable: [],
    summary: "Lists tags created explicitly or carried by any instance, by label (unrestricted users only)",
  }),
  createTag: endpoint({
    name: "createTag",
    method: "POST",
    path: "/tags",
    scopes: ["account:read_write"],
    body: TagCreateRequest,
    response: Tag,
    summary:
      "Creates a tag (an existing label is kept) and gives it to the listed objects; nothing changes if one may not be written",
  }),
  listTaggedObjects: endpoint({
    name: "listTaggedObjects",
    method: "GET",
    path: "/tags/{tagLabel}",
    scopes: ["account:read_only"],
    params: TagParams,
    query: PageQuery,
    response: listEnvelope(TaggedObject),
    filterable: [],
    summary: "Lists the objects carrying a tag",
  }),
  deleteTag: endpoint({
    name: "deleteTag",
    method: "DELETE",
    path: "/tags/{tagLabel}",
    scopes: ["account:read_write"],
    params: TagParams,
    summary: "Removes a tag from every object and deletes it",
  }),
};
