/**
 * Which numbers of the data functions' results are integers. TypeScript says `number` for both; the
 * contract's zod records say `int`. Each `...Result` interface is made from a record by a converter
 * in its module (`toVpcResult(v: Vpc): VpcResult`, `const toResult = (k: Kernel): KernelResult =>
 * ...`): the record is the contract's export of the parameter's type name, and each result field
 * reads the record's field its initializer reads (`instanceIds: s.computes.map(...)` reads
 * `computes`), else the one of its name in snake case (`networkOut`: `network_out`). Results made
 * inside another (`PriceResult`) follow their parent's record.
 */
import * as ts from "typescript";
import { z } from "zod";
import * as contract from "../contract";
import type { JsonSchema } from "../provider/core/input-schema";
import type { FieldType } from "./field-type";

export interface ResultRecord {
  /** The record's JSON Schema (`io: "output"`). */
  record: JsonSchema;
  /** Result field -> the record's field path its converter reads. */
  paths: Record<string, string[]>;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The names of a property-access chain rooted at `param` (`s.computes` -> [computes]). */
function chainOf(node: ts.PropertyAccessExpression, param: string): string[] | undefined {
  const names: string[] = [];
  let at: ts.Expression = node;
  while (ts.isPropertyAccessExpression(at)) {
    names.unshift(at.name.text);
    at = at.expression;
  }
  return ts.isIdentifier(at) && at.text === param ? names : undefined;
}

/** The record path the first chain on the parameter in `expr` reads (a method it calls left out). */
function pathIn(expr: ts.Expression, param: string): string[] | undefined {
  let found: string[] | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAccessExpression(node)) {
      const names = chainOf(node, param);
      if (names) {
        const called = ts.isCallExpression(node.parent) && node.parent.expression === node;
        found = called ? names.slice(0, -1) : names;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return found && found.length > 0 ? found : undefined;
}

/** The object literal a converter returns. */
function returned(body: ts.ConciseBody | undefined): ts.ObjectLiteralExpression | undefined {
  let expr: ts.Expression | undefined;
  if (body && ts.isBlock(body)) {
    body.statements.forEach((s) => {
      if (ts.isReturnStatement(s) && s.expression) expr = s.expression;
    });
  } else expr = body;
  while (expr && ts.isParenthesizedExpression(expr)) expr = expr.expression;
  return expr && ts.isObjectLiteralExpression(expr) ? expr : undefined;
}

type Converter = ts.FunctionDeclaration | ts.ArrowFunction;

/** The converters of these modules, by the result interface they return. */
function converters(files: readonly ts.SourceFile[]): Map<string, Converter> {
  const found = new Map<string, Converter>();
  const note = (fn: Converter) => {
    const name = fn.type && ts.isTypeReferenceNode(fn.type) ? fn.type.typeName.getText() : undefined;
    if (name && /Result$/.test(name) && fn.parameters.length === 1) found.set(name, fn);
  };
  for (const file of files) {
    for (const statement of file.statements) {
      if (ts.isFunctionDeclaration(statement)) note(statement);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (d.initializer && ts.isArrowFunction(d.initializer)) note(d.initializer);
        }
      }
    }
  }
  return found;
}

/** The contract's zod record a converter's parameter names (`Vpc`, `Grants | undefined`). */
function recordOf(fn: Converter): z.ZodType | undefined {
  const typeNode = fn.parameters[0]!.type;
  const refs = !typeNode
    ? []
    : ts.isUnionTypeNode(typeNode)
      ? typeNode.types.filter(ts.isTypeReferenceNode)
      : ts.isTypeReferenceNode(typeNode)
        ? [typeNode]
        : [];
  const name = refs[0]?.typeName.getText();
  const found = name ? (contract as Record<string, unknown>)[name] : undefined;
  return found instanceof z.ZodType ? found : undefined;
}

/** Every result interface made by a converter of these modules: its record and field paths. */
export function resultRecords(files: readonly ts.SourceFile[]): Map<string, ResultRecord> {
  const records = new Map<string, ResultRecord>();
  for (const [name, fn] of converters(files)) {
    const record = recordOf(fn);
    const param = fn.parameters[0]!.name;
    const literal = returned(fn.body);
    if (!record || !literal || !ts.isIdentifier(param)) continue;
    const paths: Record<string, string[]> = {};
    for (const p of literal.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
      // An object built field by field follows the record by name, as a nested result does.
      if (ts.isObjectLiteralExpression(p.initializer)) continue;
      const path = pathIn(p.initializer, param.text);
      if (path) paths[p.name.text] = path;
    }
    const json = z.toJSONSchema(record, { io: "output", unrepresentable: "any" }) as JsonSchema;
    records.set(name, { record: json, paths });
  }
  return records;
}

/** The options of a nullable or union schema that are not null. */
const options = (schema: JsonSchema): JsonSchema[] =>
  schema.anyOf ? schema.anyOf.filter((o) => o.type !== "null").flatMap(options) : [schema];

const isInteger = (schema: JsonSchema) => {
  const types = options(schema).map((o) => o.type);
  return types.includes("integer") && !types.includes("number");
};

function field(schema: JsonSchema | undefined, path: string[]): JsonSchema | undefined {
  return path.reduce<JsonSchema | undefined>(
    (at, name) => (at ? options(at).find((o) => o.properties?.[name])?.properties?.[name] : undefined),
    schema,
  );
}

/** The type with `number` made `integer` wherever the record it is read from says integer. */
export function withIntegers(
  type: FieldType,
  records: ReadonlyMap<string, ResultRecord>,
  record?: JsonSchema,
): FieldType {
  switch (type.type) {
    case "number":
      return record && isInteger(record) ? { ...type, type: "integer" } : type;
    case "array": {
      const items = record && options(record).find((o) => o.items)?.items;
      return { ...type, items: withIntegers(type.items, records, items) };
    }
    case "map": {
      const values = record && options(record).find((o) => typeof o.additionalProperties === "object");
      const inner = values?.additionalProperties;
      return {
        ...type,
        values: withIntegers(type.values, records, typeof inner === "object" ? inner : undefined),
      };
    }
    case "object": {
      const own = type.name ? records.get(type.name) : undefined;
      const base = own?.record ?? record;
      const properties = Object.fromEntries(
        Object.entries(type.properties).map(([name, inner]) => [
          name,
          withIntegers(inner, records, field(base, own?.paths[name] ?? [snake(name)])),
        ]),
      );
      return { ...type, properties };
    }
    default:
      return type;
  }
}
