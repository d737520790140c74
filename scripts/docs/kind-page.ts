/**
 * One resource kind's reference page, `docs/resources/<stem>.md`: what it is, a tested example, its
 * inputs, outputs, what `up` waits for, what preview refuses, and import. Everything on it comes from
 * the spec (through `src/schema/spec-facts.ts` and `spec-rules.ts`), the class's TSDoc and the example
 * file the engine tests run.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { AnySpec } from "../../src/provider/core/resource-spec";
import { WRITE_ONLY } from "../../src/importer/kinds";
import { idField, importIdPlaceholder } from "../../src/provider/core/import-id";
import { exampleOfKind } from "../../src/schema/examples";
import { splitDescription } from "../../src/schema/examples/renderings";
import { exampleBlock, schemaTypes } from "./example-block";
import { TYPE_PREFIX, typeName } from "../../src/schema/examples/schema-lookup";
import type { ClassDocs } from "../../src/schema/class-docs";
import type { FieldType } from "../../src/schema/field-type";
import type { InputFact, KindFacts } from "../../src/schema/spec-facts";
import { limitsText, typeText } from "./render-type";
import type { SpecRules } from "./spec-rules";
import { PACKAGE_ROOT } from "../../src/package-root";
import { functionFacts } from "../../src/schema/function-facts";
import { pascal, snake } from "../../src/schema/names";

/** The data functions' names (`getVpc`): a kind's TypeScript reading where its class has no `get`. */
const FUNCTIONS = new Set(functionFacts().functions.map((fn) => fn.name));

const ROOT = PACKAGE_ROOT;

/** Inputs the API never returns, by kind (the importer's lists): what import cannot compare. */
const NOT_READ_BACK: Record<string, readonly string[]> = {
  Instance: [...new Set([...WRITE_ONLY.deployedInstance.inputs, ...WRITE_ONLY.emptyInstance.inputs])],
  InstanceDisk: WRITE_ONLY.deployedDisk.inputs,
  Image: WRITE_ONLY.image.inputs,
};

/** The example file the engine tests run for a kind: `examples/<stem>.ts`, else the first that declares one. */
export function exampleOf(facts: KindFacts): string | undefined {
  const own = path.join(ROOT, "examples", `${facts.stem}.ts`);
  if (fs.existsSync(own)) return own;
  const skip = new Set(["demo.ts", "program.ts", "index.ts"]);
  return fs
    .readdirSync(path.join(ROOT, "examples"))
    .filter((name) => name.endsWith(".ts") && !skip.has(name))
    .sort()
    .map((name) => path.join(ROOT, "examples", name))
    .find((file) => fs.readFileSync(file, "utf8").includes(`new compute.${facts.kind}(`));
}

/** What the spec's `idOf` makes the ID of: probed with a record whose every field names itself. */
const code = (text: string) => `\`${text}\``;
const json = (value: unknown) => code(JSON.stringify(value));

/** The contract's type, or the class's where the contract's cannot be written (a union, a transform). */
function fieldType(input: InputFact, classDocs: ClassDocs): FieldType {
  return input.type.type === "any" ? (classDocs.outputs[input.name]?.type ?? input.type) : input.type;
}

/** The input's type, in code ticks. An ID is a string in every SDK (a resource's `id`); the TypeScript
 * classes also take the number the contract has. */
function inputType(input: InputFact, classDocs: ClassDocs): string {
  const text = typeText(fieldType(input, classDocs));
  if (!input.idReference) return code(text);
  if (text === "integer") return `${code("string")} (an ID; TypeScript also takes an integer)`;
  return `${code(text)} (its IDs are strings; TypeScript also takes integers)`;
}

function changeText(input: InputFact): string {
  return input.change === "replace" ? "replaces" : "in place";
}

function defaultText(input: InputFact): string {
  if ("default" in input) return json(input.default);
  return input.apiChosen ? "the API's" : "";
}

