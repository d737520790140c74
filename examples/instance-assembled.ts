/**
 * An instance assembled from parts: an empty instance, a root disk deployed from an image, a swap
 * disk, and a config that boots them. `pulumi up` returns once the instance runs with that config.
 * Shaped by the caller (the engine tests run it with changed shapes).
 */
import { instanceProgram, type InstanceShape } from "./instance";
import { instanceConfigProgram, type InstanceConfigShape } from "./instance-config";
import { instanceDiskProgram, type InstanceDiskShape } from "./instance-disk";

export interface AssembledShape {
  /** An empty instance: no `image`. */
  instance: Omit<InstanceShape, "image" | "rootPass" | "authorizedKeys">;
  /** On sda. */
  root: InstanceDiskShape;
  /** On sdb. */
  swap: InstanceDiskShape;
  config: InstanceConfigShape;
}

export function assembledProgram(shape: AssembledShape) {
  const { instance } = instanceProgram(shape.instance);
  const { disk: root } = instanceDiskProgram(instance.id, shape.root);
  const { disk: swap } = instanceDiskProgram(instance.id, shape.swap);
  const { config } = instanceConfigProgram(instance.id, { sda: root.id, sdb: swap.id }, shape.config);
  return { instance, root, swap, config };
}
