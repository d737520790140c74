/**
 * Loaded by package name (`pulumi-compute/provider-runtime`) inside the Pulumi provider process,
 * so the serialized provider stays a few lines long and `read`/`delete` of older state run the
 * code installed now. Holds the provider of every resource kind, each kind's code loaded on its first
 * use (`spec-loaders.ts`).
 */
import { flushCompileCache } from "../compile-cache";
import type * as pulumi from "@pulumi/pulumi";
import { bindResource } from "./core/bind-resource";
import { exitWhenEngineGone } from "./core/engine-watch";
import { quietHostEcho } from "./core/errors";
import { inFiles, keepHeldObjects } from "./core/held-objects";
import { keepLifecycles } from "./core/lifecycle-memory";
import { makeProvider, type CoreProvider } from "./core/make-provider";
import type { ResourceContext } from "./core/resource-context";
import { configure as configureSettings } from "./core/settings";
import { specOf } from "./spec-loaders";
import { processMemory } from "./core/process-memory";

quietHostEcho();
exitWhenEngineGone();
keepLifecycles();
keepHeldObjects(inFiles);
flushCompileCache();

const providers = processMemory.map<string, CoreProvider>("providers");

/** The kind's provider; given a resource's context (`resource-context.ts`), the provider of that resource. */
export function provider(kind: string, resource?: ResourceContext): CoreProvider {
  const found = kindProvider(kind);
  return resource ? bindResource(found, resource) : found;
}

function kindProvider(kind: string): CoreProvider {
  let found = providers.get(kind);
  if (!found) {
    const spec = specOf(kind);
    if (!spec) throw new Error(`unknown resource kind ${kind}: is pulumi-compute older than the state?`);
    found = makeProvider(spec);
    providers.set(kind, found);
  }
  return found;
}

export function configure(req: pulumi.dynamic.ConfigureRequest): void {
  configureSettings(req.config);
}

/** The provider a resource's `__provider` module hands the host (`shim.ts`): the resource's, and
 * `configure`. Modules written before resources had a context name the kind only. */
export function shim(kind: string, resource?: ResourceContext): pulumi.dynamic.ResourceProvider {
  const found = provider(kind, resource);
  return {
    ...found,
    // Each failure's line names its path; a property would have the engine print its value.
    check: async (olds, news) => {
      const result = await found.check(olds, news);
      return { ...result, failures: result.failures?.map((f) => ({ ...f, property: "" })) };
    },
    configure: async (req) => configure(req),
  };
}
