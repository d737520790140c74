/**
 * Pulumi's property paths (`interfaces[1].ipv4.vpc`, `tags["a.b"]`), as the engine writes them in a
 * detailed diff and in `ignoreChanges`: parsed into keys and indexes, written back, and the leaves
 * where two values differ.
 */
import { isDeepStrictEqual } from "node:util";

export type PathElement = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `a.b[0]["c.d"]` → `["a", "b", 0, "c.d"]`; undefined for a path that does not parse. */
export function parsePath(text: string): PathElement[] | undefined {
  const elements: PathElement[] = [];
  const re = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|\[\*\]|\.?\*)/;
  let rest = text;
  while (rest.length > 0) {
    const match = re.exec(rest);
    if (!match) return undefined;
    if (match[1] !== undefined) elements.push(match[1]);
    else if (match[2] !== undefined) elements.push(Number(match[2]));
    else if (match[3] !== undefined) elements.push(JSON.parse(`"${match[3]}"`) as string);
    else return undefined; // A wildcard: not a single place.
    rest = rest.slice(match[0].length);
  }
  return elements.length > 0 && typeof elements[0] === "string" ? elements : undefined;
}

/** The path as the engine writes it. */
export function formatPath(elements: readonly PathElement[]): string {
  return elements
    .map((e, i) =>
      typeof e === "number"
        ? `[${e}]`
        : IDENTIFIER.test(e)
          ? i === 0
            ? e
            : `.${e}`
          : `[${JSON.stringify(e)}]`,
    )
    .join("");
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at `path` in `value`, undefined when the path leads nowhere. */
export function valueAtPath(value: unknown, path: readonly PathElement[]): unknown {
  let at = value;
  for (const e of path) {
    if (typeof e === "number" ? !Array.isArray(at) : !isObject(at)) return undefined;
    at = (at as Record<string | number, unknown>)[e];
  }
  return at;
}

/** `value` with `path` set to `to` (copies along the path; `to` undefined removes it). Unchanged when
 * the path's parent does not exist. */
export function withValueAtPath(value: unknown, path: readonly PathElement[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  if (typeof head === "number" && Array.isArray(value) && head < value.length) {
    const copy = [...value];
    copy[head] = withValueAtPath(value[head], rest, to);
    return copy;
  }
  if (typeof head === "string" && isObject(value)) {
    const next = withValueAtPath(value[head], rest, to);
    const { [head]: _, ...others } = value;
    return next === undefined ? others : { ...others, [head]: next };
  }
  return value;
}

export type LeafChange = "add" | "delete" | "update";

/**
 * Where `before` and `after` differ, down to the leaves: objects key by key and lists index by
 * index. A key `after` leaves out below the top (`keepsLeftOut`) is the API's to fill and no change.
 * A difference with no leaf to name (a list against an object, a number against a string) is the
 * place itself.
 */
export function leafChanges(
  path: readonly PathElement[],
  before: unknown,
  after: unknown,
  keepsLeftOut = true,
): [PathElement[], LeafChange][] {
  if (isDeepStrictEqual(before, after)) return [];
  if (before === undefined) return [[[...path], "add"]];
  if (after === undefined) return keepsLeftOut && path.length > 1 ? [] : [[[...path], "delete"]];
  let found: [PathElement[], LeafChange][] | undefined;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    found = keys.flatMap((k) => leafChanges([...path, k], before[k], after[k], keepsLeftOut));
  } else if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    found = Array.from({ length }, (_, i) => i).flatMap((i) =>
      // An element the new list drops is removed, not the API's to fill.
      leafChanges([...path, i], before[i], after[i], keepsLeftOut && i < after.length),
    );
  }
  // Containers whose differences are all the API's to fill: none; values of other shapes: the place.
  return found ?? [[[...path], "update"]];
}
