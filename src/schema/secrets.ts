/**
 * Which fields of a kind are kept secret: its spec's secret inputs, and the outputs its class marks
 * secret (`<STEM>_SECRETS` in `field-lists.ts`, e.g. a token's value). Read by the plugin at run time
 * (no compiler, no class loaded) and by the generated schema.
 */
import * as lists from "../provider/field-lists";
import type { AnySpec } from "../provider/core/resource-spec";
import { stemOf } from "./stem";

const isList = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

/** The field lists of `field-lists.ts` by name (its other exports left out). */
const listed = new Map<string, readonly string[]>();
for (const [name, value] of Object.entries<unknown>(lists)) if (isList(value)) listed.set(name, value);

/** Outputs (inputs included) kept secret in the state. */
export function secretOutputs(spec: AnySpec): string[] {
  const marked = listed.get(`${stemOf(spec.kind).replace(/-/g, "_").toUpperCase()}_SECRETS`) ?? [];
  return [...new Set([...(spec.secrets ?? []), ...marked])];
}
