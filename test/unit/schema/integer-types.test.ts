/**
 * The package schema types a number `integer` wherever the contract says int (a Go or Python SDK
 * then reads an int, not a float), `string` where it is an ID another resource's `id` gives, and
 * `number` only where the contract's field is a real number. Every schema property is walked beside
 * its contract field: a kind's zod inputs for its inputs, its declared `outputs` for its computed
 * outputs, a data function's schema (`src/functions/schemas`) for its arguments and result.
 */
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from "../../../src/provider/core/input-schema";
import { SPECS } from "../../../src/provider/specs";
import { FUNCTION_SCHEMAS, type FunctionSchema } from "../../../src/functions/schemas";
import { schemaText } from "../../../src/schema/schema-file";

interface Spec {
  type?: string;
  $ref?: string;
  items?: Spec;
  additionalProperties?: Spec;
  properties?: Record<string, Spec>;
}
const schema = JSON.parse(schemaText()) as {
  types: Record<string, Spec>;
  resources: Record<string, { properties: Record<string, Spec>; inputProperties: Record<string, Spec> }>;
  functions: Record<string, { inputs: Spec; outputs: Spec }>;
};

/** A leaf of the schema with what the contract says of it. */
interface Leaf {
  at: string;
  /** The contract's field: `integer` (int), `number` (real), `id` (an ID reference), else undefined. */
  contract?: "integer" | "number" | "id";
  typed: string | undefined;
}

const options = (s: JsonSchema): JsonSchema[] =>
  s.anyOf ? s.anyOf.filter((o) => o.type !== "null").flatMap(options) : [s];

function contractKind(s: JsonSchema | undefined): Leaf["contract"] {
  if (!s) return undefined;
  if (options(s).some((o) => o["x-id-reference"])) return "id";
  const types = options(s).map((o) => o.type);
  if (types.includes("number")) return "number";
  return types.includes("integer") ? "integer" : undefined;
}

const sub = (s: JsonSchema | undefined, key: "items" | "properties", name = "") =>
  s &&
  options(s)
    .map((o) => (key === "items" ? o.items : o.properties?.[name]))
    .find((o) => o !== undefined);

/** Walks a schema property beside a zod input's JSON Schema. */
function walkInput(spec: Spec, contract: JsonSchema | undefined, at: string, leaves: Leaf[]): void {
  if (spec.$ref)
    return walkInput(schema.types[spec.$ref.replace("#/types/", "")] ?? {}, contract, at, leaves);
  if (spec.items) return walkInput(spec.items, sub(contract, "items"), `${at}[]`, leaves);
  if (spec.properties) {
    for (const [key, inner] of Object.entries(spec.properties))
      walkInput(inner, sub(contract, "properties", key), `${at}.${key}`, leaves);
    return;
  }
  leaves.push({ at, contract: contractKind(contract), typed: spec.type });
}

const resourceLeaves = (): Leaf[] => {
  const leaves: Leaf[] = [];
  for (const spec of SPECS) {
    const resource = schema.resources[`compute:index:${spec.kind}`]!;
    const inputs = inputJsonSchema(spec.inputs).properties ?? {};
    // The computed outputs beside what their spec declares (`outputs`: contract fields, `idOutput()`s).
    const outputs = outputJsonSchema(spec.outputs).properties ?? {};
    for (const [name, property] of Object.entries(resource.inputProperties))
      walkInput(property, inputs[name], `${spec.kind}.${name}`, leaves);
    for (const name of spec.computed)
      walkInput(resource.properties[name]!, outputs[name], `${spec.kind}.${name}`, leaves);
  }
  return leaves;
};

const functionLeaves = (): Leaf[] => {
  const leaves: Leaf[] = [];
  for (const [name, declared] of Object.entries<FunctionSchema>(FUNCTION_SCHEMAS)) {
    const found = schema.functions[`compute:index:${name}`]!;
    const args = declared.args ? (inputJsonSchema(declared.args).properties ?? {}) : {};
    const result = outputJsonSchema(declared.result).properties ?? {};
    for (const [key, property] of Object.entries(found.inputs.properties ?? {}))
      walkInput(property, args[key], `${name}(args).${key}`, leaves);
    for (const [key, property] of Object.entries(found.outputs.properties ?? {}))
      walkInput(property, result[key], `${name}().${key}`, leaves);
  }
  return leaves;
};

const leaves = [...resourceLeaves(), ...functionLeaves()];

it("finds enough contract integers, reals and IDs that the rules below are not vacuous", () => {
  expect(leaves.filter((l) => l.contract === "integer").length).toBeGreaterThan(40);
  expect(leaves.filter((l) => l.contract === "number").length).toBeGreaterThanOrEqual(5);
  expect(leaves.filter((l) => l.contract === "id").length).toBeGreaterThan(10);
});

it("types `integer` every number the contract says is an int", () => {
  const wrong = leaves.filter((l) => l.contract === "integer" && l.typed !== "integer").map((l) => l.at);
  expect(wrong).toEqual([]);
});

it("types `string` every ID another resource's `id` gives, inputs and computed outputs alike", () => {
  const wrong = leaves.filter((l) => l.contract === "id" && l.typed !== "string").map((l) => l.at);
  expect(wrong).toEqual([]);
});

it("types `number` only what the contract says is a real number", () => {
  const numbers = leaves.filter((l) => l.typed === "number");
  expect(numbers.filter((l) => l.contract !== "number").map((l) => l.at)).toEqual([]);
  // Prices and credit are real numbers.
  expect(numbers.map((l) => l.at)).toEqual(
    expect.arrayContaining([/price\.hourly$/, /referrals\.credit$/].map((re) => expect.stringMatching(re))),
  );
});

it("walks every data function's arguments and result beside its schema", () => {
  // A function the walk above met without its schema would be one these rules skipped.
  expect(Object.keys(schema.functions).sort()).toEqual(
    Object.keys(FUNCTION_SCHEMAS)
      .map((name) => `compute:index:${name}`)
      .sort(),
  );
  expect(
    leaves.filter((l) => l.at.includes("(") && l.contract === undefined && l.typed === "integer"),
  ).toEqual([]);
});
