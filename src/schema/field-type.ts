/**
 * A field's type as the generated artefacts (package schema, reference pages) need it: a small
 * subset of JSON Schema, read from a zod input's JSON Schema (`fromJsonSchema`) or a class's
 * declared output type (`class-docs.ts`).
 */
import type { JsonSchema } from "../provider/core/input-schema";

export type { JsonSchema };

export type FieldType =
  /** `enum`: the values a contract enum allows; `name`: the type alias that names them (`ImageStatus`). */
  (
    | { type: "string"; enum?: string[]; name?: string }
    /** `idReference`: an ID that another resource's `id` (a string) gives: a string in the package schema. */
    | { type: "integer"; idReference?: true }
    | { type: "number" }
    | { type: "boolean" }
    | { type: "array"; items: FieldType }
    /** A closed object: its properties by name, `required` naming those it always has. */
    | {
        type: "object";
        properties: Record<string, FieldType>;
        required: string[];
        /** The interface it comes from, where it names the type (`VpcResult`). */
        name?: string;
      }
    /** String keys, values of one type. */
    | { type: "map"; values: FieldType }
    | { type: "any" }
  ) & {
    /** The value may be null (an API field that is cleared). */
    nullable?: boolean;
    /** Set on an object's properties that carry TSDoc. */
    description?: string;
  };

const ANY: FieldType = { type: "any" };

export function fromJsonSchema(schema: JsonSchema): FieldType {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== "null");
    const one = types.length === 1 ? fromJsonSchema({ ...schema, type: types[0] }) : ANY;
    return types.length < schema.type.length ? { ...one, nullable: true } : one;
  }
  if (schema.anyOf) {
    const options = schema.anyOf.filter((option) => option.type !== "null");
    const nullable = options.length < schema.anyOf.length;
    const one = options.length === 1 ? fromJsonSchema(options[0]!) : ANY;
    return nullable ? { ...one, nullable: true } : one;
  }
  switch (schema.type) {
    case "string":
      return schema.enum ? { type: "string", enum: schema.enum.map(String) } : { type: "string" };
    case "integer":
      return schema["x-id-reference"] ? { type: "integer", idReference: true } : { type: "integer" };
    case "number":
    case "boolean":
      return { type: schema.type };
    case "array":
      return { type: "array", items: schema.items ? fromJsonSchema(schema.items) : ANY };
    case "object": {
      if (schema.properties && Object.keys(schema.properties).length > 0) {
        return {
          type: "object",
          properties: Object.fromEntries(
            Object.entries(schema.properties).map(([name, field]) => [name, fromJsonSchema(field)]),
          ),
          required: schema.required ?? [],
          ...(schema.title && { name: schema.title }),
        };
      }
      const values = schema.additionalProperties;
      return { type: "map", values: typeof values === "object" ? fromJsonSchema(values) : ANY };
    }
    default:
      return ANY;
  }
}

/**
 * The type with the descriptions of `described` (the same shape as a class declares it, with TSDoc)
 * on the properties that have none, at every depth, and its name on an enum (`Filesystem`).
 */
export function withDescriptions(type: FieldType, described: FieldType | undefined): FieldType {
  if (!described) return type;
  if (type.type === "string" && type.enum && described.type === "string" && described.name)
    return { ...type, name: described.name };
  if (type.type === "array" && described.type === "array")
    return { ...type, items: withDescriptions(type.items, described.items) };
  if (type.type === "map" && described.type === "map")
    return { ...type, values: withDescriptions(type.values, described.values) };
  if (type.type !== "object" || described.type !== "object") return type;
  const properties = Object.fromEntries(
    Object.entries(type.properties).map(([name, field]) => {
      const other = described.properties[name];
      const inner = withDescriptions(field, other);
      const description = field.description ?? other?.description;
      return [name, description ? { ...inner, description } : inner];
    }),
  );
  return { ...type, properties };
}
