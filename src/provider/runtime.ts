/**
 * Loaded by package name (`pulumi-compute/provider-runtime`) inside the Pulumi provider process,
 * so the serialized provider stays a few lines long and `read`/`delete` of older state run the
 * code installed now. Holds the provider of every resource kind.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configure as configureCredentials } from "./credentials";
import { makeProvider } from "./make-provider";
import type { ResourceSpec } from "./resource-spec";
import { subnetSpec } from "./subnet";
import { vpcSpec } from "./vpc";

const specs: Record<string, ResourceSpec> = {
  vpc: vpcSpec as unknown as ResourceSpec,
  subnet: subnetSpec as unknown as ResourceSpec,
};

const providers = new Map<string, pulumi.dynamic.ResourceProvider>();

export function provider(kind: string): pulumi.dynamic.ResourceProvider {
  let found = providers.get(kind);
  if (!found) {
    const spec = specs[kind];
    if (!spec) throw new Error(`unknown resource kind ${kind}`);
    found = makeProvider(spec);
    providers.set(kind, found);
  }
  return found;
}

export function configure(req: pulumi.dynamic.ConfigureRequest): void {
  configureCredentials(req.config);
}
