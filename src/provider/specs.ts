/** Every resource kind's spec, as the provider runtime registers them. */
import { configInterfaceSpec } from "./config-interface";
import { imageSpec } from "./image";
import { instanceSpec } from "./instance";
import { instanceConfigSpec } from "./instance-config";
import { instanceDiskSpec } from "./instance-disk";
import { profilePreferencesSpec } from "./profile-preferences";
import { profileSettingsSpec } from "./profile-settings";
import type { AnySpec } from "./resource-spec";
import { snapshotSpec } from "./snapshot";
import { sshKeySpec } from "./ssh-key";
import { stackScriptSpec } from "./stack-script";
import { subnetSpec } from "./subnet";
import { tagSpec } from "./tag";
import { tokenSpec } from "./token";
import { vpcSpec } from "./vpc";

export const SPECS: AnySpec[] = [
  vpcSpec,
  subnetSpec,
  instanceSpec,
  instanceDiskSpec,
  instanceConfigSpec,
  configInterfaceSpec,
  sshKeySpec,
  tokenSpec,
  stackScriptSpec,
  tagSpec,
  profileSettingsSpec,
  profilePreferencesSpec,
  imageSpec,
  snapshotSpec,
];
