/**
 * A spec's inputs (and declared outputs) as JSON Schema (zod's `toJSONSchema`, `io: "input"`), as the generated artefacts
 * (package schema, reference pages) and the plugin read them: an ID that another resource's `id`
 * gives (`idFrom`) is marked `x-id-reference`, and a schema that checks its value itself
 * (`z.unknown().transform(...)`, registered in `checkedAs`) is written as the schema it checks with.
 */
import { z } from "zod";
import type * as core from "zod/v4/core";
import { idReferences } from "../../contract/fields";

/** What zod's `toJSONSchema` writes (the keys read here). */
export interface JsonSchema {
  /** A list where zod writes a nullable scalar (`["string", "null"]`). */
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
  /** The type's name, where its schema gives one (`.meta({ title })`). */
  title?: string;
  /** An ID given as another resource's `id` (an `idFrom` field). */
  "x-id-reference"?: boolean;
  /** The dialect, on the document's root. */
  $schema?: string;
}

/** Schemas that take any value and check it with another schema (to name each issue's path). */
export const checkedAs = z.registry<{ input: () => unknown }>();

export function inputJsonSchema(schema: core.$ZodType): JsonSchema {
  return jsonSchemaOf(schema, "input");
}

/** As `inputJsonSchema`, of what a schema gives (`io: "output"`): a spec's declared `outputs`. */
export function outputJsonSchema(schema: core.$ZodType): JsonSchema {
  return jsonSchemaOf(schema, "output");
}

function jsonSchemaOf(schema: core.$ZodType, io: "input" | "output"): JsonSchema {
  // zod types what it writes as any JSON Schema; `JsonSchema` names the keys its input schemas get.
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      // zod's override hands its internal schema type, which is the public $ZodType it was given.
      const zod = ctx.zodSchema as unknown as core.$ZodType;
      const checked = checkedAs.get(zod);
      // What `checked()` registers (interface-shape.ts); a registry's metadata cannot hold a schema's type.
      const input = checked?.input() as core.$ZodType | undefined;
      if (input) {
        const { $schema: _dialect, ...json } = jsonSchemaOf(input, io);
        Object.assign(ctx.jsonSchema, json);
      }
      if (idReferences.has(zod)) ctx.jsonSchema["x-id-reference"] = true;
    },
  }) as JsonSchema;
}
