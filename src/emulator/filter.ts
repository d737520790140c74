/**
 * `X-Filter` on list endpoints. The router parses and checks it against the endpoint's
 * `filterable` fields before the handler runs (400 naming `X-Filter`), and hands it to `paginate`
 * with the paging query, so a list is filtered and sorted before it is cut into pages.
 *
 * Rules: keys of one object are AND-ed; `+and`/`+or` take arrays of filter objects; a field's
 * value is equality or an object of operators (`+gt`, `+gte`, `+lt`, `+lte` on numbers or
 * date-time strings, `+contains` on strings, `+neq`, and `+or`/`+and` over conditions); dotted
 * keys reach nested fields (`entity.id`); a field holding an array (`tags`) matches when one of
 * its elements does (`+neq`: when none equals). `+order_by` (a filterable field) and `+order`
 * (`asc`, `desc`) sort, at the top level only.
 */
import { FILTER_HEADER, type Endpoint } from "../contract";
import { ApiError } from "./api-error";

export interface CompiledFilter {
  matches(item: unknown): boolean;
  order?: { field: string; desc: boolean };
}

type Predicate = (item: unknown) => boolean;
type Json = Record<string, unknown>;

/** How deep `+and`/`+or` may nest; deeper filters are refused rather than walked. */
const MAX_DEPTH = 16;

const COMPARISONS: Record<string, (c: number) => boolean> = {
  "+gt": (c) => c > 0,
  "+gte": (c) => c >= 0,
  "+lt": (c) => c < 0,
  "+lte": (c) => c <= 0,
};

const bad = (reason: string) => ApiError.badRequest(reason, FILTER_HEADER);
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

interface Rules {
  filterable: ReadonlySet<string>;
  unorderable: ReadonlySet<string>;
}

/** The header's filter for `endpoint`, or undefined when none was sent. Throws 400 on a bad one. */
export function parseFilter(raw: string | undefined, endpoint: Endpoint): CompiledFilter | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw bad("X-Filter is not valid JSON");
  }
  if (!isObject(json)) throw bad("X-Filter must be a JSON object");
  const rules: Rules = {
    filterable: new Set(endpoint.filterable ?? []),
    unorderable: new Set(endpoint.unorderable ?? []),
  };
  const { "+order_by": orderBy, "+order": order, ...conditions } = json;
  if (order !== undefined && order !== "asc" && order !== "desc") throw bad('+order must be "asc" or "desc"');
  if (orderBy !== undefined) {
    if (typeof orderBy !== "string") throw bad("+order_by must name a field");
    if (!rules.filterable.has(orderBy) || rules.unorderable.has(orderBy)) {
      throw bad(`Cannot order by ${orderBy}`);
    }
  }
  return {
    matches: compileObject(conditions, rules, 0),
    // `+order` alone leaves the list in its default order.
    ...(typeof orderBy === "string" ? { order: { field: orderBy, desc: order === "desc" } } : {}),
  };
}

/** The items the filter keeps, in its order (stable: ties keep the list's default order). */
export function applyFilter<T>(items: T[], filter: CompiledFilter | undefined): T[] {
  if (!filter) return items;
  const kept = items.filter((item) => filter.matches(item));
  const order = filter.order;
  if (!order) return kept;
  return kept
    .map((item, index) => ({ item, index, value: valueAt(item, order.field) }))
    .sort((a, b) => {
      const c = sortOrder(a.value, b.value);
      return c !== 0 ? (order.desc ? -c : c) : a.index - b.index;
    })
    .map((e) => e.item);
}

const attached = new WeakMap<object, CompiledFilter>();

/** The router gives a list request's filter to `paginate` through the request's paging query. */
export function attachFilter(query: object, filter: CompiledFilter | undefined): void {
  if (filter) attached.set(query, filter);
}

export function filterOf(query: object): CompiledFilter | undefined {
  return attached.get(query);
}

