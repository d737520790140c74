/**
 * `diff`: stored outputs against new inputs, input by input. Unknown new values count as changes, and
 * so does an object not yet at rest or with work pending (`pending.ts`). A changed input replaces when it is in
 * `replaceOn`, or when the spec's `replaces` names it for this pair of values.
 */
import { isDeepStrictEqual } from "node:util";
import { isSettled } from "./pending";
import { containsUnknown } from "./unknown";
import type { AnySpec, Props } from "./resource-spec";

export interface DiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** Inputs whose values differ (for messages and tests; the engine ignores it). */
  changed: string[];
}

export function diffInputs(spec: AnySpec, olds: Props, news: Props): DiffResult {
  const defaults: Props = spec.defaults ?? {};
  const apiChosen: string[] = spec.apiChosen ?? [];
  const changed = Object.keys(spec.inputs.shape).filter((key) => {
    const next = news[key] ?? defaults[key];
    if (next === undefined && apiChosen.includes(key)) return false;
    return containsUnknown(next) || !isDeepStrictEqual(olds[key] ?? defaults[key], next);
  });
  const oneWay = changed.length > 0 ? (spec.replaces?.(olds, news) ?? []) : [];
  const replaces = changed.filter((key) => spec.replaceOn.includes(key) || oneWay.includes(key));
  return {
    changes: changed.length > 0 || !isSettled(spec.atRest, olds),
    replaces,
    deleteBeforeReplace: replaces.length > 0 && (spec.deleteBeforeReplace?.(olds, news) ?? false),
    changed,
  };
}
