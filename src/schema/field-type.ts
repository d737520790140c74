/**
 * A field's type as the generated artefacts (package schema, reference pages) need it: a small
 * subset of JSON Schema, read from a zod input's JSON Schema (`fromJsonSchema`) or a class's
 * declared output type (`class-docs.ts`).
 */

export type FieldType = (
  | { type: "string"; enum?: string[] }
  | { type: "integer" }
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

/** What zod's `toJSONSchema` writes (the keys read here). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
}

const ANY: FieldType = { type: "any" };

export function fromJsonSchema(schema: JsonSchema): FieldType {
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
        };
      }
      const values = schema.additionalProperties;
      return { type: "map", values: typeof values === "object" ? fromJsonSchema(values) : ANY };
    }
    default:
      return ANY;
  }
}
