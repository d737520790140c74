/**
 * One reading of the data functions (`src/functions`, as `index.ts` exports them, in its order) for
 * everything generated from them: the package schema's `functions` (`compute:index:get<Noun>`, the
 * plugin's invokes) and `docs/functions.md`. Per function: its TSDoc, its parameters as TypeScript
 * writes them, its arguments and its result, each with a type and TSDoc, read with the TypeScript
 * compiler (generation time only).
 */
import * as path from "node:path";
import * as ts from "typescript";
import { symbolDoc } from "./tsdoc";
import { fieldTypeOf, readingProgram } from "./class-docs";
import type { FieldType } from "./field-type";
import { argumentFields, resultRecords, withIntegers } from "./record-integers";
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

function membersOf(type: ts.Type, checker: ts.TypeChecker): MemberFact[] {
  return checker.getPropertiesOfType(type).map((member) => {
    const memberType = checker.getNonNullableType(checker.getTypeOfSymbol(member));
    const typeText = typeName(memberType, checker).replace(/`/g, "");
    return {
      name: member.name,
      optional: (member.flags & ts.SymbolFlags.Optional) !== 0,
      typeText,
      // An ID argument (`IdArg`: a number or a resource's `id`) is a string in the schema, as
      // resources' ID references are.
      type: typeText === "IdArg" ? { type: "string" } : fieldTypeOf(memberType, checker, 0, true),
      description: docOf(member, checker),
    };
  });
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
  // The records each result is made from: which of its numbers are integers.
  const files = program
    .getSourceFiles()
    .filter((f) => path.resolve(f.fileName).startsWith(path.dirname(INDEX) + path.sep));
  const records = resultRecords(files, checker);
  const functions: FunctionFact[] = [];
  const results = new Map<string, ts.Type>();
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
      const found = new Map<string, ts.Type>();
      const compared = argumentFields(declaration, files, checker);
      resultTypes(result, checker, found);
      for (const [name, type] of found) if (!results.has(name)) results.set(name, type);
      functions.push({
        name: symbol.name,
        token: `${PACKAGE}:index:${symbol.name}`,
        description: docOf(symbol, checker),
        params,
        resultText: typeName(result, checker),
        // Numbers compared with a record's integers are integers.
        args: (argsType ? membersOf(argsType, checker) : []).map((arg) => {
          const field = compared[arg.name];
          return field ? { ...arg, type: withIntegers(arg.type, records, field) } : arg;
        }),
        result: withIntegers(fieldTypeOf(result, checker, 0, true), records),
        resultTypes: [...found.keys()],
      });
    }
  }
  const resultFacts = [...results]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, type]) => ({
      name,
      description: type.getSymbol() ? docOf(type.getSymbol()!, checker) : "",
      members: membersOf(type, checker),
    }));
  return { functions, resultTypes: resultFacts };
}
