/**
 * Preview-time rules that read the API (a spec's `lookups`): the contract's rules across records
 * (`record-rules.ts`) run against the catalogues and the parent's live children, for values that are
 * known (a parent this `up` creates has no ID at preview) and new (a resource whose value is
 * unchanged reads nothing, so a no-change preview sends no request).
 */
import { isDeepStrictEqual } from "node:util";
import type { Problem } from "../../contract/record-rules";
import type { Catalogue, Records } from "./catalogues";
import { isNewResource, type CheckFailure } from "./check";
import type { Props } from "./resource-spec";
import { containsUnknown } from "./unknown";

/** Whether each value is known (not the engine's placeholder of a value an earlier step computes). */
export const known = (...values: unknown[]): boolean => !values.some(containsUnknown);

/** Whether the inputs ask a value of `key` the API has not checked yet: known, and new or changed. */
export function asksNew(inputs: Props, olds: Props, key: string): boolean {
  if (inputs[key] === undefined || !known(inputs[key])) return false;
  return isNewResource(olds) || !isDeepStrictEqual(inputs[key], olds[key]);
}

const camelCase = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The contract's problems as check failures, named as the inputs are (`swap_size` → `swapSize`;
 * `rename` first for a field the inputs shape otherwise). */
export function asFailures(problems: Problem[], rename = (field: string) => field): CheckFailure[] {
  return problems.map(({ field, reason }) => ({ property: camelCase(rename(field)), reason }));
}

/** A catalogue's record for a rule, or undefined when the catalogue could not be read. */
export async function catalogued<C extends Catalogue>(
  catalogue: C,
  id: string,
): Promise<{ record: Records[C] | undefined } | undefined> {
  // Loaded on first use: a preview of an unchanged stack looks nothing up.
  const { lookUp }: typeof import("./catalogues") = require("./catalogues");
  const found = await lookUp(catalogue, id);
  return found.skip ? undefined : { record: found.record };
}
