/**
 * Every resource kind's spec by kind name, each loaded on the first use of its kind: a provider
 * process loads the kinds its stack holds, not all fourteen (and not the contract areas they alone
 * use). `specs.ts` loads them all, for what lists every kind (the plugin's schema, the docs).
 */
import { typedOutputs, type AnySpec } from "./core/resource-spec";

/** Every spec's outputs are typed (`typedOutputs` fails to compile otherwise). In the order of the
 * schema and the docs. */
const LOADERS: Record<string, () => AnySpec> = {
  Vpc: () => typedOutputs((require("./kinds/vpc") as typeof import("./kinds/vpc")).vpcSpec),
  Subnet: () => typedOutputs((require("./kinds/subnet") as typeof import("./kinds/subnet")).subnetSpec),
  Instance: () =>
    typedOutputs((require("./instance/instance") as typeof import("./instance/instance")).instanceSpec),
  InstanceDisk: () =>
    typedOutputs(
      (require("./instance/instance-disk") as typeof import("./instance/instance-disk")).instanceDiskSpec,
    ),
  InstanceConfig: () =>
    typedOutputs(
      (require("./instance/instance-config") as typeof import("./instance/instance-config"))
        .instanceConfigSpec,
    ),
  ConfigInterface: () =>
    typedOutputs(
      (require("./instance/config-interface") as typeof import("./instance/config-interface"))
        .configInterfaceSpec,
    ),
  SshKey: () => typedOutputs((require("./kinds/ssh-key") as typeof import("./kinds/ssh-key")).sshKeySpec),
  Token: () => typedOutputs((require("./kinds/token") as typeof import("./kinds/token")).tokenSpec),
  StackScript: () =>
    typedOutputs((require("./kinds/stack-script") as typeof import("./kinds/stack-script")).stackScriptSpec),
  Tag: () => typedOutputs((require("./kinds/tag") as typeof import("./kinds/tag")).tagSpec),
  ProfileSettings: () =>
    typedOutputs(
      (require("./kinds/profile-settings") as typeof import("./kinds/profile-settings")).profileSettingsSpec,
    ),
  ProfilePreferences: () =>
    typedOutputs(
      (require("./kinds/profile-preferences") as typeof import("./kinds/profile-preferences"))
        .profilePreferencesSpec,
    ),
  Image: () => typedOutputs((require("./kinds/image") as typeof import("./kinds/image")).imageSpec),
  Snapshot: () =>
    typedOutputs((require("./kinds/snapshot") as typeof import("./kinds/snapshot")).snapshotSpec),
};

/** Every kind's name (`Vpc`), in the registry's order. */
export const KIND_NAMES: readonly string[] = Object.keys(LOADERS);

/** The kind's spec, loaded on first use (Node keeps the module); undefined for an unknown kind. State
 * written by older versions named kinds in lower case (`vpc`), so the lookup ignores case. */
export function specOf(kind: string): AnySpec | undefined {
  const name = KIND_NAMES.find((known) => known.toLowerCase() === kind.toLowerCase());
  return name === undefined ? undefined : LOADERS[name]!();
}
