/**
 * One reading of the data functions (`src/functions`, as `index.ts` exports them, in its order) for
 * everything generated from them: the package schema's `functions` (`compute:index:get<Noun>`, the
 * plugin's invokes) and `docs/functions.md`. Per function: its TSDoc, its parameters as TypeScript
 * writes them, its arguments and its result, each with a type and TSDoc, read with the TypeScript
 * compiler (generation time only). The types are the ones each function's schema declares
 * (`src/functions/schemas/`: the contract's fields, an int where the contract says int, IDs marked),
 * which the interfaces are held to (`test/types/functions-as-declared.ts`); the interfaces give their
 * names (`VpcResult`, `ImageStatus`), their order and their TSDoc.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { symbolDoc } from "./tsdoc";
import { schemaOf, type FunctionSchema } from "../functions/schemas";
import { inputJsonSchema, outputJsonSchema } from "../provider/core/input-schema";
import { fieldTypeOf, readingProgram } from "./class-docs";
import { asWritten, fromJsonSchema, nullableNotRequired, type FieldType } from "./field-type";
import { declaredTypeNode } from "./type-nodes";
import { PACKAGE } from "./spec-facts";

const INDEX = path.resolve(__dirname, "../functions/index.ts");

export interface MemberFact {
  name: string;
  optional: boolean;
  /** The member's type as TypeScript writes it, on one line. */
  typeText: string;
  type: FieldType;
  description: string;
}

export interface FunctionFact {
  /** The TypeScript function's name: `getVpc`. */
  name: string;
  /** The plugin's invoke token: `compute:index:getVpc`. */
  token: string;
  description: string;
  /** The Promise form's parameters as written (`args: GetVpcArgs`, `opts?: FunctionOptions`). */
  params: { name: string; type: string }[];
  /** The promised result as TypeScript writes it. */
  resultText: string;
  args: MemberFact[];
  /** The promised result, an object (its interface's name kept, for the schema's type token). */
  result: FieldType;
  /** The `...Result` interfaces the result names, to describe once each. */
  resultTypes: string[];
}

export interface ResultTypeFact {
  name: string;
  description: string;
  members: MemberFact[];
}

export interface FunctionFacts {
  functions: FunctionFact[];
  /** Every `...Result` interface some function's result names, by name. */
  resultTypes: ResultTypeFact[];
}

const docOf = (symbol: ts.Symbol, checker: ts.TypeChecker): string => symbolDoc(symbol, checker, "one-line");

const isInternal = (symbol: ts.Symbol): boolean =>
  symbol.getJsDocTags().some((tag) => tag.name === "internal");

/** A type as the program's TypeScript would write it, on one line. */
function typeName(type: ts.Type, checker: ts.TypeChecker): string {
  return checker
    .typeToString(
      type,
      undefined,
      ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope,
    )
    .replace(/\s+/g, " ");
}

/**
 * A type's members as its interface writes them, each typed as `declared` (an object type of the
 * same properties: its schema's) says; `owner` names the type in errors (`GetInstanceTypesArgs`).
 */
