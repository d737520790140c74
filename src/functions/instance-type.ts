/** Data functions of instance types (plans): `getInstanceTypes` (filters) and `getInstanceType`. API area: types. */
import type * as pulumi from "@pulumi/pulumi";
import type { InstanceType } from "../contract/types";
import type { TypeClass } from "../contract/values";
import { clientFor, endpoints, outputOf, run, type FunctionOptions, type InputArgs } from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** A price in US dollars. */
export interface PriceResult {
  hourly: number;
  monthly: number;
}

/** A price in one region, where it differs from the base price. */
export interface RegionPriceResult extends PriceResult {
  /** Region ID. */
  id: string;
}

/** An instance type (plan). */
export interface InstanceTypeResult {
  /** Type ID, e.g. `g6-standard-2`. */
  id: string;
  label: string;
  class: TypeClass;
  /** Disk, MB. */
  disk: number;
  /** Memory, MB. */
  memory: number;
  vcpus: number;
  gpus: number;
  /** Monthly transfer quota, GB. */
  transfer: number;
  /** Outbound bandwidth, Mbit/s. */
  networkOut: number;
  price: PriceResult;
  regionPrices: RegionPriceResult[];
  /** The backups add-on's price. */
  addons: {
    /** The backup service's price for an instance of this type, and where it differs by region. */
    backups: { price: PriceResult; regionPrices: RegionPriceResult[] };
  };
  /** The type a deprecated type upgrades to; null when current. */
  successor: string | null;
}

export interface GetInstanceTypesArgs extends LabelArgs {
  class?: TypeClass;
  /** At least this much memory, MB (4 GB: `4096`). */
  minMemory?: number;
  /** At least this many vCPUs. */
  minVcpus?: number;
  /** At least this much disk, MB. */
  minDisk?: number;
  /** Exactly this many GPUs (`0`: no GPU). */
  gpus?: number;
}

export interface GetInstanceTypesResult {
  /** The matching types, in the API's order. */
  types: InstanceTypeResult[];
}

export interface GetInstanceTypeArgs {
  /** Type ID, e.g. `g6-standard-2`. */
  id: string;
}

const price = (p: { hourly: number; monthly: number }): PriceResult => ({
  hourly: p.hourly,
  monthly: p.monthly,
});
const regionPrices = (ps: InstanceType["region_prices"]): RegionPriceResult[] =>
  ps.map((p) => ({ id: p.id, hourly: p.hourly, monthly: p.monthly }));

/** @internal */
export function toInstanceTypeResult(t: InstanceType): InstanceTypeResult {
  return {
    id: t.id,
    label: t.label,
    class: t.class,
    disk: t.disk,
    memory: t.memory,
    vcpus: t.vcpus,
    gpus: t.gpus,
    transfer: t.transfer,
    networkOut: t.network_out,
    price: price(t.price),
    regionPrices: regionPrices(t.region_prices),
    addons: {
      backups: {
        price: price(t.addons.backups.price),
        regionPrices: regionPrices(t.addons.backups.region_prices),
      },
    },
    successor: t.successor,
  };
}

const atLeast = (n: number | undefined) => (n === undefined ? undefined : { "+gte": n });

/** The instance types (public: no token needed); every filter but `labelRegex` is sent as `X-Filter`. */
export function getInstanceTypes(
  args: GetInstanceTypesArgs = {},
  opts?: FunctionOptions,
): Promise<GetInstanceTypesResult> {
  return run({ fn: "getInstanceTypes", args, opts }, async () => {
    const { filter, keep } = byLabel(args, {
      class: args.class,
      memory: atLeast(args.minMemory),
      vcpus: atLeast(args.minVcpus),
      disk: atLeast(args.minDisk),
      gpus: args.gpus,
    });
    const all = await collect(clientFor(opts, "optional").each(endpoints().listTypes, { filter }));
    return { types: keep(all).map(toInstanceTypeResult) };
  });
}

/** `getInstanceTypes` with Input arguments. */
export function getInstanceTypesOutput(
  args: InputArgs<GetInstanceTypesArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetInstanceTypesResult> {
  return outputOf(getInstanceTypes, args, opts);
}

/** One instance type by ID; an unknown one fails with `instance type <id> not found`. */
export function getInstanceType(
  args: GetInstanceTypeArgs,
  opts?: FunctionOptions,
): Promise<InstanceTypeResult> {
  return run({ fn: "getInstanceType", args, opts, notFound: `instance type ${args.id}` }, async () =>
    toInstanceTypeResult(await clientFor(opts, "optional").api.getType({ params: { typeId: args.id } })),
  );
}

/** `getInstanceType` with Input arguments. */
export function getInstanceTypeOutput(
  args: InputArgs<GetInstanceTypeArgs>,
  opts?: FunctionOptions,
): pulumi.Output<InstanceTypeResult> {
  return outputOf(getInstanceType, args, opts);
}
