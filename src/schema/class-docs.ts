/**
 * What the resource classes (`src/resources/<stem>.ts`) say beyond the specs: the TSDoc of the class,
 * of each `<Kind>Args` member and of each declared output, and the declared outputs' types, read
 * with the TypeScript compiler (a devDependency: this runs at generation time, never in a provider).
 */
import * as path from "node:path";
import * as ts from "typescript";
import { symbolDoc } from "./tsdoc";
import { declaredTypeNode, innerNode } from "./type-nodes";
import type { FieldType } from "./field-type";
import { stemOf } from "./stem";
import { PACKAGE_ROOT } from "../package-root";

export interface ClassDocs {
  description: string;
  /** Input name -> TSDoc of the Args member (inherited members included). */
  inputs: Record<string, string>;
  /** Output name -> TSDoc, the type inside `pulumi.Output<...>` and whether it may be undefined. */
  outputs: Record<string, { description: string; type: FieldType; optional: boolean }>;
}

const ROOT = PACKAGE_ROOT;

/** A compiler program that reads these files of the package (types only, nothing emitted). */
export function readingProgram(files: string[]): ts.Program {
  return ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
}

/** The classes of these kinds, read in one compiler program. */
export function readClassDocs(kinds: readonly string[]): Map<string, ClassDocs> {
  const files = kinds.map((kind) => path.join(ROOT, "src/resources", `${stemOf(kind)}.ts`));
  const program = readingProgram(files);
  const checker = program.getTypeChecker();
  return new Map(
    kinds.map((kind, i) => {
      const source = program.getSourceFile(files[i]!);
      if (!source) throw new Error(`${kind}: no resource class file ${files[i]}`);
      return [kind, docsOf(kind, source, checker)];
    }),
  );
}

function docsOf(kind: string, source: ts.SourceFile, checker: ts.TypeChecker): ClassDocs {
  let description = "";
  const inputs: Record<string, string> = {};
  const outputs: ClassDocs["outputs"] = {};
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === `${kind}Args`) {
      const args = checker.getTypeAtLocation(node);
      for (const member of checker.getPropertiesOfType(args)) {
        inputs[member.name] = docOf(member, checker);
      }
    }
    if (ts.isClassDeclaration(node) && node.name?.text === kind) {
      description = docOf(checker.getSymbolAtLocation(node.name)!, checker);
      for (const member of node.members) {
        if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name) || !member.type) continue;
        const inner = outputTypeNode(member.type);
        if (!inner) continue;
        const type = checker.getTypeFromTypeNode(inner);
        outputs[member.name.text] = {
          description: docOf(checker.getSymbolAtLocation(member.name)!, checker),
          type: fieldTypeOf(type, checker, 0, inner),
          optional: type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Undefined),
        };
      }
    }
  });
  if (!description) throw new Error(`${kind}: no class ${kind} in ${source.fileName}`);
  return { description, inputs, outputs };
}

const docOf = (symbol: ts.Symbol, checker: ts.TypeChecker): string =>
  symbolDoc(symbol, checker, "as-written");

/** The name a type reference gives a union (`ImageStatus` in `ImageStatus | null`). */
function aliasName(node: ts.TypeNode | undefined): string | undefined {
  if (!node || !ts.isTypeReferenceNode(node)) return undefined;
  return ts.isQualifiedName(node.typeName) ? node.typeName.right.text : node.typeName.text;
}

/** `pulumi.Output<T>` -> the node of T. */
function outputTypeNode(node: ts.TypeNode): ts.TypeNode | undefined {
  if (!ts.isTypeReferenceNode(node)) return undefined;
  const name = ts.isQualifiedName(node.typeName) ? node.typeName.right.text : node.typeName.text;
  return name === "Output" ? node.typeArguments?.[0] : undefined;
}

const ANY: FieldType = { type: "any" };

/**
 * A TypeScript type as a field type, with the TSDoc of its properties and the names of its enums'
 * aliases; `node`: the node it is declared with, where there is one (a class member's, a property's);
 * `named` keeps the name of each interface an object comes from (the data functions' `...Result`
 * types, one schema type each). TypeScript has one `number`: whether a number is an int is the
 * contract's to say, where the type is declared (a spec's `outputs`, a data function's schema).
 */
export function fieldTypeOf(
  type: ts.Type,
  checker: ts.TypeChecker,
  depth: number,
  node?: ts.TypeNode,
  named = false,
): FieldType {
  if (depth > (named ? 12 : 6)) return ANY;
  if (type.isUnion()) {
    const nullable = type.types.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    let one: FieldType;
    if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) one = { type: "boolean" };
    else if (rest.every((t) => t.isStringLiteral())) {
      const name = type.aliasSymbol?.getName() ?? aliasName(innerNode(node, "one"));
      one = {
        type: "string",
        enum: rest.map((t) => (t as ts.StringLiteralType).value),
        ...(name && { name }),
      };
    } else
      one =
        rest.length === 1 ? fieldTypeOf(rest[0]!, checker, depth + 1, innerNode(node, "one"), named) : ANY;
    return nullable ? { ...one, nullable: true } : one;
  }
  if (type.flags & ts.TypeFlags.StringLike) return { type: "string" };
  if (type.flags & ts.TypeFlags.NumberLike) return { type: "number" };
  if (type.flags & ts.TypeFlags.BooleanLike) return { type: "boolean" };
  if (checker.isArrayType(type)) {
    const [items] = checker.getTypeArguments(type as ts.TypeReference);
    const inner = innerNode(node, "items");
    return { type: "array", items: items ? fieldTypeOf(items, checker, depth + 1, inner, named) : ANY };
  }
  if (type.flags & ts.TypeFlags.Object) {
    const index = checker.getIndexTypeOfType(type, ts.IndexKind.String);
    if (index) return { type: "map", values: fieldTypeOf(index, checker, depth + 1, undefined, named) };
    const properties = checker.getPropertiesOfType(type);
    if (properties.length === 0) return ANY;
    const name = type.aliasSymbol?.getName() ?? type.getSymbol()?.getName();
    const own = named && name && /^[A-Z]/.test(name) ? name : undefined;
    const fields = properties.map((p) => {
      const type = fieldTypeOf(checker.getTypeOfSymbol(p), checker, depth + 1, declaredTypeNode(p), named);
      const description = docOf(p, checker);
      return { symbol: p, type: description ? { ...type, description } : type };
    });
    return {
      type: "object",
      ...(own && { name: own }),
      properties: Object.fromEntries(fields.map((f) => [f.symbol.name, f.type])),
      // What the API may leave null (`string | null`) or out (`?`) is never required.
      required: fields
        .filter((f) => !(f.symbol.flags & ts.SymbolFlags.Optional) && !f.type.nullable)
        .map((f) => f.symbol.name),
    };
  }
  return ANY;
}
