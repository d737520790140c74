/**
 * Every resource kind's spec by kind name, each loaded on the first use of its kind (the registry,
 * `kind-registry.ts`, says where): a provider process loads the kinds its stack holds, not all of
 * them (and not the contract areas they alone use). `specs.ts` loads them all, for what lists every
 * kind (the plugin's schema, the docs).
 */
import type { AnySpec, OutputsOf } from "./core/resource-spec";
import {
  KIND_NAMES as REGISTERED,
  KINDS,
  specExportOf,
  type KindName,
  type SpecOfKind,
} from "./kind-registry";

/** The kinds whose spec is no spec, or whose outputs were not inferred (`defineSpec`'s `toOutputs`
 * has no annotated record). */
type Untyped = {
  [K in KindName]: SpecOfKind<K> extends AnySpec
    ? string extends keyof OutputsOf<SpecOfKind<K>>
      ? K
      : never
    : K;
}[KindName];
/** Fails to compile, naming the kind, for a spec whose outputs are untyped (its `toOutputs` record not annotated). */
const everySpecTyped: [Untyped] extends [never] ? true : Untyped = true;
void everySpecTyped;

/** Every kind's name (`Vpc`), in the registry's order. */
export const KIND_NAMES: readonly string[] = REGISTERED;

/** The kind's spec, loaded on first use (Node keeps the module); undefined for an unknown kind. State
 * written by older versions named kinds in lower case (`vpc`), so the lookup ignores case. */
export function specOf(kind: string): AnySpec | undefined {
  const name = REGISTERED.find((known) => known.toLowerCase() === kind.toLowerCase());
  if (name === undefined) return undefined;
  const module: Record<string, unknown> = KINDS[name].module();
  const spec = module[specExportOf(name)];
  if (!isSpecOf(name, spec))
    throw new Error(`${name}: its module exports no ${specExportOf(name)} of kind ${name}`);
  return spec;
}

/** The registry's typing holds each kind's module to a spec named after the kind (`Untyped` above);
 * this checks what was loaded is that. */
function isSpecOf(kind: KindName, value: unknown): value is AnySpec {
  return typeof value === "object" && value !== null && "kind" in value && value.kind === kind;
}
