/**
 * ConfigInterface: the interfaces of an instance's config as resources of their own, shaped by the
 * caller (the engine tests run them with changed shapes; examples/instance-assembled.ts adds them to
 * the assembled instance's config).
 */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface ConfigInterfaceShape {
  /** The resource's name in the program. */
  name: string;
  purpose: string;
  primary?: boolean;
  label?: string;
  ipamAddress?: string;
  subnetId?: pulumi.Input<string | number>;
  ipv4?: { vpc?: string; nat11?: string };
  ipRanges?: string[];
  /** 0..2: eth0..eth2. */
  position?: number;
  allowReboot?: boolean;
  rebootOnChange?: boolean;
}

export function configInterfaceProgram(
  computeId: pulumi.Input<string>,
  configId: pulumi.Input<string>,
  shape: ConfigInterfaceShape,
) {
  const { name, ...args } = shape;
  const nic = new compute.ConfigInterface(name, { computeId, configId, ...args });
  return { nic };
}
