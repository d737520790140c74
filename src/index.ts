/**
 * pulumi-compute: Pulumi resources and data functions for the Compute Cloud API. The client, the
 * contract and the emulator are subpaths (`pulumi-compute/client`, `/contract`, `/emulator`): a
 * program that only declares resources never loads them, and its type-check never reads zod's
 * declarations (see docs/configuration.md, "Install in your own project").
 */

import "./compile-cache";

export { Provider, type ProviderArgs } from "./resources/provider";
export { Vpc, type VpcArgs } from "./resources/vpc";
export { Subnet, type SubnetArgs } from "./resources/subnet";
export {
  Instance,
  type InstanceArgs,
  type InstanceAlerts,
  type InstanceBackups,
  type InstanceSpecs,
} from "./resources/instance";
export { SshKey, type SshKeyArgs } from "./resources/ssh-key";
export { Token, type TokenArgs } from "./resources/token";
export { InstanceDisk, type InstanceDiskArgs } from "./resources/instance-disk";
export {
  InstanceConfig,
  type InstanceConfigArgs,
  type InstanceConfigInterface,
} from "./resources/instance-config";
export { ConfigInterface, type ConfigInterfaceArgs } from "./resources/config-interface";
export {
  StackScript,
  type StackScriptArgs,
  type StackScriptUserDefinedField,
} from "./resources/stack-script";
export { Tag, type TagArgs } from "./resources/tag";
export { ProfileSettings, type ProfileSettingsArgs } from "./resources/profile-settings";
export { ProfilePreferences, type ProfilePreferencesArgs } from "./resources/profile-preferences";
export { Image, type ImageArgs } from "./resources/image";
export { Snapshot, type SnapshotArgs, type SnapshotDisk } from "./resources/snapshot";

/** Data functions (`getImage`, `getImageOutput`, ...): see src/functions. */
export * from "./functions";
