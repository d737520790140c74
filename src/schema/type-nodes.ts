/**
 * Where a declared type's nodes are (the TypeScript compiler: generation time only), so that the
 * reading of a type keeps the alias a declaration names it by (`ImageStatus` in `ImageStatus | null`).
 */
import * as ts from "typescript";

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
