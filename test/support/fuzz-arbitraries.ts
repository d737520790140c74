/**
 * fast-check arbitraries for fuzzing the emulator: junk of every JSON type (wrong types, huge
 * strings, nulls, nested junk) and values that follow an endpoint's JSON Schema closely enough to
 * get past validation now and then, drawn partly from values the emulator itself answered with.
 */
import fc from "fast-check";
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/** Strings and integers seen in the emulator's answers (region IDs, image IDs, entity IDs...), also
 * by the key they were seen under, so that a `region` field is often given a region seen before. */
export interface Pools {
  strings: string[];
  ints: number[];
  byKey: Map<string, (string | number)[]>;
}

export const emptyPools = (): Pools => ({ strings: [], ints: [1, 2, 3], byKey: new Map() });

const WEIRD = [
  "",
  " ",
  "null",
  "0",
  "-1",
  "1e400",
  "NaN",
  "9".repeat(40),
  "%",
  "%E0%A4%A",
  "../..",
  "compute/debian12",
  "private/1",
  "\u0000",
  "\uD83D\uDE00",
  "<script>",
  "' OR 1=1 --",
  "{}",
  "[]",
  "a/b/c",
  "__proto__",
  "constructor",
];

const huge = fc.integer({ min: 1_000, max: 200_000 }).map((n) => "x".repeat(n));
export const junkString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD) },
  { weight: 1, arbitrary: huge },
);

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, nested(300)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const clampInt = (n: unknown, fallback: number) =>
  typeof n === "number" ? Math.max(INT32.min, Math.min(INT32.max, Math.ceil(n))) : fallback;

function safeRegExp(source: unknown): RegExp | undefined {
  if (typeof source !== "string") return undefined;
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

const ABSENT = Symbol("absent");

/** Strings matching `pattern`, when fast-check can generate them (no lookaheads, for one). */
function matchingStrings(pattern: unknown): fc.Arbitrary<string> | undefined {
  const regexp = safeRegExp(pattern);
  if (!regexp) return undefined;
  try {
    return fc.stringMatching(regexp);
  } catch {
    return undefined;
  }
}

/** Values shaped like `schema`, at every level sometimes junk (never when `junk` is false). */
export function fromSchema(schema: JsonSchema, pools: Pools, junk = true, depth = 0): fc.Arbitrary<unknown> {
  const value = shaped(schema, pools, junk, depth);
  return junk ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: junkValue }) : value;
}

function shaped(schema: JsonSchema, pools: Pools, junk: boolean, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return junkValue;
  const inner = (s: JsonSchema) => fromSchema(s, pools, junk, depth + 1);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (Array.isArray(options) && options.length) return fc.oneof(...options.map(inner));
  }
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case "string": {
      const min = (schema.minLength as number | undefined) ?? 0;
      const max = Math.min((schema.maxLength as number | undefined) ?? min + 40, min + 40);
      const plain = fc.string({ minLength: min, maxLength: max });
      const matching = matchingStrings(schema.pattern);
      if (matching) return fc.oneof({ weight: 4, arbitrary: matching }, { weight: 1, arbitrary: plain });
      // Short lowercase words pass most label rules, so requests get past validation more often.
      const word = fc
        .stringMatching(/^[a-z][a-z0-9]{2,19}$/)
        .filter((w) => w.length >= min && w.length <= max);
      // Mixed-class strings pass password-strength rules.
      const secret = fc.stringMatching(/^[A-Z][a-z]{4}[0-9]{3}[!#%]{2}[a-z]{4}$/);
      const options = [
        { weight: 3, arbitrary: word },
        { weight: 1, arbitrary: secret },
        { weight: 2, arbitrary: plain },
        ...(pools.strings.length ? [{ weight: 2, arbitrary: fc.constantFrom(...pools.strings) }] : []),
      ];
      return fc.oneof(...options);
    }
    case "integer":
    case "number": {
      const min = clampInt(schema.minimum ?? (schema.exclusiveMinimum as number | undefined), INT32.min);
      const max = clampInt(schema.maximum ?? (schema.exclusiveMaximum as number | undefined), INT32.max);
      const options: fc.Arbitrary<number>[] = [fc.integer({ min: Math.min(min, max), max })];
      if (pools.ints.length) options.push(fc.constantFrom(...pools.ints));
      return fc.oneof(...options);
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = Math.min((schema.minItems as number | undefined) ?? 0, 4);
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 4, 4));
      return fc.array(inner((schema.items as JsonSchema | undefined) ?? {}), { minLength, maxLength });
    }
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = ((schema.required ?? []) as string[]).filter((k) => k in props);
      // A field often gets a value seen under its name before (a `region` gets a region ID).
      const field = (key: string, s: JsonSchema) => {
        const pattern = safeRegExp(s.pattern);
        const seen = (pools.byKey.get(key) ?? []).filter((v) => !pattern || pattern.test(String(v)));
        return seen.length ? fc.oneof(inner(s), fc.constantFrom(...seen)) : inner(s);
      };
      // Optional fields are left out three times in four: small bodies pass validation more often.
      const entry = (k: string, s: JsonSchema) =>
        required.includes(k)
          ? field(k, s)
          : fc.oneof({ weight: 3, arbitrary: fc.constant(ABSENT) }, field(k, s));
      return fc
        .record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, entry(k, s)])))
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT)));
    }
    default:
      return junkValue;
  }
}

/** The input JSON Schema of a zod schema (empty object schema when it cannot be expressed). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return { type: "object" };
  }
}

/** Adds short strings and integers found anywhere in `value` to `pools`. */
export function harvest(value: unknown, pools: Pools, key?: string): void {
  if (typeof value === "string" || typeof value === "number") {
    if (typeof value === "string" ? value.length > 64 : !Number.isInteger(value)) return;
    const all: (string | number)[] = typeof value === "string" ? pools.strings : pools.ints;
    if (all.length < 400 && !all.includes(value)) all.push(value);
    if (key === undefined) return;
    const seen = pools.byKey.get(key) ?? [];
    if (seen.length < 50 && !seen.includes(value)) pools.byKey.set(key, [...seen, value]);
  } else if (Array.isArray(value)) value.forEach((v) => harvest(v, pools, key));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) harvest(v, pools, k);
  }
}

/** A list's item IDs also count as values of the fields and path parameters naming its kind: IDs from
 * `/compute/types` for `type`, `type_id` and `typeId`; from `/compute/instances` also for `computeId`. */
export function harvestListIds(path: string, answer: unknown, pools: Pools): void {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return;
  const ids = data
    .map((item) => (item as { id?: unknown } | null)?.id)
    .filter((id): id is string | number => typeof id === "string" || typeof id === "number");
  const kinds = path
    .split("/")
    .filter((s) => s && !s.startsWith("{"))
    .slice(-2)
    .map((s) => s.replace(/s$/, ""));
  for (const key of kinds.flatMap((k) => [k, `${k}_id`, `${k}Id`])) {
    const seen = pools.byKey.get(key) ?? [];
    pools.byKey.set(key, [...seen, ...ids.filter((id) => !seen.includes(id))].slice(0, 50));
  }
}
