/**
 * The kinds compute-import declares, each with the provider spec its inputs come from, and the inputs
 * the API never returns (left out, with a note saying so).
 */
import type { AnySpec } from "../provider/core/resource-spec";
import { KIND_NAMES, KINDS, type ImportKind, type KindName } from "../provider/kind-registry";
import { specOf } from "../provider/spec-loaders";

export type { ImportKind };

const imported = (kind: KindName): kind is ImportKind => "importRank" in KINDS[kind];

/** The kinds the registry has compute-import declare (`importRank`), in the order a program declares
 * them: what a kind refers to comes first. */
export const IMPORT_KINDS: readonly ImportKind[] = KIND_NAMES.filter(imported).sort(
  (a, b) => KINDS[a].importRank - KINDS[b].importRank,
);

export const SPECS = Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, specOf(kind)!])) as Record<
  ImportKind,
  AnySpec
>;

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
