/** Data functions of VPCs: `getVpcs` (filters) and `getVpc`. API area: vpcs. */
import type * as pulumi from "@pulumi/pulumi";
import type { Vpc } from "../contract/vpcs";
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
import { toSubnetResult, type SubnetResult } from "./subnet";

/** A VPC, with its subnets. */
export interface VpcResult {
  id: number;
  label: string;
  description: string;
  /** Region ID. */
  region: string;
  subnets: SubnetResult[];
  created: string;
  updated: string | null;
}

export interface GetVpcsArgs extends LabelArgs {
  /** Only VPCs of this region. */
  region?: string;
}

export interface GetVpcsResult {
  /** The matching VPCs, in the API's order. */
  vpcs: VpcResult[];
}

export interface GetVpcArgs {
  /** The VPC's ID (a number, or a `Vpc`'s `id`). */
  id: IdArg;
}

/** @internal */
export function toVpcResult(v: Vpc): VpcResult {
  return {
    id: v.id,
    label: v.label,
    description: v.description,
    region: v.region,
    subnets: v.subnets.map(toSubnetResult),
    created: v.created,
    updated: v.updated,
  };
}

/** The VPCs the user may read; `label` and `region` are sent as `X-Filter`. */
export function getVpcs(args: GetVpcsArgs = {}, opts?: FunctionOptions): Promise<GetVpcsResult> {
  return run({ fn: "getVpcs", args, opts }, async () => {
    const { filter, keep } = byLabel(args, { region: args.region });
    const all = await collect(clientFor(opts).each(endpoints().listVpcs, { filter }));
    return { vpcs: keep(all).map(toVpcResult) };
  });
}

/** `getVpcs` with Input arguments. */
export function getVpcsOutput(
  args: InputArgs<GetVpcsArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetVpcsResult> {
  return outputOf(getVpcs, args, opts);
}

/** One VPC by ID; an unknown one fails with `VPC <id> not found`. */
export function getVpc(args: GetVpcArgs, opts?: FunctionOptions): Promise<VpcResult> {
  return run({ fn: "getVpc", args, opts, notFound: `VPC ${args.id}` }, async () =>
    toVpcResult(await clientFor(opts).api.getVpc({ params: { vpcId: idArg("id", args.id) } })),
  );
}

/** `getVpc` with Input arguments (e.g. a `Vpc`'s `id`). */
export function getVpcOutput(args: InputArgs<GetVpcArgs>, opts?: FunctionOptions): pulumi.Output<VpcResult> {
  return outputOf(getVpc, args, opts);
}
