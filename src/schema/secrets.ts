/**
 * Which fields of a kind are kept secret: its spec's secret inputs, and the outputs its class marks
 * secret (`<STEM>_SECRETS` in `field-lists.ts`, e.g. a token's value). Read by the plugin at run time
 * (no compiler, no class loaded) and by the generated schema.
 */
import * as lists from "../provider/field-lists";
import type { AnySpec } from "../provider/core/resource-spec";
import { stemOf } from "./stem";

const listed = lists as unknown as Record<string, readonly string[] | undefined>;

/** Outputs (inputs included) kept secret in the state. */
export function secretOutputs(spec: AnySpec): string[] {
  const marked = listed[`${stemOf(spec.kind).replace(/-/g, "_").toUpperCase()}_SECRETS`] ?? [];
  return [...new Set([...(spec.secrets ?? []), ...marked])];
}
