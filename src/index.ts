/** pulumi-compute: Pulumi resources for the Compute Cloud API, its client, contract and emulator. */
import type * as clientModule from "./client";
import type * as contractModule from "./contract";
import type * as emulatorModule from "./emulator";

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

/** A namespace loaded on first use: a program that only declares resources never pays for the
 * client's HTTP stack, the whole contract or the emulator at start-up. (Their types are imported
 * from the subpaths: `import type { Vpc } from "pulumi-compute/contract"`.) */
function lazy<T extends object>(load: () => T): T {
  let loaded: T | undefined;
  const target = () => (loaded ??= load());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

export const client: typeof clientModule = lazy(() => require("./client"));
export const contract: typeof contractModule = lazy(() => require("./contract"));
export const emulator: typeof emulatorModule = lazy(() => require("./emulator"));