function compileObject(filter: Json, rules: Rules, depth: number): Predicate {
  if (depth > MAX_DEPTH) throw bad("X-Filter is nested too deeply");
  const parts = Object.entries(filter).map(([key, value]): Predicate => {
    if (key === "+and" || key === "+or") {
      if (!Array.isArray(value) || !value.every(isObject))
        throw bad(`${key} takes an array of filter objects`);
      const each = value.map((f) => compileObject(f, rules, depth + 1));
      return key === "+and" ? (item) => each.every((p) => p(item)) : (item) => each.some((p) => p(item));
    }
    if (key.startsWith("+")) throw bad(`${key} is not allowed here`);
    if (!rules.filterable.has(key)) throw bad(`Cannot filter on ${key}`);
    const test = compileCondition(key, value, depth + 1);
    return (item) => test(valueAt(item, key));
  });
  return (item) => parts.every((p) => p(item));
}

/** A test of one field's value (the whole array for array fields). */
function compileCondition(key: string, condition: unknown, depth: number): Predicate {
  if (depth > MAX_DEPTH) throw bad("X-Filter is nested too deeply");
  if (isScalar(condition)) return (v) => some(v, (x) => same(x, condition));
  if (!isObject(condition)) throw bad(`Invalid filter for ${key}`);
  const parts = Object.entries(condition).map(([op, operand]): Predicate => {
    const compare = COMPARISONS[op];
    if (compare) {
      if (typeof operand !== "number" && typeof operand !== "string") {
        throw bad(`${op} on ${key} takes a number or a date-time`);
      }
      return (v) =>
        some(v, (x) => {
          const c = comparison(x, operand);
          return c !== undefined && compare(c);
        });
    }
    switch (op) {
      case "+contains":
        if (typeof operand !== "string") throw bad(`+contains on ${key} takes a string`);
        return (v) => some(v, (x) => typeof x === "string" && x.includes(operand));
      case "+neq":
        if (!isScalar(operand)) throw bad(`+neq on ${key} takes a value`);
        return (v) => !some(v, (x) => same(x, operand));
      case "+or":
      case "+and": {
        if (!Array.isArray(operand)) throw bad(`${op} on ${key} takes an array`);
        const each = operand.map((c) => compileCondition(key, c, depth + 1));
        return op === "+and" ? (v) => each.every((p) => p(v)) : (v) => each.some((p) => p(v));
      }
      default:
        throw bad(`${op} is not an operator on ${key}`);
    }
  });
  return (v) => parts.every((p) => p(v));
}

/** `entity.id` → item.entity.id; undefined when a step is missing. */
function valueAt(item: unknown, path: string): unknown {
  let value = item;
  for (const step of path.split(".")) {
    if (!isObject(value)) return undefined;
    value = value[step];
  }
  return value;
}

function some(value: unknown, test: (x: unknown) => boolean): boolean {
  return Array.isArray(value) ? value.some(test) : test(value);
}

/** Equality; a number also equals its decimal string (`"entity.id": "12"`). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const mixed =
    (typeof a === "number" && typeof b === "string") || (typeof a === "string" && typeof b === "number");
  return mixed && String(a) === String(b);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** The API's date-times carry no zone and mean UTC; a client may add `Z` or fractions of a second. */
const epochMs = (s: string) => Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(s) ? s : `${s}Z`);

/** Sign of a − b for numbers, date-times and strings; undefined when they do not compare. */
function comparison(a: unknown, b: unknown): number | undefined {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") {
    if (DATE_TIME.test(a) && DATE_TIME.test(b)) {
      const diff = epochMs(a) - epochMs(b);
      if (!Number.isNaN(diff)) return diff;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === "number" && typeof b === "string" && b.trim() !== "" && !Number.isNaN(Number(b))) {
    return a - Number(b);
  }
  if (typeof a === "string" && typeof b === "number" && a.trim() !== "" && !Number.isNaN(Number(a))) {
    return Number(a) - b;
  }
  return undefined;
}

/** A total order for sorting: comparable values by `comparison`, booleans false first, missing last. */
function sortOrder(a: unknown, b: unknown): number {
  const missing = (v: unknown) => v === null || v === undefined;
  if (missing(a) || missing(b)) return Number(missing(a)) - Number(missing(b));
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  const c = comparison(a, b);
  if (c !== undefined) return Math.sign(c);
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
