/**
 * Rules across records: what a request asks checked against records the API already holds (the
 * catalogues, the parent's children). Pure functions returning `{ field, reason }[]` (empty: the
 * request passes), in the API's field names: the emulator answers the first with a 400, the
 * provider reports them all at preview, renamed to its input names.
 */
import { cidr, overlaps } from "./cidr";
import type { Region } from "./regions";
import {
  ANY_IMAGE,
  CLOUD_INIT_CAPABILITY,
  CONFIG_LIMITS,
  METADATA_CAPABILITY,
  VPC_CAPABILITY,
} from "./rule-values";
import type { UserDefinedField } from "./stackscripts";

export interface Problem {
  field: string;
  reason: string;
}

const problem = (field: string, reason: string): Problem[] => [{ field, reason }];

/** The region exists and, when a capability is needed (`VPCs` for a VPC), offers it. */
export function regionProblems(
  id: string,
  region: Pick<Region, "capabilities"> | undefined,
  need?: { capability: string; what: string },
  field = "region",
): Problem[] {
  if (!region) return problem(field, `Region ${id} does not exist`);
  if (need && !region.capabilities.includes(need.capability)) {
    return problem(field, `${need.what} are not available in region ${id}`);
  }
  return [];
}

/** A VPC's region exists and offers VPCs. */
export function vpcRegionProblems(id: string, region: Pick<Region, "capabilities"> | undefined): Problem[] {
  return regionProblems(id, region, { capability: VPC_CAPABILITY, what: "VPCs" });
}

/** The instance type exists. */
export function typeProblems(id: string, type: unknown, field = "type"): Problem[] {
  return type ? [] : problem(field, `Type ${id} does not exist`);
}

/** The kernel exists. */
export function kernelProblems(id: string, kernel: unknown, field = "kernel"): Problem[] {
  return kernel ? [] : problem(field, `Kernel ${id} not found`);
}

/** The image exists (for this user). */
export function imageProblems(id: string, image: unknown, field = "image"): Problem[] {
  return image ? [] : problem(field, `Image ${id} not found`);
}

/** An image deploy's disk is the type's disk minus the swap, and must hold the image. */
export function swapProblems(
  image: { id: string; size: number },
  type: { id: string; disk: number },
  swap: number,
): Problem[] {
  const size = type.disk - swap;
  if (size >= image.size) return [];
  return problem(
    swap > 0 ? "swap_size" : "type",
    `Image ${image.id} needs ${image.size} MB; type ${type.id} leaves ${size} MB after ${swap} MB of swap`,
  );
}

/** A disk (or a disk's growth) of `extra` MB fits the instance's free space. */
export function spaceProblems(
  extra: number,
  instance: { disk: number; used: number },
  field = "size",
): Problem[] {
  const free = instance.disk - instance.used;
  if (extra <= free) return [];
  return problem(
    field,
    `Not enough free disk space: ${extra} MB requested, ${Math.max(0, free)} MB of ${instance.disk} MB free`,
  );
}

/** A subnet's range may not overlap another subnet of its VPC. */
export function overlapProblems(
  ipv4: string,
  siblings: { label: string; ipv4: string }[],
  field = "ipv4",
): Problem[] {
  const clash = siblings.find((s) => overlaps(cidr(s.ipv4), cidr(ipv4)));
  return clash ? problem(field, `ipv4 ${ipv4} overlaps subnet ${clash.label} (${clash.ipv4})`) : [];
}

/** Each device names a disk of the config's instance (by `devices.<name>.disk_id`). */
export function deviceProblems(
  devices: Partial<Record<string, { disk_id?: number | null } | null>>,
  instanceDiskIds: number[],
): Problem[] {
  return Object.entries(devices).flatMap(([name, slot]) =>
    slot?.disk_id != null && !instanceDiskIds.includes(slot.disk_id)
      ? problem(`devices.${name}.disk_id`, `Disk ${slot.disk_id} is not a disk of this instance`)
      : [],
  );
}

type InterfaceFields = { purpose: string; label?: string | null; ipam_address?: string | null };

/**
 * An interface added to a config beside the ones it holds: at most three (no field: the API names
 * none), one public, unique VLAN labels and IPAM addresses.
 */
export function addedInterfaceProblems(existing: InterfaceFields[], added: InterfaceFields): Problem[] {
  if (existing.length >= CONFIG_LIMITS.interfaces.max) {
    return problem("", `A configuration profile has at most ${CONFIG_LIMITS.interfaces.max} interfaces`);
  }
  if (added.purpose === "public" && existing.some((i) => i.purpose === "public")) {
    return problem("purpose", "The profile already has a public interface");
  }
  if (added.purpose === "vlan" && existing.some((i) => i.purpose === "vlan" && i.label === added.label)) {
    return problem("label", `The profile already has an interface on VLAN ${added.label}`);
  }
  if (added.ipam_address && existing.some((i) => i.ipam_address === added.ipam_address)) {
    return problem("ipam_address", `${added.ipam_address} is already used by an interface of the profile`);
  }
  return [];
}

type DeployScript = { id: number; label: string; images: string[]; user_defined_fields: UserDefinedField[] };

/**
 * A deploy from a StackScript: the script exists, supports the image, and gets each field it
 * requires (no default), each field that lists its values (`oneOf`) one of them.
 */
export function stackScriptProblems(
  id: number,
  script: DeployScript | undefined,
  image: string,
  data: Record<string, unknown>,
): Problem[] {
  if (!script) return problem("stackscript_id", `StackScript ${id} not found`);
  const problems: Problem[] = [];
  if (!script.images.includes(ANY_IMAGE) && !script.images.includes(image)) {
    problems.push({
      field: "image",
      reason: `StackScript ${script.id} (${script.label}) does not support image ${image}; it supports ${script.images.join(", ")}`,
    });
  }
  for (const udf of script.user_defined_fields) {
    const value = data[udf.name];
    const field = `stackscript_data.${udf.name}`;
    if (value === undefined && udf.default === undefined) {
      problems.push({ field, reason: `${udf.name} is required by StackScript ${script.id} (${udf.label})` });
    } else if (value !== undefined && udf.oneOf && !udf.oneOf.split(",").includes(String(value))) {
      problems.push({ field, reason: `${udf.name} must be one of ${udf.oneOf}` });
    }
  }
  return problems;
}

/** User data needs a region with Metadata (a region that does not exist has none). */
export function userDataRegionProblems(
  id: string,
  region: Pick<Region, "capabilities"> | undefined,
): Problem[] {
  return region?.capabilities.includes(METADATA_CAPABILITY)
    ? []
    : problem("metadata.user_data", `User data needs a region with Metadata; ${id} has none`);
}

/** User data needs an image with cloud-init. */
export function userDataImageProblems(image: { id: string; capabilities: string[] }): Problem[] {
  return image.capabilities.includes(CLOUD_INIT_CAPABILITY)
    ? []
    : problem("metadata.user_data", `User data needs an image with cloud-init; ${image.id} has none`);
}
