/** Data function of plan availability per region: `getRegionAvailability`. API area: regions. */
import type * as pulumi from "@pulumi/pulumi";
import type { RegionAvailability } from "../contract/regions";
import { clientFor, endpoints, outputOf, run, type FunctionOptions, type InputArgs } from "./call";
import { filterOf } from "./labels";
import { collect } from "../client/pagination";

/** Whether a region can take new instances of a premium or GPU plan. */
export interface RegionAvailabilityResult {
  /** Region ID. */
  region: string;
  /** Instance type ID, e.g. `gpu-rtx6000-1.1`. */
  plan: string;
  /** False when the region has no capacity for the plan. */
  available: boolean;
}

export interface GetRegionAvailabilityArgs {
  /** Only this region; an unknown one fails with `region <id> not found`. */
  region?: string;
  /** Only this plan (instance type ID). */
  plan?: string;
  /** Only entries with this availability (`false`: where the plan is sold out). */
  available?: boolean;
}

export interface GetRegionAvailabilityResult {
  /** One entry per region and select plan. */
  availability: RegionAvailabilityResult[];
}

const toResult = (a: RegionAvailability): RegionAvailabilityResult => ({
  region: a.region,
  plan: a.plan,
  available: a.available,
});

/** Availability of the select premium and GPU plans (public: no token needed). */
export function getRegionAvailability(
  args: GetRegionAvailabilityArgs = {},
  opts?: FunctionOptions,
): Promise<GetRegionAvailabilityResult> {
  const what = args.region === undefined ? undefined : `region ${args.region}`;
  return run({ fn: "getRegionAvailability", args, opts, notFound: what }, async () => {
    const client = clientFor(opts, "optional");
    let entries: RegionAvailability[];
    if (args.region !== undefined) {
      // One region's own endpoint answers 404 for an unknown region, where a filter would answer [].
      entries = (await client.api.getRegionAvailability({ params: { regionId: args.region } })).filter(
        (a) =>
          (args.plan === undefined || a.plan === args.plan) &&
          (args.available === undefined || a.available === args.available),
      );
    } else {
      const filter = filterOf({ plan: args.plan, available: args.available });
      entries = await collect(client.each(endpoints().listAvailability, { filter }));
    }
    return { availability: entries.map(toResult) };
  });
}

/** `getRegionAvailability` with Input arguments. */
export function getRegionAvailabilityOutput(
  args: InputArgs<GetRegionAvailabilityArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetRegionAvailabilityResult> {
  return outputOf(getRegionAvailability, args, opts);
}
