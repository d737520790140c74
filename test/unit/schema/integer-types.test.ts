/**
 * The package schema types a number `integer` wherever the contract says int (a Go or Python SDK
 * then reads an int, not a float), `string` where it is an ID another resource's `id` gives, and
 * `number` only where the contract's field is a real number. Every schema property is walked beside
 * its contract field: a kind's zod inputs for its inputs, its declared `outputs` for its computed
 * outputs; for the data functions' arguments and results, the contract field each number's declared
 * type names (`ContractNumber<"InstanceType.memory">`).
 */
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from "../../../src/provider/core/input-schema";
import { SPECS } from "../../../src/provider/specs";
import { isIntegerField, type NumberLeaf } from "../../../src/schema/contract-fields";
import { functionFacts } from "../../../src/schema/function-facts";
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
  return isIntegerField(s) ? "integer" : undefined;
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

/**
 * Walks a schema property beside the declared numbers (`NumberLeaf`s by path); `named`: the schema
 * types that are a TypeScript interface of that name (`PriceResult`), where the path starts anew.
 */
function walkDeclared(
  spec: Spec,
  at: string,
  declared: ReadonlyMap<string, NumberLeaf>,
  leaves: Leaf[],
  named: ReadonlySet<string> = new Set(),
): void {
  if (spec.$ref) {
    const name = spec.$ref.replace("#/types/compute:index:", "");
    const type = schema.types[`compute:index:${name}`] ?? {};
    if (!named.has(name)) return walkDeclared(type, at, declared, leaves, named);
    for (const [key, inner] of Object.entries(type.properties ?? {}))
      walkDeclared(inner, `${name}.${key}`, declared, leaves, named);
    return;
  }
  if (spec.items) return walkDeclared(spec.items, `${at}[]`, declared, leaves, named);
  if (spec.additionalProperties)
    return walkDeclared(spec.additionalProperties, `${at}{}`, declared, leaves, named);
  if (spec.properties) {
    for (const [key, inner] of Object.entries(spec.properties))
      walkDeclared(inner, `${at}.${key}`, declared, leaves, named);
    return;
  }
  leaves.push({ at, contract: contractKind(declared.get(at)?.field), typed: spec.type });
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
  const facts = functionFacts();
  const declared = new Map(facts.numbers.map((n) => [n.at, n]));
  const named = new Set(facts.resultTypes.map((t) => t.name));
  const leaves: Leaf[] = [];
  for (const fn of facts.functions) {
    const found = schema.functions[fn.token]!;
    for (const [name, property] of Object.entries(found.inputs.properties ?? {}))
      walkDeclared(property, `${fn.name}(args).${name}`, declared, leaves, named);
    // The result's properties, inline: those of its interface (`VpcResult`) or an anonymous object.
    const owner = fn.result.type === "object" && fn.result.name ? fn.result.name : `${fn.name}()`;
    for (const [key, property] of Object.entries(found.outputs.properties ?? {}))
      walkDeclared(property, `${owner}.${key}`, declared, leaves, named);
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
    expect.arrayContaining(
      [/PriceResult\.hourly$/, /referrals\.credit$/].map((re) => expect.stringMatching(re)),
    ),
  );
});

it("pairs every number a data function declares with a schema leaf", () => {
  // A declared number the walk above never met would be a leaf these rules skipped.
  const met = new Set(leaves.map((l) => l.at));
  const declared = functionFacts().numbers.filter((n) => n.field);
  expect(declared.filter((n) => !met.has(n.at)).map((n) => n.at)).toEqual([]);
});
