/** What `getVpcs` and `getVpc` take and give (`../vpc.ts` declares the same types). */
import { z } from "zod";
import { idFrom, idOutput } from "../../contract/fields";
import { Vpc } from "../../contract/vpcs";
import { LabelArgs } from "./labels";
import { SubnetResult } from "./subnet";

const VpcResult = z.object({
  id: idOutput(),
  label: Vpc.shape.label,
  description: Vpc.shape.description,
  region: Vpc.shape.region,
  subnets: z.array(SubnetResult),
  created: Vpc.shape.created,
  updated: Vpc.shape.updated,
});

export const vpcFunctions = {
  getVpcs: {
    args: LabelArgs.extend({ region: Vpc.shape.region.optional() }),
    result: z.object({ vpcs: z.array(VpcResult) }),
  },
  getVpc: { args: z.object({ id: idFrom("id") }), result: VpcResult },
};
