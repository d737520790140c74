/**
 * ID references between the providers and the engine. The providers hold an ID that another
 * resource's `id` gives (`idFrom`: `Subnet.vpcId`, an interface's `subnetId`, a config's devices)
 * as a number, as the dynamic form's state does, and so do computed outputs that hold an ID
 * (an `idOutput` of the spec's `outputs`: `ConfigInterface.vpcId`); the package schema types it `string`, so that a
 * typed SDK (Go, Python) reads it as one. The plugin sends such values to the engine as strings
 * (check's inputs, the outputs, read's inputs) and hands them to the providers as numbers again (old
 * and new inputs, stored outputs): state written before the strings (numbers) and after reads the same.
 */
import { core, type AnySpec, type JsonSchema, type Props } from "../provider/core-interface";

const { inputJsonSchema, outputJsonSchema } = core();

/** An ID as the engine's strings write it (as `idFrom` reads it). */
const DECIMAL_ID = /^[1-9][0-9]*$/;

type Leaf = (value: unknown) => unknown;

const asString: Leaf = (value) => (typeof value === "number" ? String(value) : value);
const asNumber: Leaf = (value) =>
  typeof value === "string" && DECIMAL_ID.test(value) ? Number(value) : value;

/** The value with `leaf` applied to every ID reference its schema marks; other values as they are. */
function walk(value: unknown, schema: JsonSchema, leaf: Leaf): unknown {
  if (value === null || value === undefined) return value;
  if (schema["x-id-reference"]) return leaf(value);
  // A nullable or optional field: each option (leaves change only values of their own type).
  if (schema.anyOf) return schema.anyOf.reduce<unknown>((inner, option) => walk(inner, option, leaf), value);
  if (Array.isArray(value))
    return schema.items ? value.map((item) => walk(item, schema.items!, leaf)) : value;
  if (typeof value !== "object") return value;
  const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const field = schema.properties?.[key] ?? extra;
      return [key, field ? walk(inner, field, leaf) : inner];
    }),
  );
}

/**
 * A data function's result as its invoke answers it: the IDs its schema marks (`idOutput()` in
 * `src/functions/schemas`) as strings, as the package schema types them; other values as they are.
 */
export const resultIdsAsStrings = (result: unknown, schema: JsonSchema): unknown =>
  walk(result, schema, asString);

export interface IdConversions {
  /** Check's inputs, create's, update's and read's outputs, read's inputs: ID references as strings. */
  toEngine(props: Props): Props;
  /** What the engine sends (inputs, stored outputs): ID references as numbers, as the providers hold them. */
  toProvider(props: Props): Props;
}

/**
 * The conversions for a kind's properties: its inputs' ID references, whether inputs or echoed as
 * outputs, and the computed outputs that hold IDs (`idOutput`s of the spec's declared `outputs`).
 */
export function idConversions(spec: Pick<AnySpec, "inputs" | "outputs">): IdConversions {
  const inputs = inputJsonSchema(spec.inputs);
  const computed = outputJsonSchema(spec.outputs);
  const schema = { ...inputs, properties: { ...computed.properties, ...inputs.properties } };
  return {
    toEngine: (props) => walk(props, schema, asString) as Props,
    toProvider: (props) => walk(props, schema, asNumber) as Props,
  };
}
