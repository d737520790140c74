/** Tag: a tag given to instances, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface TagShape {
  /** The resource's name in the program. */
  name: string;
  label: string;
  /** Instance IDs, e.g. `[web.id]`. */
  instances?: pulumi.Input<string | number>[];
}

export function tagProgram(shape: TagShape) {
  const { name, ...args } = shape;
  const tag = new compute.Tag(name, args);
  return { tag };
}
