/** Image: a private image captured from a disk or uploaded from a local gzip file, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface ImageShape {
  /** The resource's name in the program. */
  name: string;
  /** The disk to capture (e.g. an `InstanceDisk`'s `id`); or: */
  diskId?: pulumi.Input<number | string>;
  /** A gzip file of a raw disk image to upload (with `label` and `region`). */
  file?: string;
  region?: string;
  label?: string;
  description?: string;
  cloudInit?: boolean;
}

export function imageProgram(shape: ImageShape) {
  const { name, ...args } = shape;
  const image = new compute.Image(name, args);
  return { image };
}
