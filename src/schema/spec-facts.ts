/**
 * One reading of the specs for everything generated from them (the package schema, the reference
 * pages): per kind, its inputs (type, required, default, secret, replaced or updated in place), its
 * outputs, and descriptions from the classes' TSDoc. The types of inputs come from the spec's zod
 * inputs (`inputJsonSchema`: zod's `toJSONSchema`, `io: "input"`), those of computed outputs from the
 * spec's declared `outputs` (`outputJsonSchema`: the contract's fields, so an integer is one, and
 * `idOutput()`s, IDs); the names of enums and the TSDoc from the classes.
 */
import { importIdFormat } from "../provider/core/import-id";
import { inputJsonSchema, outputJsonSchema } from "../provider/core/input-schema";
import type { AnySpec } from "../provider/core/resource-spec";
import { SPECS } from "../provider/specs";
import { readClassDocs, type ClassDocs } from "./class-docs";
import {
  fromJsonSchema,
  nullableNotRequired,
  withDescriptions,
  type FieldType,
  type JsonSchema,
} from "./field-type";
import { secretOutputs } from "../provider/core/secret-fields";
import { stemOf } from "./stem";

export const PACKAGE = "compute";

export interface InputFact {
  name: string;
  type: FieldType;
  /** The field's JSON Schema as zod writes it (limits and patterns included). */
  schema: JsonSchema;
  required: boolean;
  /** What the provider uses when the program leaves it out (the spec's `defaults`). */
  default?: unknown;
  /** Left out, the API chooses it (e.g. a default label), and what it chose is no change. */
  apiChosen: boolean;
  secret: boolean;
  /** An ID (integer) that the class also takes as a string: another resource's `id` (an `idFrom` field,
   * or a list or map of them). */
  idReference: boolean;
  /** `replace`: a change replaces the resource (the spec's `replaceOn`); `update`: changed in place
   * (unless the kind's `conditionalReplaces` rule says otherwise for a pair of values). */
  change: "replace" | "update";
  description: string;
}

export interface OutputFact {
  name: string;
  type: FieldType;
  /** Always present once the resource exists. */
  required: boolean;
  secret: boolean;
  /** Computed by the API (not an input echoed back). */
  computed: boolean;
  description: string;
}

export interface KindFacts {
  kind: string;
  /** The file stem of every layer: `instance-disk`. */
  stem: string;
  /** The package schema's type token: `compute:index:Vpc`. */
  token: string;
  description: string;
  inputs: InputFact[];
  outputs: OutputFact[];
  /** Some inputs replace for some pairs of values only (the spec's `replaces` rule; its TSDoc says which). */
  conditionalReplaces: boolean;
  /** A replacement may delete the old resource first (the spec's `deleteBeforeReplace` rule). */
  deleteBeforeReplace: boolean;
  /** The inputs holding the parents' IDs (the spec's `parents`), which a read needs besides the ID. */
  parents: string[];
  /** The ID `pulumi import` takes (`import-id.ts`): `vpcId/subnetId`. */
  importId: string;
}

export const tokenOf = (kind: string): string => `${PACKAGE}:index:${kind}`;

/** Every kind's facts, in the registry's order. */
export function specFacts(specs: readonly AnySpec[] = SPECS): KindFacts[] {
  const docs = readClassDocs(specs.map((spec) => spec.kind));
  return specs.map((spec) => factsOf(spec, docs.get(spec.kind)!));
}

/**
 * An ID input: an `idFrom` field (`x-id-reference`), or a list, map or object of nothing but them (a
 * config's `devices`); not an object holding one among other fields (an interface's `subnetId`).
 */
function holdsIds(type: FieldType): boolean {
  if (type.type === "integer") return type.idReference === true;
  if (type.type === "array") return holdsIds(type.items);
  if (type.type === "map") return holdsIds(type.values);
  if (type.type === "object") return Object.values(type.properties).every(holdsIds);
  return false;
}

export function factsOf(spec: AnySpec, docs: ClassDocs): KindFacts {
  const json = inputJsonSchema(spec.inputs);
  const properties = json.properties ?? {};
  const required = new Set(json.required ?? []);
  const defaults: Record<string, unknown> = spec.defaults ?? {};
  const secrets = new Set(secretOutputs(spec));
  const inputSecrets = new Set<string>(spec.secrets ?? []);
  const apiChosen = new Set<string>(spec.apiChosen ?? []);
  const inputs: InputFact[] = Object.keys(spec.inputs.shape).map((name) => {
    const schema = properties[name] ?? {};
    return {
      name,
      // Nested properties described by the class's declared output of the same name.
      type: withDescriptions(fromJsonSchema(schema), docs.outputs[name]?.type),
      schema,
      required: required.has(name),
      ...(name in defaults && { default: defaults[name] }),
      apiChosen: apiChosen.has(name),
      secret: inputSecrets.has(name),
      idReference: holdsIds(fromJsonSchema(schema)),
      change: spec.replaceOn.includes(name) ? "replace" : "update",
      description: docs.inputs[name] ?? "",
    };
  });
  const missing = inputs.filter((input) => !(input.name in docs.inputs)).map((input) => input.name);
  if (missing.length > 0) throw new Error(`${spec.kind}: ${missing.join(", ")} not in ${spec.kind}Args`);
  const byName = new Map(inputs.map((input) => [input.name, input]));
  const declaredOutputs = outputJsonSchema(spec.outputs);
  const computedRequired = new Set(declaredOutputs.required ?? []);
  const outputs: OutputFact[] = [...inputs.map((input) => input.name), ...spec.computed].map((name) => {
    const declared = docs.outputs[name];
    const input = byName.get(name);
    if (!declared && !input) throw new Error(`${spec.kind}: output ${name} is not declared by its class`);
    const schema = declaredOutputs.properties?.[name];
    if (!input && !schema)
      throw new Error(`${spec.kind}: computed output ${name} is not in its spec's outputs`);
    // An input echoed back has the type its contract gives it; a computed one the type its spec's
    // `outputs` declares (an integer, an ID, where TypeScript says number); names and TSDoc from the class.
    const type =
      input?.type ?? withDescriptions(nullableNotRequired(fromJsonSchema(schema!)), declared?.type);
    return {
      name,
      type,
      required: input
        ? declared
          ? !declared.optional && !declared.type.nullable
          : input.required
        : computedRequired.has(name) && !type.nullable,
      secret: secrets.has(name),
      computed: !input,
      description: declared?.description || input?.description || "",
    };
  });
  return {
    kind: spec.kind,
    stem: stemOf(spec.kind),
    token: tokenOf(spec.kind),
    description: docs.description,
    inputs,
    outputs,
    conditionalReplaces: spec.replaces !== undefined,
    deleteBeforeReplace: spec.deleteBeforeReplace !== undefined,
    parents: [...(spec.parents ?? [])],
    importId: importIdFormat(spec),
  };
}
