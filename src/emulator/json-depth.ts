/**
 * A nesting limit for JSON bodies. `JSON.parse` reads any depth, but `JSON.stringify` (the 65,535
 * character limits of preferences and `stackscript_data`, the file store) and any recursive walk
 * overflow the stack a few thousand levels down; no record of the API comes near 100 levels.
 */
import { ApiError } from "./api-error";

/** The body itself is level 1: `{"stackscript_data": {"a": 1}}` is 2 levels deep. */
export const MAX_JSON_DEPTH = 100;

/**
 * Where `value` nests deeper than `max` levels of objects and arrays: the top-level key under which
 * it happens (`""` when the value is not an object with keys), or undefined when it does not.
 * Walks with its own stack, so any depth is safe to measure.
 */
export function tooDeep(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  const pending: { value: unknown; depth: number; key: string }[] = [{ value, depth: 0, key: "" }];
  while (pending.length) {
    const item = pending.pop()!;
    if (item.value === null || typeof item.value !== "object") continue;
    const depth = item.depth + 1;
    if (depth > max) return item.key;
    const top = depth === 1 && !Array.isArray(item.value);
    for (const [key, child] of Object.entries(item.value)) {
      pending.push({ value: child, depth, key: top ? key : item.key });
    }
  }
  return undefined;
}

/** A 400 naming the top-level field that nests too deeply, or the body when there is none. */
export function checkDepth(value: unknown, max = MAX_JSON_DEPTH): void {
  const key = tooDeep(value, max);
  if (key === undefined) return;
  throw key
    ? ApiError.badRequest(`${key} nests too deeply: a request body allows at most ${max} levels`, key)
    : ApiError.badRequest(`Request body nests too deeply: at most ${max} levels are allowed`);
}
