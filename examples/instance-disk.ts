/** InstanceDisk: a disk of an instance, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface InstanceDiskShape {
  /** The resource's name in the program. */
  name: string;
  label?: string;
  /** MB. */
  size: number;
  filesystem?: string;
  image?: string;
  /** Pass a secret (`config.requireSecret("rootPass")`); a plain string is made secret too. */
  rootPass?: pulumi.Input<string>;
  authorizedKeys?: string[];
  stackscriptId?: number;
  stackscriptData?: Record<string, string>;
  allowReboot?: boolean;
}

export function instanceDiskProgram(computeId: pulumi.Input<string>, shape: InstanceDiskShape) {
  const { name, ...args } = shape;
  const disk = new compute.InstanceDisk(name, { computeId, ...args });
  return { disk };
}
