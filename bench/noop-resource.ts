/**
 * The engine floor of `npm run bench:engine`: dynamic resources whose provider does nothing. `create`
 * returns an ID and echoes the inputs, `diff` reports no changes, `read` echoes; no `check` (the
 * engine passes the inputs through), no `configure`, no API. Like ours (`src/provider/shim.ts`),
 * one small module-level provider object per kind, serialized into the state, requiring nothing.
 */
import * as pulumi from "@pulumi/pulumi";
import type { SubnetArgs, VpcArgs } from "pulumi-compute";

function noopProvider(kind: string): pulumi.dynamic.ResourceProvider {
  return {
    async create(inputs) {
      return { id: `${kind}-${Math.random().toString(36).slice(2, 10)}`, outs: inputs };
    },
    async diff() {
      return { changes: false };
    },
    async read(id, props) {
      return { id, props };
    },
  };
}

const vpcProvider = noopProvider("vpc");
const subnetProvider = noopProvider("subnet");

/** Takes the inputs of `compute.Vpc`; type `pulumi-nodejs:dynamic/noop:Vpc`. */
export class NoopVpc extends pulumi.dynamic.Resource {
  constructor(name: string, args: VpcArgs, opts?: pulumi.CustomResourceOptions) {
    super(vpcProvider, name, { ...args }, opts, "noop", "Vpc");
  }
}

/** Takes the inputs of `compute.Subnet` (so it depends on its VPC through `vpcId`). */
export class NoopSubnet extends pulumi.dynamic.Resource {
  constructor(name: string, args: SubnetArgs, opts?: pulumi.CustomResourceOptions) {
    super(subnetProvider, name, { ...args }, opts, "noop", "Subnet");
  }
}
