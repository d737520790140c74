/** An example as a TypeScript program on this package (`pulumi-compute`, the dynamic form's classes). */
import {
  isMapping,
  isRef,
  isSecret,
  referenced,
  secretsOf,
  statements,
  stepsOf,
  type Example,
  type Ref,
  type Value,
} from "./model";

/** A path into an output, lifted (`usRegions.regions[0]!.id`; `!`: an index may be out of range). */
const lifted = (r: Ref): string =>
  r.$ref +
  stepsOf(r)
    .map((step) => (typeof step === "number" ? `[${step}]!` : `.${step}`))
    .join("");

function value(v: Value, indent: string): string {
  if (isRef(v)) return lifted(v);
  if (isSecret(v)) return `config.requireSecret(${JSON.stringify(v.$secret)})`;
  if (Array.isArray(v)) {
    if (!v.some(isMapping)) return `[${v.map((item) => value(item, indent)).join(", ")}]`;
    const inner = `${indent}  `;
    return `[\n${v.map((item) => `${inner}${value(item, inner)},`).join("\n")}\n${indent}]`;
  }
  if (typeof v === "object") return object(v, indent);
  return JSON.stringify(v);
}

function object(fields: Record<string, Value>, indent: string): string {
  const inner = `${indent}  `;
  const entries = Object.entries(fields).map(
    ([key, v]) => `${inner}${/^[A-Za-z_]\w*$/.test(key) ? key : JSON.stringify(key)}: ${value(v, inner)},`,
  );
  return `{\n${entries.join("\n")}\n${indent}}`;
}

export function typescriptProgram(example: Example): string {
  const secrets = secretsOf(example).length > 0;
  const lines = [
    ...(secrets ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as compute from "pulumi-compute";',
    "",
    ...(secrets ? ["const config = new pulumi.Config();"] : []),
  ];
  const used = referenced(example);
  for (const { resource: r, invoke } of statements(example)) {
    if (invoke)
      lines.push(`const ${invoke.name} = compute.${invoke.function}Output(${object(invoke.args, "")});`);
    else
      lines.push(
        `${used.has(r.name) ? `const ${r.name} = ` : ""}new compute.${r.kind}(${JSON.stringify(r.name)}, ${object(r.inputs, "")});`,
      );
  }
  for (const [name, output] of Object.entries(example.exports ?? {}))
    lines.push(`export const ${name} = ${value(output, "")};`);
  return `${lines.join("\n")}\n`;
}
