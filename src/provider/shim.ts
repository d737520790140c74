/**
 * The provider as Pulumi's state holds it (the `__provider` input of every resource): the text of
 * a module whose `handler()` the dynamic provider host calls (`requireFromString(text).handler()`,
 * once per text and process) to get the provider. It loads the runtime by package name and names
 * the kind and the resource's context (`resource-context.ts`: its identity, `import` and
 * `customTimeouts`), nothing else: no code, no credentials, and about 130 characters for a Vpc
 * instead of the 2.7 KB a serialized closure of the same calls takes (state the engine rewrites
 * after every step, twice per resource: inputs and outputs). The engine shows `__`-keys in no
 * display but `--json`, so the context is never an input the user reads in a diff.
 *
 * State written before holds that serialized closure, which calls the runtime's `configure` and
 * `provider(kind)`; both stay.
 *
 * The plugin serves a dynamic resource given an explicit `compute.Provider` (`src/plugin/`), and
 * reads the context back from the same text (`shimContext`).
 */
import type { ResourceContext } from "./core/resource-context";

export const PROVIDER_RUNTIME = "pulumi-compute/provider-runtime";

export function shimModule(kind: string, resource: ResourceContext): string {
  const args = [kind, resource].map((value) => JSON.stringify(value)).join(", ");
  return `exports.handler = () => require(${JSON.stringify(PROVIDER_RUNTIME)}).shim(${args});\n`;
}

/**
 * The kind and context a text of `shimModule` names; undefined for any other text (a serialized
 * closure of older state, which names no context).
 */
export function shimContext(text: unknown): { kind: string; resource: Record<string, unknown> } | undefined {
  if (typeof text !== "string") return undefined;
  const prefix = `exports.handler = () => require(${JSON.stringify(PROVIDER_RUNTIME)}).shim(`;
  if (!text.startsWith(prefix) || !text.endsWith(");\n")) return undefined;
  try {
    const args: unknown = JSON.parse(`[${text.slice(prefix.length, -3)}]`);
    if (!Array.isArray(args) || typeof args[0] !== "string") return undefined;
    const resource: unknown = args[1] ?? {};
    if (typeof resource !== "object" || resource === null || Array.isArray(resource)) return undefined;
    return { kind: args[0], resource: Object.fromEntries(Object.entries(resource)) };
  } catch {
    return undefined;
  }
}