function inputsSection(facts: KindFacts, rules: SpecRules, classDocs: ClassDocs): string[] {
  const lines = [
    "## Inputs",
    "",
    "| input | type | required | default | secret | a change |",
    "| --- | --- | --- | --- | --- | --- |",
    ...facts.inputs.map(
      (input) =>
        `| [${code(input.name)}](#${input.name.toLowerCase()}) | ${inputType(input, classDocs).replace(/\|/g, "\\|")} | ${
          input.required ? "yes" : ""
        } | ${defaultText(input)} | ${input.secret ? "yes" : ""} | ${changeText(input)} |`,
    ),
    "",
    ...(facts.inputs.some((i) => i.apiChosen && !("default" in i))
      ? ["`the API's`: left out, the API chooses the value, and whatever it holds is no change."]
      : []),
    `A replacement creates the new ${facts.kind} before it deletes the old one` +
      (facts.deleteBeforeReplace
        ? `, unless it must delete the old one first (${(rules.deleteFirstWhen ?? "see the inputs below").replace(/\.$/, "")}).`
        : ".") +
      (facts.conditionalReplaces
        ? ` Some values of an input updated in place replace the resource: ${rules.replacesWhen ?? "see the inputs below."}`
        : ""),
    "",
  ];
  for (const input of facts.inputs) {
    const facts1 = [
      inputType(input, classDocs),
      input.required ? "required" : "optional",
      ...limitsText(input.schema, input.type),
      ...("default" in input ? [`default ${json(input.default)}`] : []),
      ...(input.apiChosen ? ["left out: the API chooses it"] : []),
      ...(input.secret ? ["secret (stored encrypted, never shown)"] : []),
      input.change === "replace" ? "a change replaces the resource" : "a change is made in place",
    ];
    lines.push(`### ${input.name}`, "", `${facts1.join("; ")}.`, "");
    if (input.description) lines.push(input.description, "");
    const type = fieldType(input, classDocs);
    const element = type?.type === "array" ? type.items : type;
    if (element?.type === "object") {
      lines.push(...sdkTypeLines(facts.kind, input.name));
      const described = Object.entries(element.properties);
      if (described.length > 0) {
        lines.push(
          ...described.map(
            ([name, field]) =>
              `- ${code(name)} (${code(typeText(field))}${element.required.includes(name) ? ", required" : ""})${
                field.description ? `: ${field.description}` : ""
              }`,
          ),
          "",
        );
      }
    }
  }
  return lines;
}

/** An object input's type in each SDK, by the schema's name for it (`InstanceConfigDevices`). */
export function sdkTypeNames(
  kind: string,
  input: string,
): { python: string; go: string; list: boolean } | undefined {
  const spec = schemaTypes.resources[`compute:index:${kind}`]?.inputProperties[input];
  const ref = spec?.$ref ?? spec?.items?.$ref;
  if (!ref?.startsWith(TYPE_PREFIX)) return undefined;
  const name = typeName(ref);
  const list = spec?.items !== undefined;
  return { python: `${name}Args`, go: list ? `${name}Array` : `${name}Args`, list };
}

function sdkTypeLines(kind: string, input: string): string[] {
  const names = sdkTypeNames(kind, input);
  if (!names) return [];
  const python = code(`compute.${names.python}`);
  const go = code(`compute.${names.go}`);
  return [
    names.list
      ? `In the SDKs: Python a list of ${python} (or of dicts), Go ${go} of ${python}; YAML a list of mappings, as in TypeScript.`
      : `In the SDKs: Python ${python} (or a dict), Go ${go}; YAML a mapping, as in TypeScript.`,
    "",
  ];
}

