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
}

export function instanceProgram(shape: InstanceShape) {
  const { name, ...args } = shape;
  const instance = new compute.Instance(name, args);
  return { instance };
}
