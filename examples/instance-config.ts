/** InstanceConfig: what an instance boots, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface InstanceConfigShape {
  /** The resource's name in the program. */
  name: string;
  label: string;
  comments?: string;
  kernel?: string;
  memoryLimit?: number;
  runLevel?: string;
  virtMode?: string;
  helpers?: compute.InstanceConfigArgs["helpers"];
  interfaces?: compute.InstanceConfigInterface[];
  booted?: boolean;
  rebootOnChange?: boolean;
}

/** `devices`: disk IDs by device name, e.g. `{ sda: root.id, sdb: swap.id }`. */
export function instanceConfigProgram(
  computeId: pulumi.Input<string>,
  devices: compute.InstanceConfigArgs["devices"],
  shape: InstanceConfigShape,
) {
  const { name, ...args } = shape;
  const config = new compute.InstanceConfig(name, { computeId, devices, ...args });
  return { config };
}
