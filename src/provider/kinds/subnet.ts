/**
 * Subnet. API area: vpcs (subnets). vpcId and ipv4 replace; label updates in place. A create's POST
 * sends the label with the stack's short mark appended (`labelMarked`, `stack-marks.ts`) when it
 * fits, and puts the declared label back once the POST has answered.
 */
import { z } from "zod";
import { idFrom, idOutput } from "../../contract/fields";
import { collect } from "../../client/pagination";
import type { ComputeClient, Listing, RecentListingOptions } from "../../client";
import { lookupClient } from "../core/settings";
import {
  SubnetIpv4,
  SubnetLabel,
  SubnetParams,
  subnetComputeIds,
  VPC_LIMITS,
  vpcEndpoints,
  VpcParams,
  Subnet,
} from "../../contract/vpcs";
import { overlapProblems } from "../../contract/record-rules";
import { isNewResource, type CheckFailure } from "../core/check";
import type { ResourceContext } from "../core/resource-context";
import { declareChild, parentOf } from "../core/siblings";
import { isBeingReplaced, LISTING_MS, LISTING_PAGES } from "../core/label-claims";
import { asFailures, asksNew, known } from "../core/lookups";
import { defineSpec, type Props } from "../core/resource-spec";
import { labelMarked, markFor, markInLabel } from "../core/stack-marks";
import { SUBNET_COMPUTED } from "../field-lists";

export const SubnetInputs = z.object({
  vpcId: idFrom("vpcId"),
  label: SubnetLabel,
  ipv4: SubnetIpv4,
});
export type SubnetInputs = z.infer<typeof SubnetInputs>;

const params = (id: string, props: Record<string, unknown>) =>
  SubnetParams.parse({ vpcId: props.vpcId, vpcSubnetId: id });

/**
 * The VPC's subnets from a listing started within `maxAgeMs`: the VPC's own (a new VPC's is its
 * create's answer), else the VPCs' listing, which carries every VPC's subnets (one request serves
 * the checks and creates of a whole run's subnets), else, for a VPC that listing lacks or an account
 * of more than `maxPages` pages of VPCs, a new listing of the VPC's own.
 */
async function subnetsListed(
  client: ComputeClient,
  vpcId: number,
  options: RecentListingOptions,
): Promise<Listing<Subnet> | undefined> {
  const own = VpcParams.parse({ vpcId });
  const kept = await client.recentListing(vpcEndpoints.listSubnets, own, { ...options, make: false });
  if (kept) return kept;
  const vpcs = await client.recentListing(vpcEndpoints.listVpcs, undefined, options);
  const vpc = vpcs?.records.find((v) => v.id === vpcId);
  if (vpcs && vpc) return { at: vpcs.at, records: vpc.subnets };
  return options.make === false ? undefined : client.recentListing(vpcEndpoints.listSubnets, own, options);
}

/**
 * The range overlaps no other new subnet of the VPC that this program declares (checked before it),
 * nor, once the VPC exists, a live subnet of it, leaving out the subnet this one replaces: the old
 * inputs' subnet at the first check, the one diff found replaced at the engine's second check.
 */
async function lookups(
  inputs: SubnetInputs,
  olds: Props,
  declared: Props,
  resource: ResourceContext,
): Promise<CheckFailure[]> {
  const { vpcId, ipv4 } = inputs;
  const asked = isNewResource(olds) || asksNew(inputs, olds, "ipv4") || asksNew(inputs, olds, "vpcId");
  if (!known(ipv4) || !asked) return [];
  const parent = parentOf(vpcId, declared);
  const siblings = parent
    ? declareChild("Subnet", parent, inputs, resource).flatMap(({ label, ipv4 }) =>
        typeof label === "string" && typeof ipv4 === "string" ? [{ label, ipv4 }] : [],
      )
    : [];
  if (known(vpcId)) {
    // The label's check reads the same listing. None when unreadable now (or gone): the create
    // meets the API's own check.
    const live = await subnetsListed(lookupClient(), vpcId, {
      maxAgeMs: LISTING_MS,
      maxPages: LISTING_PAGES,
    });
    // An interrupted create of this resource made the one carrying its mark: the create adopts it.
    const mark = isNewResource(olds) ? markFor(subnetSpec, inputs, resource) : undefined;
    const replaced = (s: { id: number; label: string; ipv4: string }) =>
      isBeingReplaced("Subnet", s.id) ||
      (olds.vpcId === vpcId && olds.label === s.label && olds.ipv4 === s.ipv4) ||
      (mark !== undefined && s.label === labelMarked(inputs.label, mark));
    siblings.push(...(live?.records ?? []).filter((s) => !replaced(s)));
  }
  return asFailures(
    overlapProblems(
      ipv4,
      siblings.filter((s) => known(s.ipv4)),
    ),
  );
}

export const subnetSpec = defineSpec({
  kind: "Subnet",
  parents: ["vpcId"],
  inputs: SubnetInputs,
  computed: SUBNET_COMPUTED,
  outputs: z.object({
    computes: z.array(idOutput()),
    created: Subnet.shape.created,
    updated: Subnet.shape.updated,
  }),
  keptByUpdate: { computes: [] },
  // Instances' IDs (an Instance's `id`).
  lookups,
  replaceOn: ["vpcId", "ipv4"],
  // Inside one VPC, labels are unique and ranges may not overlap: free the old subnet first.
  deleteBeforeReplace: (olds, news) => olds.vpcId === news.vpcId,
  create: (client, { vpcId, label, ipv4 }) =>
    client.api.createSubnet({ params: VpcParams.parse({ vpcId }), body: { label, ipv4 } }),
  marked: {
    ...markInLabel<Subnet>(VPC_LIMITS.label.max),
    asPosted: (inputs, mark) => ({ ...inputs, label: labelMarked(inputs.label, mark) }),
    takeOff: (client, subnet, { vpcId, label }) =>
      client.api.updateSubnet({ params: params(String(subnet.id), { vpcId }), body: { label } }),
  },
  // Labels are unique inside a VPC: the subnet holding one, whether a lost create made it or not.
  find: async (client, { vpcId, label }) =>
    (
      await collect(
        client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId }), filter: { label } }),
      )
    ).find((s) => s.label === label),
  listLabelled: (client, { vpcId }, options) => subnetsListed(client, vpcId, options),
  uniqueFields: ["label"],
  uniqueWithin: ["vpcId"],
  listedWithin: [],
  read: (client, id, props) => client.api.getSubnet({ params: params(id, props) }),
  // From the VPCs' listing, which carries each VPC's subnets.
  readListed: async (client, id, props) => {
    const { vpcId, vpcSubnetId } = params(id, props);
    const vpc = await client.listedItem(vpcEndpoints.listVpcs, vpcId);
    return vpc?.subnets.find((s) => s.id === vpcSubnetId);
  },
  update: (client, id, olds, { label }) =>
    client.api.updateSubnet({ params: params(id, olds), body: { label } }),
  delete: async (client, id, props) => {
    await client.api.deleteSubnet({ params: params(id, props) });
  },
  idOf: (subnet) => String(subnet.id),
  toOutputs: (subnet: Subnet, props: Props) => ({
    vpcId: VpcParams.parse(props).vpcId,
    label: subnet.label,
    ipv4: subnet.ipv4,
    // Instance IDs, whether the API answered IDs (the spec) or `{id, interfaces}` (the real API).
    computes: subnetComputeIds(subnet),
    created: subnet.created,
    updated: subnet.updated,
  }),
});
