/**
 * `pulumi-compute/provider-runtime`, as the dynamic provider process loads it (`shim.ts`): the
 * runtime (`runtime.ts`) and all it loads as the one bundle the build writes beside this file
 * (`runtime.bundle.js`, `scripts/bundles.ts`), loaded through a code cache of what earlier
 * processes compiled (`bundle-code-cache.ts`). Each provider it hands out notes what it ran, its
 * kind, method and, for `check`, whether the resource is new (its reads, the HTTP client), so that
 * the first process to run something the cache lacks writes the cache again.
 */
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { loadBundle } from "../bundle-code-cache";
import type * as Runtime from "./runtime";
import type { ResourceContext } from "./core/resource-context";

const bundle = loadBundle<typeof Runtime>(path.join(__dirname, "runtime.bundle.js"));

type Provider = pulumi.dynamic.ResourceProvider;

function noting(kind: string, found: Provider): Provider {
  const noted: Record<string, unknown> = {};
  for (const [method, value] of Object.entries(found)) {
    if (typeof value !== "function") {
      noted[method] = value;
      continue;
    }
    noted[method] = (...args: unknown[]) => {
      const key =
        method === "check" ? `${kind}.check.${isEmpty(args[0]) ? "new" : "stored"}` : `${kind}.${method}`;
      const result: unknown = value.apply(found, args);
      const note = () => bundle.covered(key);
      Promise.resolve(result).then(note, note);
      return result;
    };
  }
  // Each method of `found`, wrapped with the same signature: a loop over entries cannot say so.
  return noted as unknown as Provider;
}

const isEmpty = (olds: unknown) =>
  olds === undefined || olds === null || (typeof olds === "object" && Object.keys(olds).length === 0);

export function provider(kind: string, resource?: ResourceContext): Provider {
  return noting(kind, bundle.exports.provider(kind, resource));
}

export function configure(req: pulumi.dynamic.ConfigureRequest): void {
  bundle.exports.configure(req);
}

export function shim(kind: string, resource?: ResourceContext): Provider {
  return noting(kind, bundle.exports.shim(kind, resource));
}

/** Whether V8 took the code cache when this process loaded the runtime. */
export const loadedFromCache = (): boolean => bundle.fromCache;
