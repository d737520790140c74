/**
 * The provider core as an adapter sees it: the one module of `src/provider` the resource plugin
 * (`src/plugin`) imports. The TypeScript classes reach the same core through their dynamic shim
 * (`shim.ts`). What serves a resource is one `CoreProvider` per kind (`make-provider.ts`), bound to
 * the request's `ResourceContext` (identity, import ID, timeouts, log, cancel signal, secret inputs);
 * its check, diff, create, read, update and delete take and return property bags with no context in
 * them, and a diff names the inputs it found changed.
 *
 * Two tiers, so that the plugin answers GetPluginInfo, GetSchema and Configure without loading the
 * kinds: what every request may need (settings, unknowns, failures, the engine watch) is exported
 * here; the kinds' providers and the rules of the protocol's steps come from `core()`, loaded on the
 * first request about a resource or a function.
 */
export type { CheckFailure } from "./core/check";
export type { CoreDiffResult, CoreProvider } from "./core/make-provider";
export type { Props } from "./core/props";
export type { ResourceContext } from "./core/resource-context";
export type { AnySpec } from "./core/resource-spec";
export type { ConfigSource } from "./core/settings";
export type { JsonSchema } from "./core/input-schema";

export { closestName } from "./core/closest-name";
export {
  attachEngine,
  engineAddress,
  exitWhenEngineGone,
  markPluginProcess,
  parseEngineAddress,
  watchEngine,
} from "./core/engine-watch";
export { PartialFailure } from "./core/errors";
export { processMemory } from "./core/process-memory";
export { apiToken, apiUrlIfSet } from "./core/settings";
export { booleanSetting, positiveSeconds, SETTINGS } from "./core/settings-spec";
export { shimContext } from "./shim";
export { withoutShownValue } from "./core/shown-value";
export { containsUnknown, UNKNOWN } from "./core/unknown";

/** The kinds' providers and the protocol steps' rules (`core-providers.ts`). */
export type Core = typeof import("./core-providers");

let loaded: Core | undefined;

/** The core's providers, loaded on first use. */
export function core(): Core {
  // A require, not an import: loading the kinds (zod, the specs, the client) waits for the first
  // request about a resource or a function.
  loaded ??= require("./core-providers") as Core;
  return loaded;
}
