/**
 * The package schema types a number `integer` wherever the contract says int (a Go or Python SDK
 * then reads an int, not a float), `string` where it is an ID another resource's `id` gives, and
 * `number` only where the contract's field is a real number. The expectation is derived from the
 * contract: a kind's zod inputs, the records its `toOutputs` and the data functions' converters read.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { computedIdSchema } from "../../../src/provider/core/computed-ids";
import { inputJsonSchema, type JsonSchema } from "../../../src/provider/core/input-schema";
import { SPECS } from "../../../src/provider/specs";
import { readingProgram } from "../../../src/schema/class-docs";
import {
  argumentFields,
  fieldRead,
  resultRecords,
  type ResultRecord,
} from "../../../src/schema/record-integers";
import { schemaText } from "../../../src/schema/schema-file";
import { readOutputRecords } from "../../../src/schema/spec-facts";

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

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sub = (s: JsonSchema | undefined, key: "items" | "properties", name = "") =>
  s &&
  options(s)
    .map((o) => (key === "items" ? o.items : o.properties?.[name]))
    .find((o) => o !== undefined);

/**
 * Walks a schema property and its contract field side by side; `records`: the data functions'
 * result records, a named result type following its own record and converter paths.
 */
function walk(
  spec: Spec,
  contract: JsonSchema | undefined,
  at: string,
  leaves: Leaf[],
  records: ReadonlyMap<string, ResultRecord> = new Map(),
): void {
  if (spec.$ref) {
    const token = spec.$ref.replace("#/types/", "");
    const own = records.get(token.replace("compute:index:", ""));
    const type = schema.types[token] ?? {};
    if (!own) return walk(type, contract, at, leaves, records);
    for (const [key, inner] of Object.entries(type.properties ?? {}))
      walk(inner, fieldRead(own, key), `${at}.${key}`, leaves, records);
    return;
  }
  if (spec.items) return walk(spec.items, sub(contract, "items"), `${at}[]`, leaves, records);
  if (spec.properties) {
    for (const [key, inner] of Object.entries(spec.properties)) {
      const read = sub(contract, "properties", snake(key)) ?? sub(contract, "properties", key);
      walk(inner, read, `${at}.${key}`, leaves, records);
    }
    return;
  }
  leaves.push({ at, contract: contractKind(contract), typed: spec.type });
}

const resourceLeaves = (): Leaf[] => {
  const outputs = readOutputRecords();
  const leaves: Leaf[] = [];
  for (const spec of SPECS) {
    const resource = schema.resources[`compute:index:${spec.kind}`]!;
    const inputs = inputJsonSchema(spec.inputs).properties ?? {};
    const ids = computedIdSchema(spec.computedIds).properties ?? {};
    for (const [name, property] of Object.entries(resource.inputProperties))
      walk(property, inputs[name], `${spec.kind}.${name}`, leaves);
    for (const name of spec.computed) {
      const record = outputs.get(spec.kind);
      walk(resource.properties[name]!, record && fieldRead(record, name), `${spec.kind}.${name}`, leaves);
      // The IDs among them (`computedIds`).
      const marked: Leaf[] = [];
      walk(resource.properties[name]!, ids[name], `${spec.kind}.${name}`, marked);
      leaves.push(...marked.filter((l) => l.contract === "id"));
    }
  }
  return leaves;
};

const functionLeaves = (): Leaf[] => {
  const index = path.resolve(__dirname, "../../../src/functions/index.ts");
  const program = readingProgram([index]);
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter((f) => path.resolve(f.fileName).startsWith(path.dirname(index) + path.sep));
  const records = resultRecords(files, checker);
  const leaves: Leaf[] = [];
  for (const file of files) {
    for (const fn of file.statements.filter(ts.isFunctionDeclaration)) {
      const found = schema.functions[`compute:index:${fn.name?.text}`];
      if (!found) continue;
      const args = argumentFields(fn, files, checker);
      for (const [name, property] of Object.entries(found.inputs.properties ?? {}))
        walk(property, args[name], `${fn.name!.text}(${name})`, leaves);
      // The result is a named `...Result` or an object of them.
      const result = fn.type && ts.isTypeReferenceNode(fn.type) ? fn.type.typeArguments?.[0] : undefined;
      const name = result && ts.isTypeReferenceNode(result) ? result.typeName.getText() : "";
      for (const [key, property] of Object.entries(found.outputs.properties ?? {})) {
        const own = records.get(name);
        walk(property, own && fieldRead(own, key), `${name}.${key}`, leaves, records);
      }
    }
  }
  return leaves;
};

const leaves = [...resourceLeaves(), ...functionLeaves()];

it("reads the record of every kind's toOutputs that computes outputs", () => {
  const outputs = readOutputRecords();
  expect(SPECS.filter((s) => s.computed.length > 0 && !outputs.has(s.kind)).map((s) => s.kind)).toEqual([]);
  // Enough contract integers found that the rules below are not vacuous.
  expect(leaves.filter((l) => l.contract === "integer").length).toBeGreaterThan(40);
  expect(leaves.filter((l) => l.contract === "id").length).toBeGreaterThan(10);
});

it("types `integer` every number the contract says is an int", () => {
  const wrong = leaves.filter((l) => l.contract === "integer" && l.typed === "number").map((l) => l.at);
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
