/**
 * Which fields of a kind are kept secret, as its spec declares them: its secret inputs (`secrets`)
 * and the outputs the API computes secret (`secretOutputs`, e.g. a token's value). The lists live in
 * `field-lists.ts`, which the resource classes read too (they load no spec). Read by the plugin at
 * run time and by the generated schema.
 */
import type { AnySpec } from "./resource-spec";

/** Outputs (inputs included) kept secret in the state. */
export function secretOutputs(spec: AnySpec): string[] {
  return [...new Set([...(spec.secrets ?? []), ...(spec.secretOutputs ?? [])])];
}
