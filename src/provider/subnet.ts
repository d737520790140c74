/** The Subnet resource kind: vpcId and ipv4 replace; label updates in place. */
import { z } from "zod";
import { idFrom, SubnetIpv4, SubnetLabel, type Subnet } from "../contract";
import type { ResourceSpec } from "./resource-spec";

export const SubnetInputs = z.object({
  vpcId: idFrom("vpcId"),
  label: SubnetLabel,
  ipv4: SubnetIpv4,
});
export type SubnetInputs = z.infer<typeof SubnetInputs>;

export const subnetSpec: ResourceSpec<SubnetInputs, Subnet> = {
  kind: "Subnet",
  inputs: SubnetInputs,
  replaceOn: ["vpcId", "ipv4"],
  // Inside one VPC, labels are unique and ranges may not overlap: free the old subnet first.
  deleteBeforeReplace: (olds, news) => olds.vpcId === news.vpcId,
  create: (client, { vpcId, label, ipv4 }) =>
    client.api.createSubnet({ params: { vpcId }, body: { label, ipv4 } }),
  read: (client, id, props) =>
    client.api.getSubnet({ params: { vpcId: props.vpcId as number, vpcSubnetId: id } }),
  update: (client, id, _olds, { vpcId, label }) =>
    client.api.updateSubnet({ params: { vpcId, vpcSubnetId: id }, body: { label } }),
  delete: async (client, id, props) => {
    await client.api.deleteSubnet({ params: { vpcId: props.vpcId as number, vpcSubnetId: id } });
  },
  idOf: (subnet) => String(subnet.id),
  toOutputs: (subnet, props) => ({
    vpcId: Number(props.vpcId),
    label: subnet.label,
    ipv4: subnet.ipv4,
    computes: subnet.computes,
    created: subnet.created,
    updated: subnet.updated,
  }),
};
