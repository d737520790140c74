/** A field's type and limits as a reference page writes them. */
import type { FieldType, JsonSchema } from "../../src/schema/field-type";

/** `string`, `integer[]`, `map of string`, `{ day?, window? }`, `"a" or "b"`. */
export function typeText(type: FieldType, short = false): string {
  const base = ((): string => {
    switch (type.type) {
      case "string":
        if (!type.enum) return "string";
        return short ? "string" : type.enum.map((v) => `"${v}"`).join(", ");
      case "array":
        return `${typeText(type.items, true)}[]`;
      case "map":
        return `map of ${typeText(type.values, true)}`;
      case "object":
        return short
          ? "object"
          : `{ ${Object.keys(type.properties)
              .map((name) => (type.required.includes(name) ? name : `${name}?`))
              .join(", ")} }`;
      default:
        return type.type;
    }
  })();
  return type.nullable ? `${base} or null` : base;
}

const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** The limit keywords zod's JSON Schema carries besides those `JsonSchema` names. */
type Limited = JsonSchema & {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: Limited;
};

/** What the contract's schema limits: lengths, ranges, sizes, patterns, values. */
export function limitsText(schema: Limited, type: FieldType): string[] {
  const limits: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const hasMax = max !== undefined && max < UNBOUNDED;
    if (min !== undefined && hasMax) limits.push(`${min}..${max}${unit}`);
    else if (hasMax) limits.push(`at most ${max}${unit}`);
    else if (min !== undefined && min > 0) limits.push(`at least ${min}${unit}`);
  };
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minimum, schema.maximum, "");
  if (schema.exclusiveMinimum !== undefined) limits.push(`greater than ${schema.exclusiveMinimum}`);
  range(schema.minItems, schema.maxItems, " items");
  if (schema.items) limits.push(...limitsText(schema.items, { type: "any" }).map((l) => `each ${l}`));
  if (schema.pattern) limits.push(`matching \`${schema.pattern}\``);
  if (type.type === "string" && type.enum)
    limits.push(`one of ${type.enum.map((v) => `\`${v}\``).join(", ")}`);
  return limits;
}
