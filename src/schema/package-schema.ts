/**
 * The Pulumi package schema (`schema.json`, served by the plugin's GetSchema, the source of the
 * SDKs) from the spec facts: one resource per kind (`compute:index:<Kind>`), property names as the
 * classes take them, `willReplaceOnChanges` from `replaceOn`, `secret` from the secrets, object
 * types hoisted into `types` (`compute:index:<Kind><Property>`), and the provider's settings as
 * config variables and provider inputs.
 */
import { isIdField } from "../functions/result-ids";
import { importIdPlaceholder } from "../provider/core/import-id";
import { pascal } from "./names";
import type { PropertySpec } from "./property-spec";
import { REPOSITORY, GO_MODULE, RELEASES } from "./repository";
import { exampleOfKind } from "./examples";
import { fenced, renderings, splitDescription } from "./examples/renderings";
import type { SchemaTypes } from "./examples/schema-lookup";

export type { PropertySpec } from "./property-spec";
export { GO_MODULE, RELEASES, REPOSITORY } from "./repository";
import { SETTINGS } from "../provider/core/settings-spec";
import type { FieldType } from "./field-type";
import type { FunctionFact } from "./function-facts";
import { PACKAGE, type InputFact, type KindFacts, type OutputFact } from "./spec-facts";

interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** The provider's settings (`settings-spec.ts`): stack config `compute:<name>` or provider arguments. */
export const CONFIG: Record<string, PropertySpec> = SETTINGS;

const ANY = { $ref: "pulumi.json#/Any" };

class Types {
  readonly specs: Record<string, ObjectTypeSpec> = {};

  /** `descriptions`: the named interfaces' TSDoc (`VpcResult`), each type's description. */
  constructor(private readonly descriptions: Readonly<Record<string, string>> = {}) {}

  /**
   * `idReference`: integers become strings (another resource's `id` is a string). `about`: the
   * property's description, an unnamed object type's own.
   */
  property(type: FieldType, name: string, idReference: boolean, about?: string): PropertySpec {
    const described = type.description ? { description: type.description } : {};
    switch (type.type) {
      case "string":
      case "number":
      case "boolean":
        return { type: type.type, ...described };
      case "integer":
        return { type: idReference || type.idReference ? "string" : "integer", ...described };
      case "array":
        return {
          type: "array",
          items: this.property(type.items, `${name}Item`, idReference, type.description ?? about),
          ...described,
        };
      case "map":
        return {
          type: "object",
          additionalProperties: this.property(type.values, `${name}Value`, idReference),
          ...described,
        };
      case "object":
        return {
          $ref: `#/types/${this.object(type, name, idReference, type.description ?? about)}`,
          ...described,
        };
      case "any":
        return { ...ANY, ...described };
    }
  }

  /** An object's properties and required ones (a function's inputs and outputs are one, inline). */
  objectSpec(type: FieldType & { type: "object" }, name: string, idReference: boolean): ObjectTypeSpec {
    return {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(type.properties).map(([key, field]) => [
          key,
          this.property(field, `${name}${pascal(key)}`, idReference),
        ]),
      ),
      ...(type.required.length > 0 && { required: type.required }),
    };
  }

  /** A type's description: its interface's TSDoc, else the property's that holds it. */
  describe(name: string | undefined, about?: string): string | undefined {
    return (name !== undefined ? this.descriptions[name] : undefined) || about || undefined;
  }

  private object(
    type: FieldType & { type: "object" },
    path: string,
    idReference: boolean,
    about?: string,
  ): string {
    // A named interface (a data function's `VpcResult`) is one type wherever it appears.
    const name = type.name ?? path;
    const token = `${PACKAGE}:index:${name}`;
    const spec = this.objectSpec(type, name, idReference);
    // Two properties whose names join alike (`backupsSchedule`, `backups.schedule`) but whose
    // shapes differ: the later one is `<name>Details`. The first description stays.
    const known = this.specs[token];
    if (known) {
      const { description: _, ...shape } = known;
      if (JSON.stringify(shape) !== JSON.stringify(spec))
        return this.object({ ...type, name: `${name}Details` }, path, idReference, about);
      return token;
    }
    const description = this.describe(type.name, about);
    this.specs[token] = description ? { ...spec, description } : spec;
    return token;
  }
}

