/** Data functions of VPC subnets: `getSubnets` (of a VPC) and `getSubnet`. API area: vpcs. */
import type * as pulumi from "@pulumi/pulumi";
import type { Subnet } from "../contract/vpcs";
import {
  clientFor,
  endpoints,
  outputOf,
  run,
  idArg,
  type FunctionOptions,
  type IdArg,
  type InputArgs,
} from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** A subnet of a VPC. */
export interface SubnetResult {
  id: number;
  label: string;
  /** Its IPv4 range, e.g. `10.0.1.0/24`. */
  ipv4: string;
  /** IDs of the instances with an interface on it. */
  instanceIds: number[];
  created: string;
  updated: string | null;
}

export interface GetSubnetsArgs extends LabelArgs {
  /** The VPC's ID (a number, or a `Vpc`'s `id`); an unknown one fails with `VPC <id> not found`. */
  vpcId: IdArg;
}

export interface GetSubnetsResult {
  /** The VPC's subnets that match, in the API's order. */
  subnets: SubnetResult[];
}

export interface GetSubnetArgs {
  /** The VPC's ID (a number, or a `Vpc`'s `id`). */
  vpcId: IdArg;
  /** The subnet's ID (a number, or a `Subnet`'s `id`). */
  id: IdArg;
}

/** @internal */
export function toSubnetResult(s: Subnet): SubnetResult {
  return {
    id: s.id,
    label: s.label,
    ipv4: s.ipv4,
    instanceIds: s.computes.map((c) => (typeof c === "number" ? c : c.id)),
    created: s.created,
    updated: s.updated,
  };
}

/** The subnets of one VPC; `label` is sent as `X-Filter`. */
export function getSubnets(args: GetSubnetsArgs, opts?: FunctionOptions): Promise<GetSubnetsResult> {
  return run({ fn: "getSubnets", args, opts, notFound: `VPC ${args.vpcId}` }, async () => {
    const vpcId = idArg("vpcId", args.vpcId);
    const { filter, keep } = byLabel(args);
    const all = await collect(clientFor(opts).each(endpoints().listSubnets, { params: { vpcId }, filter }));
    return { subnets: keep(all).map(toSubnetResult) };
  });
}

/** `getSubnets` with Input arguments (e.g. a `Vpc`'s `id`). */
export function getSubnetsOutput(
  args: InputArgs<GetSubnetsArgs>,
  opts?: FunctionOptions,
): pulumi.Output<GetSubnetsResult> {
  return outputOf(getSubnets, args, opts);
}

/** One subnet; an unknown one fails with `subnet <id> of VPC <vpcId> not found`. */
export function getSubnet(args: GetSubnetArgs, opts?: FunctionOptions): Promise<SubnetResult> {
  return run({ fn: "getSubnet", args, opts, notFound: `subnet ${args.id} of VPC ${args.vpcId}` }, async () =>
    toSubnetResult(
      await clientFor(opts).api.getSubnet({
        params: { vpcId: idArg("vpcId", args.vpcId), vpcSubnetId: idArg("id", args.id) },
      }),
    ),
  );
}

/** `getSubnet` with Input arguments. */
export function getSubnetOutput(
  args: InputArgs<GetSubnetArgs>,
  opts?: FunctionOptions,
): pulumi.Output<SubnetResult> {
  return outputOf(getSubnet, args, opts);
}
