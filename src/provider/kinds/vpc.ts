/**
 * Vpc. API area: vpcs. Region replaces; label and description update in place. A create's POST
 * appends the stack's mark (`stack-marks.ts`) to the description when it fits, and puts the declared
 * description back once the POST has answered.
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { collect } from "../../client/pagination";
import { vpcRegionProblems } from "../../contract/record-rules";
import {
  Vpc,
  vpcEndpoints,
  VpcCreateRequest,
  VpcDescription,
  VpcLabel,
  VpcParams,
  VPC_LIMITS,
} from "../../contract/vpcs";
import type { CheckFailure } from "../core/check";
import { asFailures, asksNew, catalogued } from "../core/lookups";
import { defineSpec, type Props } from "../core/resource-spec";
import { appendMark, dropMark, endsWithMark, textAsPosted } from "../core/stack-marks";
import { VPC_COMPUTED } from "../field-lists";

export const VpcInputs = z.object({
  region: VpcCreateRequest.shape.region,
  label: VpcLabel,
  description: VpcDescription.optional(),
});
export type VpcInputs = z.infer<typeof VpcInputs>;

/** Labels are unique per account: the VPC holding one, whether a lost create made it or not. */
async function findByLabel(client: ComputeClient, label: string) {
  return (await collect(client.each(vpcEndpoints.listVpcs, { filter: { label } }))).find(
    (v) => v.label === label,
  );
}

/** The region exists and offers VPCs. */
async function lookups(inputs: VpcInputs, olds: Props): Promise<CheckFailure[]> {
  if (!asksNew(inputs, olds, "region")) return [];
  const found = await catalogued("regions", inputs.region);
  if (!found) return [];
  return asFailures(vpcRegionProblems(inputs.region, found.record));
}

export const vpcSpec = defineSpec({
  kind: "Vpc",
  inputs: VpcInputs,
  computed: VPC_COMPUTED,
  outputs: z.object({ created: Vpc.shape.created, updated: Vpc.shape.updated }),
  defaults: { description: "" },
  lookups,
  replaceOn: ["region"],
  // Labels are unique per account: a replacement that keeps the label must free it first.
  deleteBeforeReplace: (olds, news) => olds.label === news.label,
  // Its answer lists its subnets as of when its POST went out: what the checks of its subnets read
  // (`recentListing`), with no request of their own.
  create: async (client, { region, label, description }, ctx) => {
    const sent: { at?: number } = {};
    const posted = textAsPosted(description, ctx.mark);
    const vpc = await client.api.createVpc({ body: { region, label, description: posted }, sent });
    client.seedListing(vpcEndpoints.listSubnets, VpcParams.parse({ vpcId: vpc.id }), vpc.subnets, sent.at!);
    return vpc;
  },
  marked: {
    room: ({ description }, mark) => appendMark(description, mark).length <= VPC_LIMITS.description.max,
    carries: (vpc, mark) => endsWithMark(vpc.description, mark),
    without: (vpc, mark) => ({ ...vpc, description: dropMark(vpc.description, mark) }),
    takeOff: (client, vpc, { label, description }) =>
      client.api.updateVpc({ params: VpcParams.parse({ vpcId: vpc.id }), body: { label, description } }),
  },
  find: (client, { label }) => findByLabel(client, label),
  listLabelled: (client, _inputs, options) => client.recentListing(vpcEndpoints.listVpcs, {}, options),
  uniqueFields: ["label"],
  read: (client, id) => client.api.getVpc({ params: VpcParams.parse({ vpcId: id }) }),
  readListed: (client, id) => client.listedItem(vpcEndpoints.listVpcs, id),
  update: (client, id, _olds, { label, description }) =>
    client.api.updateVpc({ params: VpcParams.parse({ vpcId: id }), body: { label, description } }),
  delete: async (client, id) => {
    await client.api.deleteVpc({ params: VpcParams.parse({ vpcId: id }) });
  },
  idOf: (vpc) => String(vpc.id),
  toOutputs: (vpc: Vpc) => ({
    region: vpc.region,
    label: vpc.label,
    description: vpc.description,
    created: vpc.created,
    updated: vpc.updated,
  }),
});
