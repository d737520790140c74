/** An example as a Python program on the generated SDK (`pulumi_compute`), typed as the SDK types it. */
import { paragraphs } from "./comment";
import {
  isMapping,
  logicalOf,
  isRef,
  isSecret,
  secretsOf,
  statements,
  stepsOf,
  type Example,
  type ExampleOptions,
  type Ref,
  type Value,
} from "./model";
import { snake } from "../names";
import type { PropertySpec } from "../property-spec";
import { argumentOf, inputOf, isObjectType, propertyOf, typeName, type SchemaTypes } from "./schema-lookup";

/** Python's keywords, which the SDK's generator writes with a trailing `_` (`class_`). */
const KEYWORDS = new Set([
  "class",
  "def",
  "from",
  "global",
  "import",
  "in",
  "is",
  "lambda",
  "pass",
  "return",
]);

/** A schema name as a Python argument or attribute: `vpcId` → `vpc_id`, `class` → `class_`. */
const pythonName = (name: string): string => (KEYWORDS.has(snake(name)) ? `${snake(name)}_` : snake(name));

const attribute = (r: Ref): string =>
  snake(r.$ref) +
  stepsOf(r)
    .map((step) => (typeof step === "number" ? `[${step}]` : `.${pythonName(step)}`))
    .join("");

function value(schema: SchemaTypes, v: Value, spec: PropertySpec | undefined, indent: string): string {
  if (isRef(v)) return attribute(v);
  if (isSecret(v)) return `config.require_secret(${JSON.stringify(v.$secret)})`;
  if (typeof v === "boolean") return v ? "True" : "False";
  if (Array.isArray(v)) {
    if (!v.some(isMapping))
      return `[${v.map((item) => value(schema, item, spec?.items, indent)).join(", ")}]`;
    const inner = `${indent}    `;
    return `[\n${v.map((item) => `${inner}${value(schema, item, spec?.items, inner)},`).join("\n")}\n${indent}]`;
  }
  if (typeof v === "object") {
    const inner = `${indent}    `;
    if (isObjectType(spec)) {
      const ref = spec.$ref;
      const args = Object.entries(v).map(
        ([key, field]) =>
          `${inner}${pythonName(key)}=${value(schema, field, propertyOf(schema, ref, key), inner)},`,
      );
      return `compute.${typeName(ref)}Args(\n${args.join("\n")}\n${indent})`;
    }
    const entries = Object.entries(v).map(
      ([key, field]) =>
        `${inner}${JSON.stringify(key)}: ${value(schema, field, spec?.additionalProperties, inner)},`,
    );
    return `{\n${entries.join("\n")}\n${indent}}`;
  }
  return JSON.stringify(v);
}

/** A call's keyword arguments, one per line. */
const keywords = (
  schema: SchemaTypes,
  values: Record<string, Value>,
  specOf: (key: string) => PropertySpec,
): string[] =>
  Object.entries(values).map(
    ([key, v]) => `    ${pythonName(key)}=${value(schema, v, specOf(key), "    ")},`,
  );

/** `opts=pulumi.ResourceOptions(import_="4")`, or nothing. */
function opts(options: ExampleOptions | undefined): string[] {
  const set = [
    ...(options?.import !== undefined ? [`import_=${JSON.stringify(options.import)}`] : []),
    ...(options?.retainOnDelete ? ["retain_on_delete=True"] : []),
  ];
  return set.length ? [`    opts=pulumi.ResourceOptions(${set.join(", ")}),`] : [];
}

export function pythonProgram(schema: SchemaTypes, example: Example): string {
  const lines = [
    ...paragraphs(example.header ?? [], "", "#"),
    ...(example.header?.length ? [""] : []),
    "import pulumi",
    "import pulumi_compute as compute",
    "",
  ];
  if (secretsOf(example).length > 0) lines.push("config = pulumi.Config()");
  for (const { resource: r, invoke } of statements(example)) {
    if (invoke) {
      const args = keywords(schema, invoke.args, (key) => argumentOf(schema, invoke.function, key));
      lines.push(`${snake(invoke.name)} = compute.${snake(invoke.function)}_output(\n${args.join("\n")}\n)`);
    } else {
      const args = [...keywords(schema, r.inputs, (key) => inputOf(schema, r.kind, key)), ...opts(r.options)];
      lines.push(
        ...paragraphs(r.comments ?? [], "", "#"),
        `${snake(r.name)} = compute.${r.kind}(\n    ${JSON.stringify(logicalOf(r))},\n${args.join("\n")}\n)`,
      );
    }
  }
  for (const [name, output] of Object.entries(example.exports ?? {}))
    lines.push(`pulumi.export(${JSON.stringify(name)}, ${value(schema, output, undefined, "")})`);
  return `${lines.join("\n")}\n`;
}
