/**
 * A data function's result as a TypeScript program reads it through a `compute.Provider` (`call.ts`):
 * the provider's plugin answers the IDs its schema marks (`idOutput()` in `schemas/`) as strings, as
 * the package schema types them (`plugin/id-strings.ts`); the TypeScript result types them as numbers,
 * as the function gives them without a provider. The same marks, read here from the zod schema.
 */
import { z } from "zod";
import { DECIMAL_ID, idReferences } from "../contract/fields";

/** `value` with every ID that `schema` marks as a number again; other values as they are. */
export function idsAsNumbers(value: unknown, schema: z.ZodType): unknown {
  if (value === null || value === undefined) return value;
  if (idReferences.has(schema))
    return typeof value === "string" && DECIMAL_ID.test(value) && Number.isSafeInteger(Number(value))
      ? Number(value)
      : value;
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return idsAsNumbers(value, schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).reduce<unknown>(
      (inner, option) => idsAsNumbers(inner, option),
      value,
    );
  if (schema instanceof z.ZodArray)
    return Array.isArray(value)
      ? value.map((item) => idsAsNumbers(item, schema.element as z.ZodType))
      : value;
  if (typeof value !== "object" || Array.isArray(value)) return value;
  if (schema instanceof z.ZodRecord)
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, idsAsNumbers(inner, schema.valueType as z.ZodType)]),
    );
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        shape[key] ? idsAsNumbers(inner, shape[key]) : inner,
      ]),
    );
  }
  return value;
}