function outputsSection(facts: KindFacts): string[] {
  const computed = facts.outputs.filter((o) => o.computed);
  const lines = [
    "## Outputs",
    "",
    "Every input is also an output, as the API holds it (a secret stays secret), and `id`. Besides:",
    "",
  ];
  if (computed.length === 0)
    return [...lines.slice(0, 3), "Every input is also an output, as the API holds it, and `id`.", ""];
  lines.push("| output | type | description |", "| --- | --- | --- |");
  for (const output of computed) {
    const marked = !output.secret || /secret/i.test(output.description);
    const description = `${marked ? "" : "Secret. "}${output.description}`.replace(/\n/g, " ");
    lines.push(
      `| ${code(output.name)} | ${code(typeText(output.type)).replace(/\|/g, "\\|")} | ${description.replace(/\|/g, "\\|")} |`,
    );
  }
  lines.push("");
  return lines;
}

function waitsSection(spec: AnySpec): string[] {
  const lines = ["## What `up` waits for", ""];
  if (!spec.settle) {
    lines.push("Nothing beyond the API's answer: create and update return once the API has answered.", "");
    return lines;
  }
  const atRest = spec.atRest ?? [];
  lines.push(
    `Create and update wait after the API's answer${
      atRest.length > 0 ? `, until the object's ${code("status")} is ${atRest.map(code).join(" or ")}` : ""
    } (the description above says for what), bounded by ${code("compute:createTimeoutSeconds")} and ${code(
      "compute:updateTimeoutSeconds",
    )} (default 15 and 60 minutes; see [configuration](../configuration.md#settings)). A progress line appears every 10 s. A wait that fails or times out keeps the resource in the state with its ID: the next ${code("pulumi up")} waits again instead of creating another ([reliability](../reliability.md#waits)).`,
    "",
  );
  return lines;
}

function previewSection(facts: KindFacts, spec: AnySpec, rules: SpecRules): string[] {
  const lines = [
    "## What preview refuses",
    "",
    "`pulumi preview` fails, naming the input, before anything is sent to the API:",
    "",
    "- an input of the wrong type or outside the limits above, a required one missing;",
  ];
  if (spec.find) {
    lines.push(
      `- a ${code("label")} another object already holds${
        spec.uniqueWithin?.length ? ` (in the same ${spec.uniqueWithin.map(code).join(", ")})` : ""
      }: the error names it and the ${code("import")} option to adopt it instead;`,
    );
  }
  for (const rule of rules.refuses) lines.push(`- ${/[.]$/.test(rule) ? rule : `"${rule}"`}`);
  lines.push("");
  return lines;
}

function importSection(facts: KindFacts, spec: AnySpec): string[] {
  const field = idField(spec);
  const parents: string[] = spec.parents ?? [];
  const what =
    field === "label"
      ? "its label"
      : field === "username"
        ? "the token's user's username (one per profile)"
        : `its ${code("id")} as the API shows it`;
  const required = facts.inputs.filter((i) => i.required).map((i) => i.name);
  const lines = [
    "## Import",
    "",
    "```ts",
    `new compute.${facts.kind}("name", { ${required.join(", ")} }, { import: "<id>" }); // the inputs as the object holds them`,
    "```",
    "",
    `The ID is ${what}${
      parents.length > 0
        ? `; the parent comes from the program's inputs (${parents.map(code).join(", ")})`
        : ""
    }. Preview reads the object and fails, naming each input, where the program says something else; ${code(
      "up",
    )} writes nothing to the API.`,
  ];
  const notCompared = NOT_READ_BACK[facts.kind];
  if (notCompared) {
    lines.push(
      `Not compared, because the API never returns them: ${notCompared.map(code).join(", ")}; leave them out or set them (the state keeps what the program says).`,
    );
  }
  lines.push(
    "",
    `In the plugin form (YAML, Python, Go), the CLI's ${code("pulumi import")} takes the ID as ${code(facts.importId)}${
      parents.length > 0 ? ", the parents' IDs first" : ""
    }:`,
    "",
    "```sh",
    `pulumi import compute:index:${facts.kind} NAME ${importIdPlaceholder(facts.importId)}`,
    "```",
    "",
  );
  lines.push(...lookUpLines(facts, parents), "More: [importing](../importing.md).", "");
  return lines;
}