function membersOf(
  type: ts.Type,
  checker: ts.TypeChecker,
  owner: string,
  declared: FieldType | undefined,
): MemberFact[] {
  return checker.getPropertiesOfType(type).map((member) => {
    const memberType = checker.getNonNullableType(checker.getTypeOfSymbol(member));
    const at = `${owner}.${member.name}`;
    const own = declared?.type === "object" ? declared.properties[member.name] : undefined;
    if (!own) throw new Error(`${at}: not in its function's schema (src/functions/schemas)`);
    const written = fieldTypeOf(memberType, checker, 0, declaredTypeNode(member), true);
    const { description: _, ...typed } = asWritten(own, written, at);
    return {
      name: member.name,
      optional: (member.flags & ts.SymbolFlags.Optional) !== 0,
      typeText: typeName(memberType, checker).replace(/`/g, ""),
      type: typed,
      description: docOf(member, checker),
    };
  });
}

/** The declared arguments (the zod input: an ID argument, `idFrom`, takes a resource's `id`) and result. */
function declaredTypes(schema: FunctionSchema): { args?: FieldType; result: FieldType } {
  return {
    ...(schema.args && { args: nullableNotRequired(fromJsonSchema(inputJsonSchema(schema.args))) }),
    result: nullableNotRequired(fromJsonSchema(outputJsonSchema(schema.result))),
  };
}

/** Every named object (`PriceResult`) of a type, by name. */
function namedObjects(type: FieldType, found: Map<string, FieldType>): void {
  if (type.type === "array") return namedObjects(type.items, found);
  if (type.type === "map") return namedObjects(type.values, found);
  if (type.type !== "object") return;
  if (type.name && !found.has(type.name)) found.set(type.name, type);
  for (const inner of Object.values(type.properties)) namedObjects(inner, found);
}

/** Result interfaces a type names (`VpcResult`, `VpcResult[]`). */
function resultTypes(type: ts.Type, checker: ts.TypeChecker, found: Map<string, ts.Type>): void {
  const visit = (t: ts.Type) => {
    if (t.isUnion()) return t.types.forEach(visit);
    if (checker.isArrayType(t)) return checker.getTypeArguments(t as ts.TypeReference).forEach(visit);
    const name = t.getSymbol()?.getName();
    if (name && /Result$/.test(name) && !found.has(name)) {
      found.set(name, t);
      for (const member of checker.getPropertiesOfType(t)) visit(checker.getTypeOfSymbol(member));
    }
  };
  visit(type);
}

export function functionFacts(): FunctionFacts {
  const program = readingProgram([INDEX]);
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(INDEX)!;
  const functions: FunctionFact[] = [];
  const results = new Map<string, ts.Type>();
  const named = new Map<string, FieldType>();
  for (const statement of index.statements) {
    if (!ts.isExportDeclaration(statement) || statement.exportClause || !statement.moduleSpecifier) continue;
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (!module) continue;
    for (const symbol of checker.getExportsOfModule(module)) {
      const declaration = symbol.declarations?.[0];
      if (!declaration || !ts.isFunctionDeclaration(declaration)) continue;
      if (!/^get/.test(symbol.name) || /Output$/.test(symbol.name) || isInternal(symbol)) continue;
      const signature = checker.getSignaturesOfType(
        checker.getTypeOfSymbol(symbol),
        ts.SignatureKind.Call,
      )[0]!;
      const params = signature.getParameters().map((p) => {
        const d = p.valueDeclaration as ts.ParameterDeclaration | undefined;
        const optional = d?.initializer || d?.questionToken ? "?" : "";
        const type = d?.type ? d.type.getText() : typeName(checker.getTypeOfSymbol(p), checker);
        return { name: `${p.name}${optional}`, type };
      });
      const promised = signature.getReturnType();
      const result = checker.getTypeArguments(promised as ts.TypeReference)[0] ?? promised;
      const argsSymbol = signature.getParameters().find((p) => p.name === "args");
      const argsType =
        argsSymbol && checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(argsSymbol, declaration));
      const schema = schemaOf(symbol.name);
      if (!schema) throw new Error(`${symbol.name}: no schema declares its types (src/functions/schemas)`);
      const declared = declaredTypes(schema);
      if (argsType && !declared.args) throw new Error(`${symbol.name}: its schema declares no args`);
      const found = new Map<string, ts.Type>();
      resultTypes(result, checker, found);
      const resultNode =
        declaration.type && ts.isTypeReferenceNode(declaration.type)
          ? declaration.type.typeArguments?.[0]
          : undefined;
      for (const [name, type] of found) if (!results.has(name)) results.set(name, type);
      const written = fieldTypeOf(result, checker, 0, resultNode, true);
      const typed = asWritten(declared.result, written, `${symbol.name}()`);
      namedObjects(typed, named);
      functions.push({
        name: symbol.name,
        token: `${PACKAGE}:index:${symbol.name}`,
        description: docOf(symbol, checker),
        params,
        resultText: typeName(result, checker),
        args: argsType ? membersOf(argsType, checker, `${symbol.name}(args)`, declared.args) : [],
        result: typed,
        resultTypes: [...found.keys()],
      });
    }
  }
  const resultFacts = [...results]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, type]) => ({
      name,
      description: type.getSymbol() ? docOf(type.getSymbol()!, checker) : "",
      members: membersOf(type, checker, name, named.get(name)),
    }));
  return { functions, resultTypes: resultFacts };
}
