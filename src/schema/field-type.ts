/**
 * A field's type as the generated artefacts (package schema, reference pages) need it: a small
 * subset of JSON Schema, read from a zod schema's JSON Schema (`fromJsonSchema`: a spec's inputs and
 * outputs, a data function's arguments and result) or a declared TypeScript type (`class-docs.ts`),
 * which gives the TSDoc and the names.
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

/**
 * A declared type as a TypeScript reading of it gives it: a property that may be null is not
 * required (zod requires the key), at every depth.
 */
export function nullableNotRequired(type: FieldType): FieldType {
  if (type.type === "array") return { ...type, items: nullableNotRequired(type.items) };
  if (type.type === "map") return { ...type, values: nullableNotRequired(type.values) };
  if (type.type !== "object") return type;
  const properties = Object.fromEntries(
    Object.entries(type.properties).map(([key, inner]) => [key, nullableNotRequired(inner)]),
  );
  return { ...type, properties, required: type.required.filter((key) => !properties[key]?.nullable) };
}

/**
 * The type a schema declares (`declared`, from its JSON Schema) with what its TypeScript interface
 * adds (`written`, `class-docs.ts`'s reading of it): the interface's order of properties, its
 * TSDoc, and the names of its interfaces (`VpcResult`) and enum aliases (`ImageStatus`). The types
 * themselves are the declaration's; a property on one side only stops generation, naming it (`at`).
 */
export function asWritten(declared: FieldType, written: FieldType, at: string): FieldType {
  const nullable = declared.nullable ? { nullable: true } : {};
  if (declared.type === "array" && written.type === "array")
    return { ...declared, items: asWritten(declared.items, written.items, `${at}[]`) };
  if (declared.type === "map" && written.type === "map")
    return { ...declared, values: asWritten(declared.values, written.values, `${at}{}`) };
  if (declared.type === "string" && declared.enum && written.type === "string" && written.name)
    return { ...declared, name: written.name };
  if (declared.type !== "object") return declared;
  if (written.type !== "object") throw new Error(`${at}: an object in its schema, not in its interface`);
  const keys = Object.keys(written.properties);
  const unwritten = Object.keys(declared.properties).filter((key) => !keys.includes(key));
  const undeclared = keys.filter((key) => !(key in declared.properties));
  if (unwritten.length > 0 || undeclared.length > 0)
    throw new Error(
      `${at}: ${[...unwritten.map((k) => `${k} not in its interface`), ...undeclared.map((k) => `${k} not in its schema`)].join(", ")}`,
    );
  const properties = Object.fromEntries(
    keys.map((key) => {
      const { description } = written.properties[key]!;
      const type = asWritten(declared.properties[key]!, written.properties[key]!, `${at}.${key}`);
      return [key, description ? { ...type, description } : type];
    }),
  );
  return {
    type: "object",
    properties,
    required: keys.filter((key) => declared.required.includes(key)),
    ...((written.name ?? declared.name) && { name: written.name ?? declared.name }),
    ...nullable,
  };
}
