/** Instance: one server from an image, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface InstanceShape {
  /** The resource's name in the program. */
  name: string;
  region: string;
  type: string;
  label?: string;
  image?: string;
  /** Pass a secret (`config.requireSecret("rootPass")`); a plain string is made secret too. */
  rootPass?: pulumi.Input<string>;
  authorizedKeys?: string[];
  booted?: boolean;
  tags?: string[];
  group?: string;
  privateIp?: boolean;
  backupsEnabled?: boolean;
  backupsSchedule?: { day?: string; window?: string };
  authorizedUsers?: string[];
  /** A StackScript's ID (`script.id` of a `StackScript`, or a number). */
  stackscriptId?: pulumi.Input<string | number>;
  /** The StackScript's field values; made secret. */
  stackscriptData?: Record<string, pulumi.Input<string>>;
  backupId?: number;
  firewallId?: number;
  interfaces?: compute.InstanceConfigInterface[];
  /** Base64 cloud-init user data; made secret. */
  metadata?: { userData?: pulumi.Input<string> };
  swapSize?: number;
  alerts?: { cpu?: number; io?: number; networkIn?: number; networkOut?: number; transferQuota?: number };
  watchdogEnabled?: boolean;
}

export function instanceProgram(shape: InstanceShape) {
  const { name, ...args } = shape;
  const instance = new compute.Instance(name, args);
  return { instance };
}
