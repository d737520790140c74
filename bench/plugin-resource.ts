/**
 * The plugin form in `npm run bench:engine`: the same VPCs and subnets registered under the resource
 * plugin's types (`compute:index:Vpc`), which the engine serves with `bin/pulumi-resource-compute`
 * (the workspace's `plugins.providers`), from the same inline TypeScript program as the dynamic
 * classes and the floor.
 */
import * as pulumi from "@pulumi/pulumi";
import type { SubnetArgs, VpcArgs } from "pulumi-compute";

export class PluginVpc extends pulumi.CustomResource {
  constructor(name: string, args: VpcArgs) {
    super("compute:index:Vpc", name, { ...args });
  }
}

export class PluginSubnet extends pulumi.CustomResource {
  constructor(name: string, args: SubnetArgs) {
    super("compute:index:Subnet", name, { ...args });
  }
}
