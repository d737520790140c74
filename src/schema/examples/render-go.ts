/**
 * An example as a Go program on the generated Go SDK (`compute`), typed as the SDK types it: inputs
 * wrapped (`pulumi.String`), object types as their `Args` structs, another resource's ID as
 * `ID().ToStringOutput()`, each error returned.
 */
import type { PropertySpec } from "../property-spec";
import { pascal } from "../names";
import { GO_MODULE } from "../repository";
import { paragraphs } from "./comment";
import {
  isInvoke,
  logicalOf,
  isMapping,
  isRef,
  isSecret,
  referenced,
  secretsOf,
  statements,
  stepsOf,
  type Example,
  type ExampleOptions,
  type Ref,
  type Value,
} from "./model";
import {
  argumentOf,
  hasKind,
  inputOf,
  isObjectType,
  propertyOf,
  typeName,
  type SchemaTypes,
} from "./schema-lookup";

/** What a value's rendering reads: the schema's types, and the example's invokes. */
interface Program {
  schema: SchemaTypes;
  example: Example;
}

const SCALARS: Record<string, string> = {
  string: "pulumi.String",
  integer: "pulumi.Int",
  number: "pulumi.Float64",
  boolean: "pulumi.Bool",
};
const ARRAYS: Record<string, string> = { string: "pulumi.StringArray", integer: "pulumi.IntArray" };

/**
 * Key-value lines as gofmt lays them out: the values of consecutive one-line entries start in one
 * column; an entry whose value spans lines ends such a run (its own key unpadded).
 */
function aligned(entries: readonly (readonly [string, string])[], indent: string): string {
  const lines: string[] = [];
  let run: (readonly [string, string])[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map(([key]) => key.length));
    for (const [key, v] of run) lines.push(`${indent}${`${key}:`.padEnd(width + 1)} ${v},`);
    run = [];
  };
  for (const entry of entries) {
    if (entry[1].includes("\n")) {
      flush();
      lines.push(`${indent}${entry[0]}: ${entry[1]},`);
    } else run.push(entry);
  }
  flush();
  return lines.join("\n");
}

/** A data function's name in the Go SDK: `getImage` is `LookupImage` (there is an `Image`), else `GetRegions`. */
export const goFunction = (schema: SchemaTypes, fn: string): string => {
  const noun = fn.replace(/^get/, "");
  return hasKind(schema, noun) ? `Lookup${noun}` : pascal(fn);
};

/**
 * A resource's output (its `ID()` as the string input it feeds, or its field), or a path into an
 * invoke's result by its methods (`usRegions.Regions().Index(pulumi.Int(0)).Id()`).
 */
function outputOf(example: Example, r: Ref): string {
  if (!isInvoke(example, r.$ref))
    return r.output === "id" ? `${r.$ref}.ID().ToStringOutput()` : `${r.$ref}.${pascal(r.output)}`;
  return stepsOf(r)
    .map((step) => (typeof step === "number" ? `.Index(pulumi.Int(${step}))` : `.${pascal(step)}()`))
    .reduce((chain, step) => chain + step, r.$ref);
}

function value(p: Program, v: Value, spec: PropertySpec | undefined, indent: string): string {
  if (isRef(v)) return outputOf(p.example, v);
  if (isSecret(v)) return `cfg.RequireSecret(${JSON.stringify(v.$secret)})`;
  if (Array.isArray(v)) {
    const items = spec?.items;
    const type = isObjectType(items)
      ? `compute.${typeName(items.$ref)}Array`
      : (ARRAYS[items?.type ?? ""] ?? "pulumi.Array");
    if (!v.some(isMapping)) return `${type}{${v.map((item) => value(p, item, items, indent)).join(", ")}}`;
    const inner = `${indent}\t`;
    return `${type}{\n${v.map((item) => `${inner}${value(p, item, items, inner)},`).join("\n")}\n${indent}}`;
  }
  if (typeof v === "object") {
    const inner = `${indent}\t`;
    if (isObjectType(spec)) {
      const fields = Object.entries(v).map(
        ([key, field]) =>
          [pascal(key), value(p, field, propertyOf(p.schema, spec.$ref, key), inner)] as const,
      );
      return `compute.${typeName(spec.$ref)}Args{\n${aligned(fields, inner)}\n${indent}}`;
    }
    const values = spec?.additionalProperties;
    const type = values?.type === "string" ? "pulumi.StringMap" : "pulumi.Map";
    const entries = Object.entries(v).map(
      ([key, field]) => [JSON.stringify(key), value(p, field, values, inner)] as const,
    );
    return `${type}{\n${aligned(entries, inner)}\n${indent}}`;
  }
  const wrap =
    SCALARS[spec?.type ?? ""] ??
    (typeof v === "string" ? "pulumi.String" : typeof v === "boolean" ? "pulumi.Bool" : "pulumi.Float64");
  return `${wrap}(${JSON.stringify(v)})`;
}

/** `, pulumi.Import(pulumi.ID("4"))`, or nothing. */
const goOptions = (options: ExampleOptions | undefined): string =>
  [
    ...(options?.import !== undefined ? [`pulumi.Import(pulumi.ID(${JSON.stringify(options.import)}))`] : []),
    ...(options?.retainOnDelete ? ["pulumi.RetainOnDelete(true)"] : []),
  ]
    .map((option) => `, ${option}`)
    .join("");

export function goProgram(schema: SchemaTypes, example: Example): string {
  const p: Program = { schema, example };
  const used = referenced(example);
  const secrets = secretsOf(example).length > 0;
  const body: string[] = [];
  if (secrets) body.push('\t\tcfg := config.New(ctx, "")');
  for (const { resource: r, invoke } of statements(example)) {
    if (invoke) {
      const fn = goFunction(schema, invoke.function);
      const args = Object.entries(invoke.args).map(
        ([key, v]) => [pascal(key), value(p, v, argumentOf(schema, invoke.function, key), "\t\t\t")] as const,
      );
      body.push(
        `\t\t${invoke.name} := compute.${fn}Output(ctx, compute.${fn}OutputArgs{\n${aligned(args, "\t\t\t")}\n\t\t})`,
      );
      continue;
    }
    const fields = Object.entries(r.inputs).map(
      ([key, v]) => [pascal(key), value(p, v, inputOf(schema, r.kind, key), "\t\t\t")] as const,
    );
    const call = `compute.New${r.kind}(ctx, ${JSON.stringify(logicalOf(r))}, &compute.${r.kind}Args{\n${aligned(fields, "\t\t\t")}\n\t\t}${goOptions(r.options)})`;
    body.push(
      ...paragraphs(r.comments ?? [], "\t\t"),
      used.has(r.name)
        ? `\t\t${r.name}, err := ${call}\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}`
        : `\t\tif _, err := ${call}; err != nil {\n\t\t\treturn err\n\t\t}`,
    );
  }
  for (const [name, output] of Object.entries(example.exports ?? {}))
    body.push(
      `\t\tctx.Export(${JSON.stringify(name)}, ${output.output === "id" && !isInvoke(example, output.$ref) ? `${output.$ref}.ID()` : value(p, output, undefined, "\t\t")})`,
    );
  const imports = [
    ...(example.resources.length + (example.invokes?.length ?? 0) > 0 ? [`\t"${GO_MODULE}/compute"`] : []),
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(secrets ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
  ];
  const header = paragraphs(example.header ?? []);
  return `${header.length ? `${header.join("\n")}\n\n` : ""}package main

import (
${imports.join("\n")}
)

func main() {
\tpulumi.Run(func(ctx *pulumi.Context) error {
${body.join("\n")}
\t\treturn nil
\t})
}
`;
}
