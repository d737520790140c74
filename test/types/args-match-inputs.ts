/**
 * A type test (checked by `npm run lint`, which type-checks test/): each resource class takes the
 * arguments its provider's inputs schema declares, by name, no more and no fewer. A field added to a
 * spec's inputs and forgotten in the class (or the other way round) fails the check below naming
 * `Class: field` and which side lacks it.
 */
import type * as compute from "pulumi-compute";
import type { configInterfaceSpec } from "../../src/provider/instance/config-interface";
import type { imageSpec } from "../../src/provider/kinds/image";
import type { instanceSpec } from "../../src/provider/instance/instance";
import type { instanceConfigSpec } from "../../src/provider/instance/instance-config";
import type { instanceDiskSpec } from "../../src/provider/instance/instance-disk";
import type { profilePreferencesSpec } from "../../src/provider/kinds/profile-preferences";
import type { profileSettingsSpec } from "../../src/provider/kinds/profile-settings";
import type { ResourceSpec } from "../../src/provider/core/resource-spec";
import type { snapshotSpec } from "../../src/provider/kinds/snapshot";
import type { sshKeySpec } from "../../src/provider/kinds/ssh-key";
import type { stackScriptSpec } from "../../src/provider/kinds/stack-script";
import type { subnetSpec } from "../../src/provider/kinds/subnet";
import type { tagSpec } from "../../src/provider/kinds/tag";
import type { tokenSpec } from "../../src/provider/kinds/token";
import type { vpcSpec } from "../../src/provider/kinds/vpc";

/** Each class with its provider's spec. */
export interface Pairs {
  Vpc: [typeof compute.Vpc, typeof vpcSpec];
  Subnet: [typeof compute.Subnet, typeof subnetSpec];
  Instance: [typeof compute.Instance, typeof instanceSpec];
  InstanceDisk: [typeof compute.InstanceDisk, typeof instanceDiskSpec];
  InstanceConfig: [typeof compute.InstanceConfig, typeof instanceConfigSpec];
  ConfigInterface: [typeof compute.ConfigInterface, typeof configInterfaceSpec];
  SshKey: [typeof compute.SshKey, typeof sshKeySpec];
  Token: [typeof compute.Token, typeof tokenSpec];
  StackScript: [typeof compute.StackScript, typeof stackScriptSpec];
  Tag: [typeof compute.Tag, typeof tagSpec];
  ProfileSettings: [typeof compute.ProfileSettings, typeof profileSettingsSpec];
  ProfilePreferences: [typeof compute.ProfilePreferences, typeof profilePreferencesSpec];
  Image: [typeof compute.Image, typeof imageSpec];
  Snapshot: [typeof compute.Snapshot, typeof snapshotSpec];
}

type ArgsOf<C> = C extends abstract new (name: string, args: infer A, ...rest: never[]) => unknown
  ? A
  : never;
/** (An optional `args`, as `ProfileSettings` takes, is `Args | undefined`.) */
type ArgKeys<C> = keyof NonNullable<ArgsOf<C>> & string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type InputKeys<S> = S extends ResourceSpec<infer I, any, any> ? keyof I & string : never;

type Mismatches = {
  [N in keyof Pairs]:
    | `${N}: ${Exclude<ArgKeys<Pairs[N][0]>, InputKeys<Pairs[N][1]>>} is an argument the provider does not take`
    | `${N}: ${Exclude<InputKeys<Pairs[N][1]>, ArgKeys<Pairs[N][0]>>} is an input the class does not take`;
}[keyof Pairs];

/** Every class covered: a class exported without a pair here fails the check below by name. The
 * explicit provider (`compute.Provider`) takes the settings, not a spec's inputs. */
type Classes = {
  [K in keyof typeof compute]: (typeof compute)[K] extends abstract new (
    ...args: never[]
  ) => import("@pulumi/pulumi").ProviderResource
    ? never
    : (typeof compute)[K] extends abstract new (...args: never[]) => import("@pulumi/pulumi").CustomResource
      ? K
      : never;
}[keyof typeof compute];
type Unpaired = Exclude<Classes, keyof Pairs>;

export const argsMatchInputs: [Mismatches | Unpaired] extends [never] ? true : Mismatches | Unpaired = true;