/**
 * Reading an object the stack does not manage, in each language (the classes' and the SDKs' `get`,
 * YAML's `get` option): the engine reads it and writes nothing, and `destroy` leaves it.
 */
function lookUpLines(facts: KindFacts, parents: readonly string[]): string[] {
  const kind = facts.kind;
  const id = parents.length > 0 ? "<id>" : importIdPlaceholder(facts.importId);
  const pyState = parents.map((key) => `, ${snake(key)}="<${key}>"`).join("");
  const goState =
    parents.length > 0
      ? `&compute.${kind}State{${parents.map((key) => `${pascal(key)}: pulumi.String("<${key}>")`).join(", ")}}`
      : "nil";
  const yamlState =
    parents.length > 0 ? `, state: {${parents.map((key) => `${key}: <${key}>`).join(", ")}}` : "";
  const tsState = parents.length > 0 ? `, { ${parents.map((key) => `${key}: "<${key}>"`).join(", ")} }` : "";
  const variable = kind.charAt(0).toLowerCase() + kind.slice(1);
  return [
    "### Look up an existing one",
    "",
    `A program can read a ${kind} it does not manage: the engine reads it, writes nothing, and ${code("destroy")} leaves it.${
      parents.length > 0
        ? ` The ID is the ${kind}'s ${code("id")} with the parents' IDs as its state (the schema's ${code("stateInputs")}), or the import ID above alone.`
        : ""
    }`,
    "",
    "```ts",
    `const ${variable} = compute.${kind}.get("name", "${id}"${tsState});`,
    "```",
    "",
    "```python",
    `${snake(variable)} = compute.${kind}.get("name", "${id}"${pyState})`,
    "```",
    "",
    "```go",
    `${variable}, err := compute.Get${kind}(ctx, "name", pulumi.ID("${id}"), ${goState})`,
    "```",
    "",
    "```yaml",
    `  ${variable}:`,
    `    type: compute:index:${kind}`,
    `    get: {id: "${id}"${yamlState}}`,
    "```",
    "",
    ...(FUNCTIONS.has(`get${kind}`)
      ? [
          `The data function [${code(`get${kind}`)}](../functions.md#get${kind.toLowerCase()}) reads the same object without a resource in the state.`,
          "",
        ]
      : []),
  ];
}

export interface PageSources {
  facts: KindFacts;
  spec: AnySpec;
  classDocs: ClassDocs;
  rules: SpecRules;
}

export function kindPage({ facts, spec, classDocs, rules }: PageSources): string {
  const { prose, snippet } = splitDescription(facts.description);
  const example = exampleOf(facts);
  const lines = [
    `# ${facts.kind}`,
    "",
    "<!-- Generated by `npm run docs` from the spec (src/provider), the class (src/resources) and the example; do not edit. -->",
    "",
    prose,
    "",
    "## Example",
    "",
  ];
  const four = exampleOfKind(facts.kind);
  if (four) {
    lines.push(...exampleBlock(four, `src/schema/examples/${facts.stem}.ts`, "../../"));
  } else if (snippet)
    lines.push("```ts", 'import * as compute from "pulumi-compute";', "", snippet, "```", "");
  if (example) {
    const rel = path.relative(ROOT, example);
    const test = `test/engine/${facts.stem}.test.ts`;
    lines.push(
      `A larger TypeScript program, [${rel}](../../${rel})${
        fs.existsSync(path.join(ROOT, test))
          ? `, runs through \`pulumi\` against the emulator in [${test}](../../${test})`
          : ""
      }.`,
      "",
    );
  }
  lines.push(
    ...inputsSection(facts, rules, classDocs),
    ...outputsSection(facts),
    ...waitsSection(spec),
    ...previewSection(facts, spec, rules),
    ...importSection(facts, spec),
  );
  return lines.join("\n");
}
