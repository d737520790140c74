/**
 * The kinds compute-import declares, each with the provider spec its inputs come from, and the inputs
 * the API never returns (left out, with a note saying so).
 */
import { configInterfaceSpec } from "../provider/instance/config-interface";
import { imageSpec } from "../provider/kinds/image";
import { instanceSpec } from "../provider/instance/instance";
import { instanceConfigSpec } from "../provider/instance/instance-config";
import { instanceDiskSpec } from "../provider/instance/instance-disk";
import type { AnySpec } from "../provider/core/resource-spec";
import { sshKeySpec } from "../provider/kinds/ssh-key";
import { stackScriptSpec } from "../provider/kinds/stack-script";
import { subnetSpec } from "../provider/kinds/subnet";
import { tagSpec } from "../provider/kinds/tag";
import { vpcSpec } from "../provider/kinds/vpc";

/** In the order a program declares them: what a kind refers to comes first. */
export const IMPORT_KINDS = [
  "SshKey",
  "StackScript",
  "Vpc",
  "Subnet",
  "Instance",
  "InstanceDisk",
  "InstanceConfig",
  "ConfigInterface",
  "Image",
  "Tag",
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const SPECS: Record<ImportKind, AnySpec> = {
  SshKey: sshKeySpec,
  StackScript: stackScriptSpec,
  Vpc: vpcSpec,
  Subnet: subnetSpec,
  Instance: instanceSpec,
  InstanceDisk: instanceDiskSpec,
  InstanceConfig: instanceConfigSpec,
  ConfigInterface: configInterfaceSpec,
  Image: imageSpec,
  Tag: tagSpec,
};

/** Kinds whose labels repeat across parents (`root`, `boot`, eth0): named after their parent too. */
export const NAMED_UNDER_PARENT: readonly ImportKind[] = [
  "InstanceDisk",
  "InstanceConfig",
  "ConfigInterface",
];

/** Inputs the API never returns (the spec's outputs keep what a program gave), and what to say of them. */
export interface WriteOnly {
  inputs: readonly string[];
  /** What they are, e.g. `what the deploy was given`. */
  what: string;
  /** What setting them does. */
  effect: string;
}

const PASSWORD_IN_PLACE = "Set them to have the provider apply them: rootPass resets the password in place;";

export const WRITE_ONLY = {
  deployedInstance: {
    inputs: [
      "rootPass",
      "authorizedKeys",
      "authorizedUsers",
      "stackscriptId",
      "stackscriptData",
      "metadata",
      "swapSize",
      "firewallId",
    ],
    what: "what the deploy was given",
    effect: `${PASSWORD_IN_PLACE} any of the others replaces the instance.`,
  },
  emptyInstance: {
    inputs: ["firewallId"],
    what: "given at create only",
    effect: "Setting it replaces the instance.",
  },
  deployedDisk: {
    inputs: ["image", "rootPass", "authorizedKeys", "authorizedUsers", "stackscriptId", "stackscriptData"],
    what: "what the disk was deployed with, if it was",
    effect: `${PASSWORD_IN_PLACE} any of the others replaces the disk.`,
  },
  image: {
    inputs: ["diskId", "file"],
    what: "how the image was made",
    effect: "Setting either replaces the image.",
  },
} satisfies Record<string, WriteOnly>;
