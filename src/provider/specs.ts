/** Every resource kind's spec, as the provider runtime registers them. */
import { configInterfaceSpec } from "./instance/config-interface";
import { imageSpec } from "./kinds/image";
import { instanceSpec } from "./instance/instance";
import { instanceConfigSpec } from "./instance/instance-config";
import { instanceDiskSpec } from "./instance/instance-disk";
import { profilePreferencesSpec } from "./kinds/profile-preferences";
import { profileSettingsSpec } from "./kinds/profile-settings";
import { typedOutputs, type AnySpec } from "./core/resource-spec";
import { snapshotSpec } from "./kinds/snapshot";
import { sshKeySpec } from "./kinds/ssh-key";
import { stackScriptSpec } from "./kinds/stack-script";
import { subnetSpec } from "./kinds/subnet";
import { tagSpec } from "./kinds/tag";
import { tokenSpec } from "./kinds/token";
import { vpcSpec } from "./kinds/vpc";

/** Every spec's outputs are typed (`typedOutputs` fails to compile otherwise). */
export const SPECS: AnySpec[] = [
  typedOutputs(vpcSpec),
  typedOutputs(subnetSpec),
  typedOutputs(instanceSpec),
  typedOutputs(instanceDiskSpec),
  typedOutputs(instanceConfigSpec),
  typedOutputs(configInterfaceSpec),
  typedOutputs(sshKeySpec),
  typedOutputs(tokenSpec),
  typedOutputs(stackScriptSpec),
  typedOutputs(tagSpec),
  typedOutputs(profileSettingsSpec),
  typedOutputs(profilePreferencesSpec),
  typedOutputs(imageSpec),
  typedOutputs(snapshotSpec),
];
