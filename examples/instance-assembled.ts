/**
 * An instance assembled from parts: an empty instance, a root disk deployed from an image, a swap
 * disk, a config that boots them, and (optionally) the config's interfaces as resources of their own.
 * `pulumi up` returns once the instance runs with that config.
 * Shaped by the caller (the engine tests run it with changed shapes).
 */
import { configInterfaceProgram, type ConfigInterfaceShape } from "./config-interface";
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
  /** ConfigInterface resources on the config (which then leaves `interfaces` out). */
  interfaces?: ConfigInterfaceShape[];
}

export function assembledProgram(shape: AssembledShape) {
  const { instance } = instanceProgram(shape.instance);
  const { disk: root } = instanceDiskProgram(instance.id, shape.root);
  const { disk: swap } = instanceDiskProgram(instance.id, shape.swap);
  const { config } = instanceConfigProgram(instance.id, { sda: root.id, sdb: swap.id }, shape.config);
  const nics = (shape.interfaces ?? []).map((nic) => configInterfaceProgram(instance.id, config.id, nic).nic);
  return { instance, root, swap, config, nics };
}
