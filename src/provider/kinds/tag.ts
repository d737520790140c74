/** Tag. API area: tags.
 * A tag and the instances this resource gives it to. The label is the tag's identity (and its ID):
 * changing it replaces the tag. `instances` change in place: the API attaches a tag to instances
 * through `POST /tags` (an existing label is kept), and removes it from one only through the
 * instance's own `tags` (a PUT of its list without the label).
 *
 * So as not to fight with `Instance.tags` or other tools, the resource manages only the instances it
 * lists: instances that carry the label some other way are never a diff, never touched, and keep it
 * when the resource is deleted (the tag itself is deleted only once no instance carries it).
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { isNotFound, isOutcomeUnknown } from "../../client/errors";
import { collect } from "../../client/pagination";
import { idFrom } from "../../contract/fields";
import { InstanceParams } from "../../contract/instance-endpoints";
import { TagCreateRequest, tagEndpoints } from "../../contract/tags";
import { MAX_CREATE_ATTEMPTS } from "../core/create-or-adopt";
import { declaringInstance } from "../instance/instance-tags";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { TAG_COMPUTED } from "../field-lists";

/** Instance IDs, as numbers, each once, in ascending order (the order never makes a diff). */
export const TagInstances = z
  .array(idFrom("instance"), { error: "instances must be an array of instance IDs" })
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const TagInputs = z.object({
  label: TagCreateRequest.shape.label,
  instances: TagInstances.optional(),
});
export type TagInputs = z.infer<typeof TagInputs>;

/** The tag as the API holds it: its label and every instance carrying it. */
interface TagRecord {
  label: string;
  carriers: number[];
}

async function readTag(client: ComputeClient, label: string): Promise<TagRecord> {
  const objects = await collect(client.each(tagEndpoints.listTaggedObjects, { params: { tagLabel: label } }));
  const carriers = objects.flatMap((o) => (o.type === "compute" ? [o.data.id] : []));
  return { label, carriers: carriers.sort((a, b) => a - b) };
}

const listed = (props: Props): number[] =>
  Array.isArray(props.instances) ? props.instances.filter((i) => typeof i === "number") : [];

/**
 * Gives the tag to `instances` (creating it if needed). Repeating it changes nothing more, so a
 * POST whose answer was lost is simply sent again.
 */
async function attach(client: ComputeClient, label: string, instances: number[], ctx: OperationContext) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.api.createTag({
        body: { label, computes: instances.length ? instances : undefined },
      });
    } catch (err) {
      if (!isOutcomeUnknown(err) || attempt >= MAX_CREATE_ATTEMPTS) throw err;
      ctx.log(`Tag ${label}: the answer was lost; sending it again (a tag is given only once)`);
    }
  }
}

/** Takes the tag off one instance (the API's only way): its tag list without the label. */
async function detach(client: ComputeClient, label: string, computeId: number) {
  const params = InstanceParams.parse({ computeId });
  try {
    const instance = await client.api.getInstance({ params });
    if (!instance.tags.includes(label)) return;
    await client.api.updateInstance({ params, body: { tags: instance.tags.filter((t) => t !== label) } });
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

export const tagSpec = defineSpec({
  kind: "Tag",
  inputs: TagInputs,
  computed: TAG_COMPUTED,
  outputs: z.object({}),
  defaults: { instances: [] },
  // The instances this resource manages, among those carrying the label (others may carry it too).
  programOnly: ["instances"],
  // One owner per label and instance: not both this Tag and the Instance's own `tags` (`instance-tags.ts`).
  validate: ({ label, instances = [] }, olds) =>
    instances.flatMap((computeId) => {
      const name = declaringInstance(computeId, label, !listed(olds).includes(computeId));
      return name === undefined
        ? []
        : [
            {
              property: "instances",
              reason:
                `Instance ${name} (${computeId}) declares the tag ${label} in its own tags too: ` +
                `declare it in one place (drop it from ${name}'s tags, or ${name} from this Tag)`,
            },
          ];
    }),
  replaceOn: ["label"],
  create: async (client, { label, instances = [] }, ctx) => {
    await attach(client, label, instances, ctx);
    return readTag(client, label);
  },
  read: (client, id) => readTag(client, id),
  update: async (client, id, olds, news, ctx) => {
    const current = await readTag(client, id);
    const wanted = listed(news);
    const missing = wanted.filter((i) => !current.carriers.includes(i));
    if (missing.length) await attach(client, id, missing, ctx);
    for (const computeId of listed(olds)) {
      if (!wanted.includes(computeId) && current.carriers.includes(computeId)) {
        await detach(client, id, computeId);
      }
    }
    return readTag(client, id);
  },
  delete: async (client, id, props) => {
    for (const computeId of listed(props)) await detach(client, id, computeId);
    // DELETE takes the tag off every instance: only once none carries it another way.
    if ((await readTag(client, id)).carriers.length === 0) {
      await client.api.deleteTag({ params: { tagLabel: id } });
    }
  },
  idOf: (tag) => tag.label,
  toOutputs: (tag: TagRecord, props: Props) => ({
    label: tag.label,
    instances: listed(props).filter((i) => tag.carriers.includes(i)),
  }),
});
