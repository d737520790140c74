/** An example as a Python program on the generated SDK (`pulumi_compute`), typed as the SDK types it. */
import { isMapping, isRef, isSecret, secretsOf, type Example, type Value } from "./model";
import { snake } from "../names";
import type { PropertySpec } from "../property-spec";
import { inputOf, isObjectType, propertyOf, typeName, type SchemaTypes } from "./schema-lookup";

function value(schema: SchemaTypes, v: Value, spec: PropertySpec | undefined, indent: string): string {
  if (isRef(v)) return `${snake(v.$ref)}.${snake(v.output)}`;
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
          `${inner}${snake(key)}=${value(schema, field, propertyOf(schema, ref, key), inner)},`,
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

export function pythonProgram(schema: SchemaTypes, example: Example): string {
  const lines = ["import pulumi", "import pulumi_compute as compute", ""];
  if (secretsOf(example).length > 0) lines.push("config = pulumi.Config()");
  for (const r of example.resources) {
    const args = Object.entries(r.inputs).map(
      ([key, v]) => `    ${snake(key)}=${value(schema, v, inputOf(schema, r.kind, key), "    ")},`,
    );
    lines.push(
      `${snake(r.name)} = compute.${r.kind}(\n    ${JSON.stringify(r.name)},\n${args.join("\n")}\n)`,
    );
  }
  for (const [name, output] of Object.entries(example.exports ?? {}))
    lines.push(`pulumi.export(${JSON.stringify(name)}, ${value(schema, output, undefined, "")})`);
  return `${lines.join("\n")}\n`;
}
