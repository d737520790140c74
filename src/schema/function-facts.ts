/**
 * One reading of the data functions (`src/functions`, as `index.ts` exports them, in its order) for
 * everything generated from them: the package schema's `functions` (`compute:index:get<Noun>`, the
 * plugin's invokes) and `docs/functions.md`. Per function: its TSDoc, its parameters as TypeScript
 * writes them, its arguments and its result, each with a type and TSDoc, read with the TypeScript
 * compiler (generation time only). A number is typed as the contract field it holds
 * (`contract-fields.ts`: `ContractNumber<"InstanceType.memory">`, an integer), but for IDs (`isIdField`).
 */
import * as path from "node:path";
import * as ts from "typescript";
import { symbolDoc } from "./tsdoc";
import { isIdField } from "../functions/result-ids";
import { fieldTypeOf, readingProgram } from "./class-docs";
import { declaredTypeNode, requireDeclared, type NumberLeaf } from "./contract-fields";
import type { FieldType } from "./field-type";
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
  /**
   * Every number in the functions' arguments and results, at `getVpcs(args).minMemory`,
   * `<ResultInterface>.field`, `InstanceResult.specs.disk`, with the contract field its type names.
   */
  numbers: NumberLeaf[];
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

/** A type's members; `owner` names it in errors (`GetInstanceTypesArgs`). */
function membersOf(
  type: ts.Type,
  checker: ts.TypeChecker,
  owner: string,
  numbers: NumberLeaf[],
): MemberFact[] {
  return checker.getPropertiesOfType(type).map((member) => {
    const memberType = checker.getNonNullableType(checker.getTypeOfSymbol(member));
    const typeText = typeName(memberType, checker).replace(/`/g, "");
    const site = { node: declaredTypeNode(member), at: `${owner}.${member.name}`, numbers };
    return {
      name: member.name,
      optional: (member.flags & ts.SymbolFlags.Optional) !== 0,
      typeText,
      // An ID argument (`IdArg`: a number or a resource's `id`) is a string in the schema, as
      // resources' ID references are.
      type: typeText === "IdArg" ? { type: "string" } : fieldTypeOf(memberType, checker, 0, site, true),
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
  const numbers: NumberLeaf[] = [];
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
      resultTypes(result, checker, found);
      const resultNode =
        declaration.type && ts.isTypeReferenceNode(declaration.type)
          ? declaration.type.typeArguments?.[0]
          : undefined;
      for (const [name, type] of found) if (!results.has(name)) results.set(name, type);
      functions.push({
        name: symbol.name,
        token: `${PACKAGE}:index:${symbol.name}`,
        description: docOf(symbol, checker),
        params,
        resultText: typeName(result, checker),
        args: argsType ? membersOf(argsType, checker, `${symbol.name}(args)`, numbers) : [],
        result: fieldTypeOf(result, checker, 0, { node: resultNode, at: `${symbol.name}()`, numbers }, true),
        resultTypes: [...found.keys()],
      });
    }
  }
  const resultFacts = [...results]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, type]) => ({
      name,
      description: type.getSymbol() ? docOf(type.getSymbol()!, checker) : "",
      members: membersOf(type, checker, name, numbers),
    }));
  // A result's ID fields are strings in the schema: no contract field to name.
  requireDeclared(numbers, (at) =>
    isIdField(
      at
        .replace(/(\[\]|\{\})+$/, "")
        .split(".")
        .pop()!,
    ),
  );
  return { functions, resultTypes: resultFacts, numbers };
}
