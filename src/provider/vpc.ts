/** The Vpc resource kind: region replaces; label and description update in place. */
import { z } from "zod";
import type { Vpc } from "../contract";
import { VpcCreateRequest, VpcDescription, VpcLabel } from "../contract";
import type { ResourceSpec } from "./resource-spec";

export const VpcInputs = z.object({
  region: VpcCreateRequest.shape.region,
  label: VpcLabel,
  description: VpcDescription.optional(),
});
export type VpcInputs = z.infer<typeof VpcInputs>;

export const vpcSpec: ResourceSpec<VpcInputs, Vpc> = {
  kind: "Vpc",
  inputs: VpcInputs,
  defaults: { description: "" },
  replaceOn: ["region"],
  // Labels are unique per account: a replacement that keeps the label must free it first.
  deleteBeforeReplace: (olds, news) => olds.label === news.label,
  create: (client, { region, label, description }) =>
    client.api.createVpc({ body: { region, label, description } }),
  read: (client, id) => client.api.getVpc({ params: { vpcId: id } }),
  update: (client, id, _olds, { label, description }) =>
    client.api.updateVpc({ params: { vpcId: id }, body: { label, description } }),
  delete: async (client, id) => {
    await client.api.deleteVpc({ params: { vpcId: id } });
  },
  idOf: (vpc) => String(vpc.id),
  toOutputs: (vpc) => ({
    region: vpc.region,
    label: vpc.label,
    description: vpc.description,
    created: vpc.created,
    updated: vpc.updated,
  }),
};
