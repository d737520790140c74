/**
 * The Pulumi package schema (`schema.json`, served by the plugin's GetSchema, the source of the
 * SDKs) from the spec facts: one resource per kind (`compute:index:<Kind>`), property names as the
 * classes take them, `willReplaceOnChanges` from `replaceOn`, `secret` from the secrets, object
 * types hoisted into `types` (`compute:index:<Kind><Property>`), and the provider's settings as
 * config variables and provider inputs. The contract's enums among outputs are enum types
 * (`compute:index:ImageStatus`); inputs stay strings (their values are checked at preview).
 */
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

/** A string enum: its values, each with a name the SDKs make their constants of (`PendingUpload`). */
interface EnumTypeSpec {
  type: "string";
  description?: string;
  enum: { name: string; value: string }[];
}

/** `pending_upload`, `not ready` → `PendingUpload`, `NotReady`. */
const enumValueName = (value: string): string =>
  value
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map(pascal)
    .join("");

/** The provider's settings (`settings-spec.ts`): stack config `compute:<name>` or provider arguments. */
export const CONFIG: Record<string, PropertySpec> = SETTINGS;

const ANY = { $ref: "pulumi.json#/Any" };

/**
 * Where a string enum is an enum type: `all` (a computed output's, a function result's), `top` (an
 * echoed input's, but inside its object types, which the input shares: one token for both), `none`
 * (an input's: an SDK's enum input would refuse the plain strings programs pass).
 */
type Enums = "all" | "top" | "none";

class Types {
  readonly specs: Record<string, ObjectTypeSpec | EnumTypeSpec> = {};

  /** `descriptions`: the named interfaces' TSDoc (`VpcResult`), each type's description. */
  constructor(private readonly descriptions: Readonly<Record<string, string>> = {}) {}

  /**
   * `idReference`: integers become strings (another resource's `id` is a string). `about`: the
   * property's description, an unnamed object type's own. `enums`: where a string enum is an enum type.
   */
  property(
    type: FieldType,
    name: string,
    idReference: boolean,
    about?: string,
    enums: Enums = "none",
  ): PropertySpec {
    const described = type.description ? { description: type.description } : {};
    switch (type.type) {
      case "string":
        if (enums !== "none" && type.enum)
          return { $ref: `#/types/${this.enumType(type.enum, type.name ?? name)}`, ...described };
        return { type: type.type, ...described };
      case "number":
      case "boolean":
        return { type: type.type, ...described };
      case "integer":
        return { type: idReference || type.idReference ? "string" : "integer", ...described };
      case "array":
        return {
          type: "array",
          items: this.property(type.items, `${name}Item`, idReference, type.description ?? about, enums),
          ...described,
        };
      case "map":
        return {
          type: "object",
          additionalProperties: this.property(type.values, `${name}Value`, idReference, undefined, enums),
          ...described,
        };
      case "object":
        return {
          $ref: `#/types/${this.object(type, name, idReference, type.description ?? about, enums === "all" ? "all" : "none")}`,
          ...described,
        };
      case "any":
        return { ...ANY, ...described };
    }
  }

  /** An object's properties and required ones (a function's inputs and outputs are one, inline). */
  objectSpec(
    type: FieldType & { type: "object" },
    name: string,
    idReference: boolean,
    enums: Enums = "none",
  ): ObjectTypeSpec {
    return {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(type.properties).map(([key, field]) => [
          key,
          this.property(field, `${name}${pascal(key)}`, idReference, undefined, enums),
        ]),
      ),
      ...(type.required.length > 0 && { required: type.required }),
    };
  }

  /** A type's description: its interface's TSDoc, else the property's that holds it. */
  describe(name: string | undefined, about?: string): string | undefined {
    return (name !== undefined ? this.descriptions[name] : undefined) || about || undefined;
  }

  /** Whether the token is taken, by a type of this shape (its description aside) or of another. */
  private held(token: string, spec: ObjectTypeSpec | EnumTypeSpec): "same" | "other" | undefined {
    const known = this.specs[token];
    if (!known) return undefined;
    const { description: _, ...shape } = known;
    return JSON.stringify(shape) === JSON.stringify(spec) ? "same" : "other";
  }

  private object(
    type: FieldType & { type: "object" },
    path: string,
    idReference: boolean,
    about?: string,
    enums: Enums = "none",
  ): string {
    // A named interface (a data function's `VpcResult`) is one type wherever it appears.
    const name = type.name ?? path;
    const token = `${PACKAGE}:index:${name}`;
    // Its shape, by a trial on a copy: a name taken below leaves no enum type of this one behind.
    const trial = new Types(this.descriptions);
    Object.assign(trial.specs, this.specs);
    const spec = trial.objectSpec(type, name, idReference, enums);
    // Two properties whose names join alike (`backupsSchedule`, `backups.schedule`) but whose
    // shapes differ: the later one is `<name>Details`. The first description stays.
    const held = this.held(token, spec);
    if (held === "other")
      return this.object({ ...type, name: `${name}Details` }, path, idReference, about, enums);
    if (held === "same") return token;
    const description = this.describe(type.name, about);
    Object.assign(this.specs, trial.specs);
    this.specs[token] = description ? { ...spec, description } : spec;
    return token;
  }

  /**
   * A string enum's type: named by its type alias (`ImageStatus`, one type wherever it appears),
   * else by its path; described by its values (the properties holding it say what it is there).
   */
  private enumType(values: readonly string[], name: string): string {
    const token = `${PACKAGE}:index:${name}`;
    const spec: EnumTypeSpec = {
      type: "string",
      enum: values.map((value) => ({ name: enumValueName(value), value })),
    };
    const held = this.held(token, spec);
    if (held === "other") return this.enumType(values, `${name}Details`);
    if (held === "same") return token;
    const listed = values.map((value) => `\`${value}\``);
    const description = `${listed.slice(0, -1).join(", ")} or ${listed.at(-1)}.`;
    this.specs[token] = { ...spec, description };
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

/** An echoed input keeps its input's type (an object type has one token for both), but for an enum. */
function outputProperty(types: Types, k: KindFacts, output: OutputFact): PropertySpec {
  const idReference = k.inputs.some((i) => i.name === output.name && i.idReference);
  return {
    ...types.property(
      output.type,
      `${k.kind}${pascal(output.name)}`,
      idReference,
      output.description,
      output.computed ? "all" : "top",
    ),
    ...(output.description && { description: output.description }),
    ...(output.secret && { secret: true }),
  };
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
  // Its IDs (`idOutput()` in its schema) are ID references: strings, as the invoke sends them.
  const result = fn.result;
  if (result.type !== "object") throw new Error(`${fn.name}: its result is not an object`);
  return {
    description: fn.description,
    inputs: types.objectSpec(inputs, `${base}Args`, false),
    outputs: {
      description: types.describe(result.name) || `What ${fn.name} returns.`,
      ...types.objectSpec(result, result.name ?? `${base}Result`, false, "all"),
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
