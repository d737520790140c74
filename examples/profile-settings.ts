/** ProfileSettings: the token user's profile settings, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface ProfileSettingsShape {
  /** The resource's name in the program. */
  name: string;
  email?: string;
  timezone?: string;
  emailNotifications?: boolean;
  lishAuthMethod?: string;
  authorizedKeys?: string[];
  opts?: pulumi.CustomResourceOptions;
}

export function profileSettingsProgram(shape: ProfileSettingsShape) {
  const { name, opts, ...args } = shape;
  const settings = new compute.ProfileSettings(name, args, opts);
  return { settings };
}
