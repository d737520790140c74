/** An example as a Pulumi YAML program: `config` for its secrets, `resources`, `outputs`. */
import { paragraphs } from "./comment";
import {
  isMapping,
  isRef,
  isSecret,
  secretsOf,
  stepsOf,
  type Example,
  type ExampleResource,
  type Ref,
  type Value,
} from "./model";

/** A property access as Pulumi YAML writes it: `${usRegions.regions[0].id}`. */
const access = (r: Ref): string =>
  `\${${r.$ref}${stepsOf(r)
    .map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`))
    .join("")}}`;

/** A scalar as YAML writes it: strings quoted where YAML would read them otherwise, a `${` in them
 * written `$${` (Pulumi YAML's own, else it reads an interpolation). */
function scalar(v: string | number | boolean): string {
  if (typeof v !== "string") return String(v);
  if (/^[A-Za-z][\w./-]*$/.test(v) && !/^(true|false|null|yes|no|on|off)$/i.test(v)) return v;
  return JSON.stringify(v.replaceAll("${", () => "$${"));
}

const flowItem = (written: string): string => (/^[\w"./-]/.test(written) ? written : JSON.stringify(written));

function value(v: Value, indent: string): string {
  if (isRef(v)) return access(v);
  if (isSecret(v)) return `\${${v.$secret}}`;
  // In a flow sequence `{` and `,` are YAML's own: its items are quoted where they are not plain.
  if (Array.isArray(v)) return `[${v.map((item) => flowItem(value(item, indent))).join(", ")}]`;
  if (typeof v === "object") return Object.keys(v).length === 0 ? "{}" : `\n${mapping(v, `${indent}  `)}`;
  return scalar(v);
}

function mapping(fields: Record<string, Value>, indent: string): string {
  return Object.entries(fields)
    .map(([key, v]) => {
      if (Array.isArray(v) && v.some(isMapping)) {
        // A block sequence: each item's first key after its dash.
        const items = v.map((item) =>
          isMapping(item)
            ? `${indent}  - ${mapping(item, `${indent}    `).trimStart()}`
            : `${indent}  - ${value(item, indent)}`,
        );
        return `${indent}${key}:\n${items.join("\n")}`;
      }
      const written = value(v, indent);
      return `${indent}${key}:${written.startsWith("\n") ? "" : " "}${written}`;
    })
    .join("\n");
}

/** A resource's `name` (when not its key) and `options`. */
function resourceLines(r: ExampleResource): string[] {
  const lines = r.logical && r.logical !== r.name ? [`    name: ${scalar(r.logical)}`] : [];
  const options: Record<string, Value> = {
    ...(r.options?.import !== undefined ? { import: r.options.import } : {}),
    ...(r.options?.retainOnDelete ? { retainOnDelete: true } : {}),
  };
  if (Object.keys(options).length > 0) lines.push("    options:", mapping(options, "      "));
  return lines;
}

/** `name`: the project's (a Pulumi.yaml); none: the program alone (a Main.yaml beside a Pulumi.yaml). */
export function yamlProgram(example: Example, name: string | null = "example"): string {
  const lines = [
    ...paragraphs(example.header ?? [], "", "#"),
    ...(name === null ? [] : [`name: ${name}`, "runtime: yaml"]),
  ];
  const secrets = secretsOf(example);
  if (secrets.length > 0) {
    lines.push("config:");
    for (const key of secrets) lines.push(`  ${key}:`, "    type: string", "    secret: true");
  }
  const invokes = example.invokes ?? [];
  if (invokes.length > 0) {
    lines.push("variables:");
    for (const i of invokes) {
      lines.push(`  ${i.name}:`, "    fn::invoke:", `      function: compute:index:${i.function}`);
      if (Object.keys(i.args).length > 0) lines.push("      arguments:", mapping(i.args, "        "));
    }
  }
  lines.push("resources:");
  for (const r of example.resources) {
    lines.push(
      ...paragraphs(r.comments ?? [], "  ", "#"),
      `  ${r.name}:`,
      `    type: compute:index:${r.kind}`,
      ...(Object.keys(r.inputs).length ? ["    properties:", mapping(r.inputs, "      ")] : []),
      ...resourceLines(r),
    );
  }
  const exports = Object.entries(example.exports ?? {});
  if (exports.length > 0) {
    lines.push("outputs:");
    for (const [key, output] of exports) lines.push(`  ${key}: ${value(output, "  ")}`);
  }
  return `${lines.join("\n")}\n`;
}