function inputProperty(types: Types, kind: string, input: InputFact): PropertySpec {
  return {
    ...types.property(input.type, `${kind}${pascal(input.name)}`, input.idReference, input.description),
    ...(input.description && { description: input.description }),
    ...(input.secret && { secret: true }),
    ...(input.change === "replace" && { willReplaceOnChanges: true }),
  };
}

/** An echoed input keeps its input's type, so that an object type has one token for both. */
function outputProperty(types: Types, k: KindFacts, output: OutputFact): PropertySpec {
  const idReference = k.inputs.some((i) => i.name === output.name && i.idReference);
  return {
    ...types.property(output.type, `${k.kind}${pascal(output.name)}`, idReference, output.description),
    ...(output.description && { description: output.description }),
    ...(output.secret && { secret: true }),
  };
}

/**
 * A function result's type with its ID fields' numbers as ID references (strings: result-ids.ts).
 * An ID is a whole number: its type (`number`) need not name a contract field.
 */
function withIdReferences(type: FieldType, idField = false): FieldType {
  switch (type.type) {
    case "integer":
    case "number":
      return idField ? { ...type, type: "integer", idReference: true } : type;
    case "array":
      return { ...type, items: withIdReferences(type.items, idField) };
    case "object":
      return {
        ...type,
        properties: Object.fromEntries(
          Object.entries(type.properties).map(([key, field]) => [
            key,
            withIdReferences(field, isIdField(key)),
          ]),
        ),
      };
    default:
      return type;
  }
}

/**
 * A data function as an invoke (`compute:index:getVpc`): its arguments and its result's properties
 * inline, the result's named interfaces (`SubnetResult`) as types.
 */
function functionSpec(types: Types, fn: FunctionFact): object {
  const base = pascal(fn.name);
  const inputs: FieldType & { type: "object" } = {
    type: "object",
    properties: Object.fromEntries(
      fn.args.map((a) => [a.name, a.description ? { ...a.type, description: a.description } : a.type]),
    ),
    required: fn.args.filter((a) => !a.optional).map((a) => a.name),
  };
  const result = withIdReferences(fn.result);
  if (result.type !== "object") throw new Error(`${fn.name}: its result is not an object`);
  return {
    description: fn.description,
    inputs: types.objectSpec(inputs, `${base}Args`, false),
    outputs: {
      description: types.describe(result.name) || `What ${fn.name} returns.`,
      ...types.objectSpec(result, result.name ?? `${base}Result`, false),
    },
  };
}

/**
 * A kind's description for the SDKs: its prose (the class TSDoc's TypeScript snippet left out), then its
 * reference example (src/schema/examples) in each language inside Pulumi's `{{% examples %}}`, of which
 * each SDK generator keeps its own language's block: Python's docstrings show Python, Go's comments Go.
 */
function withExamples(description: string, kind: string, schema: SchemaTypes): string {
  const example = exampleOfKind(kind);
  const { prose } = splitDescription(description);
  if (!example) return prose;
  return [
    prose,
    "",
    "{{% examples %}}",
    "## Example Usage",
    "",
    "{{% example %}}",
    `### A ${kind}`,
    "",
    ...renderings(schema, example).flatMap((r) => fenced(r)),
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}

/**
 * A kind's `## Import` section, as Pulumi's bridged providers write it, so that each SDK's docstring
 * names the ID `pulumi import` takes (`import-id.ts`), and for a child kind what `get` takes.
 */
function importSection(k: KindFacts): string {
  const lines = [
    "## Import",
    "",
    `The ID \`pulumi import\` takes for a ${k.kind}: \`${k.importId}\`${k.parents.length > 0 ? ", the parents' IDs first" : ""}.`,
    "",
    "```sh",
    `$ pulumi import ${k.token} name ${importIdPlaceholder(k.importId)}`,
    "```",
  ];
  if (k.parents.length > 0) {
    lines.push(
      "",
      `A \`get\` takes that ID, or the ${k.kind}'s \`id\` with ${k.parents.map((p) => `\`${p}\``).join(" and ")} in its state.`,
    );
  }
  return lines.join("\n");
}

/** The state a `get` of a child kind takes: its parents' IDs, which a read needs besides its ID. */
function stateInputs(types: Types, k: KindFacts): object | undefined {
  if (k.parents.length === 0) return undefined;
  const outputs = k.outputs.filter((o) => k.parents.includes(o.name));
  return {
    description: `The parents' IDs a \`get\` of a ${k.kind} by its \`id\` takes.`,
    type: "object",
    properties: Object.fromEntries(outputs.map((o) => [o.name, outputProperty(types, k, o)])),
  };
}

