/**
 * Which numbers of what the generated artefacts type from TypeScript are integers: TypeScript says
 * `number` for both; the contract's zod records say `int`. Read from the converters that make
 * values from records:
 * - a data function's `...Result` (`toVpcResult(v: Vpc): VpcResult`, `const toResult = (k: Kernel):
 *   KernelResult => ...`), by the result's name;
 * - a spec's `toOutputs` (`toOutputs: (subnet: Subnet, props) => ({...})`, a destructured record
 *   `({ config }: ConfigRecord)` too), by the spec's `kind`: its computed outputs.
 * The record is the contract's export the parameter's type names, through local aliases and
 * interfaces (`Instance & {...}`, `{ config: Config }`). Each field reads the record's field its
 * initializer reads (`instanceIds: s.computes.map(...)` reads `computes`), else the one of its name
 * in snake case (`networkOut`: `network_out`); objects inside follow their parent's record. A data
 * function's number arguments that a filter object compares with a field of the record its results
 * are made from (`memory: atLeast(args.minMemory)`) are integers where that field is.
 */
import * as ts from "typescript";
import { z } from "zod";
import * as contract from "../contract";
import type { JsonSchema } from "../provider/core/input-schema";
import type { FieldType } from "./field-type";
import { snake } from "./names";

export interface ResultRecord {
  /** The record's JSON Schema (`io: "output"`). */
  record: JsonSchema;
  /** Result field -> the record's field path its converter reads. */
  paths: Record<string, string[]>;
}

/** The names of a property-access chain rooted at one of `roots` (`s.computes` -> [computes]). */
function chainOf(
  node: ts.PropertyAccessExpression,
  roots: ReadonlyMap<string, string[]>,
): string[] | undefined {
  const names: string[] = [];
  let at: ts.Expression = node;
  while (ts.isPropertyAccessExpression(at)) {
    names.unshift(at.name.text);
    at = at.expression;
  }
  const root = ts.isIdentifier(at) ? roots.get(at.text) : undefined;
  return root ? [...root, ...names] : undefined;
}

/** The record path the first chain on a root in `expr` reads (a method it calls left out). */
function pathIn(expr: ts.Expression, roots: ReadonlyMap<string, string[]>): string[] | undefined {
  let found: string[] | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAccessExpression(node)) {
      const names = chainOf(node, roots);
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

const nameOf = (name: ts.PropertyName | ts.BindingName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** The converters of these modules returning a `...Result`, by the result's name and their own. */
function resultConverters(files: readonly ts.SourceFile[]): {
  byResult: Map<string, Converter>;
  byName: Map<string, Converter>;
} {
  const byResult = new Map<string, Converter>();
  const byName = new Map<string, Converter>();
  const note = (fn: Converter, name: string | undefined) => {
    const result = fn.type && ts.isTypeReferenceNode(fn.type) ? fn.type.typeName.getText() : undefined;
    if (!result || !/Result$/.test(result) || fn.parameters.length !== 1) return;
    byResult.set(result, fn);
    if (name) byName.set(name, fn);
  };
  for (const file of files) {
    for (const statement of file.statements) {
      if (ts.isFunctionDeclaration(statement)) note(statement, statement.name?.text);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (d.initializer && ts.isArrowFunction(d.initializer)) note(d.initializer, nameOf(d.name));
        }
      }
    }
  }
  return { byResult, byName };
}

/** The specs' `toOutputs` in these modules (an object literal with a `kind` string), by kind. */
function outputConverters(files: readonly ts.SourceFile[]): Map<string, Converter> {
  const found = new Map<string, Converter>();
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && nameOf(p.name) === name,
        )?.initializer;
      const kind = property("kind");
      const toOutputs = property("toOutputs");
      if (kind && ts.isStringLiteral(kind) && toOutputs && ts.isArrowFunction(toOutputs)) {
        found.set(kind.text, toOutputs);
      }
    }
    ts.forEachChild(node, visit);
  };
  files.forEach(visit);
  return found;
}

const contractRecord = (name: string): z.ZodType | undefined => {
  const found = (contract as Record<string, unknown>)[name];
  return found instanceof z.ZodType ? found : undefined;
};

const toJson = (record: z.ZodType) =>
  z.toJSONSchema(record, { io: "output", unrepresentable: "any" }) as JsonSchema;

/**
 * The JSON Schema of the record a type names: a contract export (`Vpc`), or a local alias or
 * interface made of them (`Instance & { configInterfaces?: ... }`, `{ config: Config }`).
 */
