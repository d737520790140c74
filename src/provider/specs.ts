/** Every resource kind's spec, as the provider runtime registers them. */
import { configInterfaceSpec } from "./config-interface";
import { imageSpec } from "./image";
import { instanceSpec } from "./instance";
import { instanceConfigSpec } from "./instance-config";
import { instanceDiskSpec } from "./instance-disk";
import { profilePreferencesSpec } from "./profile-preferences";
import { profileSettingsSpec } from "./profile-settings";
import { typedOutputs, type AnySpec } from "./resource-spec";
import { snapshotSpec } from "./snapshot";
import { sshKeySpec } from "./ssh-key";
import { stackScriptSpec } from "./stack-script";
import { subnetSpec } from "./subnet";
import { tagSpec } from "./tag";
import { tokenSpec } from "./token";
import { vpcSpec } from "./vpc";

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
