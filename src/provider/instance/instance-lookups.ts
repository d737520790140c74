/**
 * What the API would refuse of an Instance, read before a write: its region, type and image exist,
 * the type's disk holds the image besides the swap, and a region change does not move an instance
 * with a VPC interface (the API refuses the migration: the interface keeps it in its VPC's region).
 */
import { isDeepStrictEqual } from "node:util";
import { collect } from "../../client/pagination";
import { DEPLOY_LIMITS } from "../../contract/deploy";
import { instanceEndpoints } from "../../contract/instance-endpoints";
import {
  imageProblems,
  regionProblems,
  swapProblems,
  typeProblems,
  type Problem,
} from "../../contract/record-rules";
import { isNewResource, type CheckFailure } from "../core/check";
import { listConfigs } from "./instance-power";
import { asFailures, asksNew, catalogued, known } from "../core/lookups";
import type { Props } from "../core/resource-spec";
import { lookupClient } from "../core/settings";

/** What the lookups read of an Instance's inputs (`InstanceInputs` is assignable to it). */
type LookedUp = Props & {
  region: string;
  type: string;
  image?: string;
  swapSize?: number;
  interfaces?: readonly { purpose: string }[];
};

export async function instanceLookups(inputs: LookedUp, olds: Props): Promise<CheckFailure[]> {
  const problems: Problem[] = [];
  const { region, type, image } = inputs;
  if (asksNew(inputs, olds, "region")) {
    const found = await catalogued("regions", region);
    if (found) problems.push(...regionProblems(region, found.record));
  }
  const deploys = image !== undefined && known(image, type, inputs.swapSize);
  const redeploys =
    deploys && (isNewResource(olds) || asksNew(inputs, olds, "image") || asksNew(inputs, olds, "swapSize"));
  const types = asksNew(inputs, olds, "type") || redeploys ? await catalogued("types", type) : undefined;
  if (types && asksNew(inputs, olds, "type")) problems.push(...typeProblems(type, types.record));
  if (redeploys) {
    const images = await catalogued("images", image!);
    if (images) problems.push(...imageProblems(image!, images.record));
    if (images?.record && types?.record) {
      const swap = inputs.swapSize ?? DEPLOY_LIMITS.swapSize.default;
      problems.push(...swapProblems(images.record, types.record, swap));
    }
  }
  const failures = asFailures(problems);
  if (failures.length === 0 && (await movesVpcInterface(inputs, olds))) {
    failures.push({
      property: "region",
      reason:
        `an instance with a VPC interface cannot migrate to another region (the API refuses it): keep ` +
        `region ${String(olds.region)}, or give it interfaces on a subnet of a VPC in ${region} (which ` +
        `replaces it), or remove its VPC interface first`,
    });
  }
  return failures;
}

/**
 * Whether a region change would migrate an instance that has a VPC interface: declared in its
 * `interfaces` (unchanged: changed interfaces replace the instance instead), or, when it declares
 * none, on a config of the live instance (found by its label; an instance assembled from parts).
 */
async function movesVpcInterface(inputs: LookedUp, olds: Props): Promise<boolean> {
  if (isNewResource(olds) || !asksNew(inputs, olds, "region")) return false;
  if (!isDeepStrictEqual(inputs.interfaces, olds.interfaces)) return false;
  if (inputs.interfaces !== undefined) return inputs.interfaces.some((i) => i.purpose === "vpc");
  if (typeof olds.label !== "string") return false;
  try {
    const client = lookupClient();
    const label = olds.label;
    const [instance] = (
      await collect(client.each(instanceEndpoints.listInstances, { filter: { label } }))
    ).filter((i) => i.label === label);
    if (!instance) return false;
    const configs = await listConfigs(client, instance.id);
    return configs.some((c) => (c.interfaces ?? []).some((i) => i.purpose === "vpc"));
  } catch {
    return false;
  }
}