function recordSchema(node: ts.TypeNode, checker: ts.TypeChecker, depth = 0): JsonSchema | undefined {
  if (depth > 4) return undefined;
  if (ts.isUnionTypeNode(node)) {
    for (const t of node.types) {
      const found = recordSchema(t, checker, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (ts.isArrayTypeNode(node)) {
    const items = recordSchema(node.elementType, checker, depth + 1);
    return items && { type: "array", items };
  }
  if (ts.isIntersectionTypeNode(node)) {
    const parts = node.types.map((t) => recordSchema(t, checker, depth + 1)).filter((p) => p !== undefined);
    const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {})) as JsonSchema["properties"];
    return parts.length > 0 ? { type: "object", properties } : undefined;
  }
  if (ts.isTypeLiteralNode(node)) return membersSchema(node.members, checker, depth);
  if (!ts.isTypeReferenceNode(node)) return undefined;
  const record = contractRecord(node.typeName.getText());
  if (record) return toJson(record);
  let symbol = checker.getSymbolAtLocation(node.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  if (declaration && ts.isTypeAliasDeclaration(declaration))
    return recordSchema(declaration.type, checker, depth + 1);
  if (declaration && ts.isInterfaceDeclaration(declaration))
    return membersSchema(declaration.members, checker, depth);
  return undefined;
}

function membersSchema(
  members: ts.NodeArray<ts.TypeElement>,
  checker: ts.TypeChecker,
  depth: number,
): JsonSchema | undefined {
  const properties: Record<string, JsonSchema> = {};
  for (const m of members) {
    const name = m.name && nameOf(m.name);
    const inner = ts.isPropertySignature(m) && m.type ? recordSchema(m.type, checker, depth + 1) : undefined;
    if (name && inner) properties[name] = inner;
  }
  return Object.keys(properties).length > 0 ? { type: "object", properties } : undefined;
}

/** A converter's record and the record path each field of the object it returns reads. */
function readConverter(fn: Converter, checker: ts.TypeChecker): ResultRecord | undefined {
  const param = fn.parameters[0];
  const record = param?.type && recordSchema(param.type, checker);
  const literal = returned(fn.body);
  if (!param || !record || !literal) return undefined;
  // The parameter's name reads the record; a destructured one's names read its fields.
  const roots = new Map<string, string[]>();
  if (ts.isIdentifier(param.name)) roots.set(param.name.text, []);
  else if (ts.isObjectBindingPattern(param.name)) {
    for (const element of param.name.elements) {
      const local = nameOf(element.name);
      const field = element.propertyName ? nameOf(element.propertyName) : local;
      if (local && field) roots.set(local, [field]);
    }
  }
  const paths: Record<string, string[]> = {};
  for (const p of literal.properties) {
    if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
    // An object built field by field follows the record by name, as a nested result does.
    if (ts.isObjectLiteralExpression(p.initializer)) continue;
    const path = pathIn(p.initializer, roots);
    if (path) paths[p.name.text] = path;
  }
  return { record, paths };
}

/** Every result interface made by a converter of these modules: its record and field paths. */
export function resultRecords(
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
): Map<string, ResultRecord> {
  const records = new Map<string, ResultRecord>();
  for (const [name, fn] of resultConverters(files).byResult) {
    const read = readConverter(fn, checker);
    if (read) records.set(name, read);
  }
  return records;
}

/** Every spec's `toOutputs` in these modules, by kind: its record and output paths. */
export function outputRecords(
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
): Map<string, ResultRecord> {
  const records = new Map<string, ResultRecord>();
  for (const [kind, fn] of outputConverters(files)) {
    const read = readConverter(fn, checker);
    if (read) records.set(kind, read);
  }
  return records;
}

/**
 * A data function's arguments that a filter object in its body compares with a record field
 * (`memory: atLeast(args.minMemory)`): the field's schema, in the record of the result converter
 * the function names (`.map(toInstanceTypeResult)`), by argument.
 */
export function argumentFields(
  fn: ts.FunctionDeclaration,
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
): Record<string, JsonSchema> {
  const { byName } = resultConverters(files);
  const args = fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === "args");
  if (!args || !fn.body) return {};
  const roots = new Map([["args", [] as string[]]]);
  const compared: [string, string][] = [];
  let record: JsonSchema | undefined;
  const visit = (node: ts.Node): void => {
    if (!record && ts.isIdentifier(node) && byName.has(node.text)) {
      const fnRecord = byName.get(node.text)!.parameters[0]?.type;
      record = fnRecord && recordSchema(fnRecord, checker);
    }
    if (ts.isPropertyAssignment(node)) {
      const field = nameOf(node.name);
      const path = pathIn(node.initializer, roots);
      if (field && path?.length === 1) compared.push([path[0]!, field]);
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  const fields: Record<string, JsonSchema> = {};
  for (const [arg, name] of compared) {
    const schema = record && field(record, [name]);
    if (schema) fields[arg] = schema;
  }
  return fields;
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

/** The record field a converter's field `name` reads. */
export const fieldRead = (read: ResultRecord, name: string): JsonSchema | undefined =>
  field(read.record, read.paths[name] ?? [snake(name)]);

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
