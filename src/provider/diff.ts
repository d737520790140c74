/** `diff`: stored outputs against new inputs, input by input. Unknown new values count as changes. */
import { isDeepStrictEqual } from "node:util";
import { containsUnknown } from "./unknown";
import type { Props, ResourceSpec } from "./resource-spec";

export interface DiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** Inputs whose values differ (for messages and tests; the engine ignores it). */
  changed: string[];
}

export function diffInputs(spec: ResourceSpec, olds: Props, news: Props): DiffResult {
  const changed = Object.keys(spec.inputs.shape).filter((key) => {
    const next = news[key] ?? spec.defaults?.[key];
    return containsUnknown(next) || !isDeepStrictEqual(olds[key] ?? spec.defaults?.[key], next);
  });
  const replaces = changed.filter((key) => spec.replaceOn.includes(key));
  return {
    changes: changed.length > 0,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && (spec.deleteBeforeReplace?.(olds, news) ?? false),
    changed,
  };
}
