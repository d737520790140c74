/**
 * Where a number's kind is declared. TypeScript has one `number`; the contract's zod records say
 * which fields are ints. So a number among a class's outputs or a data function's result or
 * arguments is typed as the contract field it holds, `ContractNumber<"Image.size">`
 * (`src/contract/contract-number.ts`: `number` to TypeScript), and read here, `integer` or `number`
 * to the package schema, the SDKs and the pages.
 */
import * as ts from "typescript";
import { z } from "zod";
import * as contract from "../contract";
import type { JsonSchema } from "../provider/core/input-schema";

/** A number's kind, and where it was met (`ImageResult.size`), for generation's errors and the tests. */
export interface NumberLeaf {
  at: string;
  /** The contract field its type names, if it names one. */
  field?: JsonSchema;
}

/**
 * Stops generation on the numbers whose type names no contract field, but for those `isId` says
 * hold IDs (strings in the schema): a `number` could be an int or a real, and the schema says which.
 */
export function requireDeclared(numbers: readonly NumberLeaf[], isId: (at: string) => boolean): void {
  const loose = [...new Set(numbers.filter((n) => !n.field && !isId(n.at)).map((n) => n.at))];
  if (loose.length > 0)
    throw new Error(
      `${loose.join(", ")}: a number whose type names no contract field; type it as the field it holds (e.g. \`ContractNumber<"Image.size">\`)`,
    );
}

/** The options of a nullable or union schema that are not null. */
const options = (schema: JsonSchema): JsonSchema[] =>
  schema.anyOf ? schema.anyOf.filter((o) => o.type !== "null").flatMap(options) : [schema];

/** Whether a contract field holds whole numbers only. */
export const isIntegerField = (field: JsonSchema): boolean => {
  const types = options(field).map((o) => o.type);
  return types.includes("integer") && !types.includes("number");
};

/** The field `name` of an object schema (`[]`: the items of an array schema). */
const inner = (schema: JsonSchema | undefined, name: string): JsonSchema | undefined =>
  schema &&
  options(schema)
    .map((o) => (name === "[]" ? o.items : o.properties?.[name]))
    .find((o) => o !== undefined);

const records = new Map<string, JsonSchema | undefined>();

/** A contract record's JSON Schema (`io: "output"`), by its export's name, read once. */
function recordJson(name: string): JsonSchema | undefined {
  if (!records.has(name)) {
    const record: unknown = (contract as Record<string, unknown>)[name];
    records.set(
      name,
      record instanceof z.ZodType
        ? (z.toJSONSchema(record, { io: "output", unrepresentable: "any" }) as JsonSchema)
        : undefined,
    );
  }
  return records.get(name);
}

const CONTRACT_NUMBER = /[/\\]src[/\\]contract[/\\]contract-number\.(d\.)?ts$/;

/** The field path a `ContractNumber<"Record.field">` names, if the node is one. */
function namedPath(node: ts.TypeNode, checker: ts.TypeChecker): string | undefined {
  if (!ts.isTypeReferenceNode(node) || node.typeArguments?.length !== 1) return undefined;
  let symbol = checker.getSymbolAtLocation(node.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declared = symbol?.declarations?.[0]?.getSourceFile().fileName ?? "";
  const [argument] = node.typeArguments;
  if (symbol?.name !== "ContractNumber" || !CONTRACT_NUMBER.test(declared)) return undefined;
  return argument && ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)
    ? argument.literal.text
    : undefined;
}

/**
 * The contract field a `ContractNumber<"Image.size">` names, as zod's JSON Schema writes it
 * (`io: "output"`); undefined when the type is no `ContractNumber`. `| null` and `| undefined`
 * around it are allowed. A path the contract does not hold is an error naming it.
 */
export function contractFieldOf(
  node: ts.TypeNode | undefined,
  checker: ts.TypeChecker,
): JsonSchema | undefined {
  const one = innerNode(node, "one");
  const named = one && namedPath(one, checker);
  if (!named) return undefined;
  const [recordName, ...path] = named.replace(/\[\]/g, ".[]").split(".");
  const field = path.reduce<JsonSchema | undefined>(inner, recordJson(recordName!));
  if (!field || !options(field).some((o) => o.type === "integer" || o.type === "number"))
    throw new Error(`ContractNumber<"${named}">: the contract has no number field ${named}`);
  return field;
}

/** The type node a property is declared with, if any. */
export function declaredTypeNode(symbol: ts.Symbol): ts.TypeNode | undefined {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  return declaration && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))
    ? declaration.type
    : undefined;
}

/** The node of an array type's items, or of the one type a `| null` / `| undefined` union leaves. */
export function innerNode(node: ts.TypeNode | undefined, of: "items" | "one"): ts.TypeNode | undefined {
  if (!node) return undefined;
  if (ts.isParenthesizedTypeNode(node)) return innerNode(node.type, of);
  if (ts.isUnionTypeNode(node)) {
    const rest = node.types.filter(
      (t) =>
        t.kind !== ts.SyntaxKind.UndefinedKeyword &&
        !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
    );
    return rest.length === 1 ? innerNode(rest[0], of) : undefined;
  }
  if (of === "one") return node;
  if (ts.isArrayTypeNode(node)) return node.elementType;
  if (ts.isTypeReferenceNode(node) && /^(Readonly)?Array$/.test(node.typeName.getText()))
    return node.typeArguments?.[0];
  return undefined;
}
