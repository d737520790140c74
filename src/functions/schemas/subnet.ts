/** What `getSubnets` and `getSubnet` take and give (`../subnet.ts` declares the same types). */
import { z } from "zod";
import { idFrom, idOutput } from "../../contract/fields";
import { Subnet } from "../../contract/vpcs";
import { LabelArgs } from "./labels";

export const SubnetResult = z.object({
  id: idOutput(),
  label: Subnet.shape.label,
  ipv4: Subnet.shape.ipv4,
  instanceIds: z.array(idOutput()),
  created: Subnet.shape.created,
  updated: Subnet.shape.updated,
});

export const subnetFunctions = {
  getSubnets: {
    args: LabelArgs.extend({ vpcId: idFrom("vpcId") }),
    result: z.object({ subnets: z.array(SubnetResult) }),
  },
  getSubnet: { args: z.object({ vpcId: idFrom("vpcId"), id: idFrom("id") }), result: SubnetResult },
};