/**
 * What a build of the package is: its npm name, its version and the minimum Pulumi version
 * (package.json's), and where its plugin is released.
 */
export interface PackageBuild {
  /** `pulumi-compute`: the package a TypeScript program imports. */
  npmPackage: string;
  version: string;
  /** `3.259.0`: the Python SDK requires `pulumi>=` it. */
  minimumPulumi: string;
  /** Default: the repository's releases (`RELEASES`). */
  pluginDownloadURL?: string;
}

export function packageSchema(
  facts: readonly KindFacts[],
  { npmPackage, version, minimumPulumi, pluginDownloadURL = RELEASES }: PackageBuild,
  functions: readonly FunctionFact[] = [],
  typeDescriptions: Readonly<Record<string, string>> = {},
): object {
  const types = new Types(typeDescriptions);
  const resources: Record<string, { description: string; inputProperties: Record<string, PropertySpec> }> =
    Object.fromEntries(
      facts.map((k) => [
        k.token,
        {
          description: k.description,
          properties: Object.fromEntries(k.outputs.map((o) => [o.name, outputProperty(types, k, o)])),
          required: k.outputs.filter((o) => o.required).map((o) => o.name),
          inputProperties: Object.fromEntries(k.inputs.map((i) => [i.name, inputProperty(types, k.kind, i)])),
          requiredInputs: k.inputs.filter((i) => i.required).map((i) => i.name),
          ...(k.parents.length > 0 && { stateInputs: stateInputs(types, k) }),
        },
      ]),
    );
  // Once every input's type is known: the descriptions with each language's example.
  for (const k of facts) {
    const resource = resources[k.token]!;
    const described = withExamples(resource.description, k.kind, { resources, types: types.specs });
    resource.description = `${described}\n\n${importSection(k)}`;
  }
  return {
    name: PACKAGE,
    displayName: "Compute Cloud",
    version,
    description: "Resources of the Compute Cloud API (v4): VPCs, instances, disks, images and more.",
    keywords: ["pulumi", "compute", "category/cloud"],
    homepage: REPOSITORY,
    license: "Apache-2.0",
    repository: REPOSITORY,
    pluginDownloadURL,
    // supportPack: the SDKs' current layout (Python's pyproject.toml, Go's own go.mod in sdk/go).
    meta: { moduleFormat: "(.*)", supportPack: true },
    language: {
      // The npm package's name (package.json's): the TypeScript form, `import ... from "pulumi-compute"`.
      nodejs: { respectSchemaVersion: true, packageName: npmPackage },
      python: {
        respectSchemaVersion: true,
        packageName: "pulumi_compute",
        pyproject: { enabled: true },
        requires: { pulumi: `>=${minimumPulumi},<4.0.0` },
      },
      go: { respectSchemaVersion: true, importBasePath: `${GO_MODULE}/compute` },
      csharp: { respectSchemaVersion: true, rootNamespace: "PulumiCompute" },
    },
    config: { variables: CONFIG },
    provider: {
      description: "The provider's settings; each may also come from stack config `compute:<name>`.",
      inputProperties: CONFIG,
    },
    types: types.specs,
    resources,
    functions: Object.fromEntries(functions.map((fn) => [fn.token, functionSpec(types, fn)])),
  };
}
