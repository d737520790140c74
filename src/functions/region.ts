/** Data functions of regions: `getRegions` (filters) and `getRegion`. API area: regions. */
import type * as pulumi from "@pulumi/pulumi";
import type { Region } from "../contract/regions";
import { clientFor, endpoints, outputOf, run, type FunctionOptions, type InputArgs } from "./call";
import { collect } from "../client/pagination";

/** A region, as the API describes it. */
export interface RegionResult {
  /** Region ID, e.g. `us-iad`. */
  id: string;
  /** Human-readable location, e.g. `Washington, DC`. */
  label: string;
  /** Two-letter country code, lower case. */
  country: string;
  /** What the region offers, e.g. `VPCs`, `Metadata`, `Block Storage`. */
  capabilities: string[];
  /** `ok` or `outage`. */
  status: "ok" | "outage";
  /** The region's DNS resolvers, comma-separated. */
  resolvers: { ipv4: string; ipv6: string };
  /** `core` or `edge`. */
  siteType: string;
}

export interface GetRegionsArgs {
  /** Only regions offering this capability (e.g. `VPCs`: where a `Vpc` can be created). */
  capability?: string;
  /** Only regions of this country (two-letter code, e.g. `us`). */
  country?: string;
  /** Only regions with this status. */
  status?: "ok" | "outage";
}

export interface GetRegionsResult {
  /** The matching regions, in the API's order. */
  regions: RegionResult[];
}

export interface GetRegionArgs {
  /** Region ID, e.g. `us-iad`. */
  id: string;
}

/** @internal */
export function toRegionResult(r: Region): RegionResult {
  return {
    id: r.id,
    label: r.label,
    country: r.country,
    capabilities: [...r.capabilities],
    status: r.status,
    resolvers: { ipv4: r.resolvers.ipv4, ipv6: r.resolvers.ipv6 },
    siteType: r.site_type,
  };
}

/** The regions (public: no token needed), filtered here (the region list takes no `X-Filter`). */
export function getRegions(args: GetRegionsArgs = {}, opts?: FunctionOptions): Promise<GetRegionsResult> {
  return run({ fn: "getRegions", args, opts }, async () => {
    const all = await collect(clientFor(opts, "optional").each(endpoints().listRegions));
    const regions = all.filter(
      (r) =>
        (args.capability === undefined || r.capabilities.includes(args.capability)) &&
        (args.country === undefined || r.country === args.country) &&
        (args.status === undefined || r.status === args.status),
    );
    return { regions: regions.map(toRegionResult) };
  });
}

/** `getRegions` with Input arguments. */
export function getRegionsOutput(
  args: InputArgs<GetRegionsArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetRegionsResult> {
  return outputOf(getRegions, args, opts);
}

/** One region by ID; an unknown one fails with `region <id> not found`. */
export function getRegion(args: GetRegionArgs, opts?: FunctionOptions): Promise<RegionResult> {
  return run({ fn: "getRegion", args, opts, notFound: `region ${args.id}` }, async () =>
    toRegionResult(await clientFor(opts, "optional").api.getRegion({ params: { regionId: args.id } })),
  );
}

/** `getRegion` with Input arguments. */
export function getRegionOutput(
  args: InputArgs<GetRegionArgs>,
  opts?: FunctionOptions,
): pulumi.Output<RegionResult> {
  return outputOf(getRegion, args, opts);
}
