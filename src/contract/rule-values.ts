/**
 * Constants of several areas that the rules across records (`record-rules.ts`) read, kept apart from
 * the areas' schemas so that a rule loads no area it does not check (a VPC's check loads no
 * configuration profile). Each area exports its own again.
 */

/** Limits of a configuration profile. */
export const CONFIG_LIMITS = {
  label: { min: 1, max: 48 },
  interfaces: { min: 1, max: 3 },
  interfaceLabel: { min: 1, max: 64 },
} as const;

/** A StackScript's `images` entry that accepts every image, private ones included. */
export const ANY_IMAGE = "any/all";

/** Capability an image lists when it supports cloud-init. */
export const CLOUD_INIT_CAPABILITY = "cloud-init";

/** The capability a region needs to host VPCs. */
export const VPC_CAPABILITY = "VPCs";
/** The capability user data (instance metadata) needs. */
export const METADATA_CAPABILITY = "Metadata";
