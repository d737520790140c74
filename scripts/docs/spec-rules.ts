/**
 * What a spec's code says that its values do not: the rules its `validate` and `lookups` apply at
 * preview (their TSDoc, the TSDoc of the rules across records they call, and the reasons they
 * return), and the comments on its conditional `replaces` and `deleteBeforeReplace` rules. Read from
 * `src/provider/{kinds,instance}/<stem>.ts` with the TypeScript compiler, following the functions the spec's file
 * declares and those it imports from `contract/record-rules.ts` or from its own family of files.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { commentLines, leadingComments, leadingDoc, oneLine } from "../../src/schema/tsdoc";
import { stemOf } from "../../src/schema/stem";
import { PACKAGE_ROOT } from "../../src/package-root";

const ROOT = PACKAGE_ROOT;

export interface SpecRules {
  /** Sentences saying what preview refuses beyond each input's own type and limits. */
  refuses: string[];
  /** The comment on the spec's `replaces` rule (inputs that replace for some values only). */
  replacesWhen?: string;
  /** The comment on the spec's `deleteBeforeReplace` rule. */
  deleteFirstWhen?: string;
}

const sources = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = sources.get(file);
  if (!source) {
    source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    sources.set(file, source);
  }
  return source;
}

/** The `/** ... *\/` comment right before a node, as one line of text. */
const tsdocOf = (node: ts.Node): string | undefined => leadingDoc(node, "one-line");

/** The `//` or `/** *\/` comment right before a node, as one line of text. */
function commentOf(node: ts.Node): string | undefined {
  const lines = leadingComments(node).map((c) => oneLine(commentLines(c).join("\n")));
  return lines.join(" ").trim() || undefined;
}

interface Found {
  node: ts.Node;
  /** The declaration whose TSDoc speaks for it. */
  documented: ts.Node;
}

/** A function named in `source`: declared there, or imported from a module it may follow. */
function resolve(
  name: string,
  source: ts.SourceFile,
  follow: (module: string) => boolean,
): Found | undefined {
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
      return { node: statement, documented: statement };
    }
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) {
          return { node: d.initializer, documented: statement };
        }
      }
    }
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith(".") &&
      follow(statement.moduleSpecifier.text)
    ) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => e.name.text === name);
      if (!element) continue;
      const file = path.resolve(path.dirname(source.fileName), `${statement.moduleSpecifier.text}.ts`);
      if (!fs.existsSync(file)) continue;
      return resolve(element.propertyName?.text ?? name, sourceOf(file), () => false);
    }
  }
  return undefined;
}

/** A string the code builds: literal text, each `${...}` as `…`, `+` joined. */
function textOf(node: ts.Expression): string | undefined {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((s) => `…${s.literal.text}`).join("");
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textOf(node.left);
    const right = textOf(node.right);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  return undefined;
}

/** TSDoc and `reason`s of a rule function and of the functions it calls that the spec may follow. */
function rulesIn(start: Found, source: ts.SourceFile, follow: (module: string) => boolean, out: Set<string>) {
  const seen = new Set<ts.Node>();
  const visit = (found: Found, depth: number) => {
    if (seen.has(found.node) || depth > 3) return;
    seen.add(found.node);
    const here = found.node.getSourceFile();
    const reasons: string[] = [];
    const calls: Found[] = [];
    const walk = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && node.name.getText() === "reason") {
        const reason = textOf(node.initializer);
        if (reason) reasons.push(reason);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        // `fail("field", "reason")`: a local helper that pushes a failure.
        if (node.arguments.length === 2 && ts.isStringLiteralLike(node.arguments[0]!)) {
          const reason = textOf(node.arguments[1]!);
          if (reason) reasons.push(reason);
        }
        const next = resolve(node.expression.text, here, here === source ? follow : () => false);
        if (next && ts.isFunctionLike(next.node)) calls.push(next);
      }
      ts.forEachChild(node, walk);
    };
    walk(found.node);
    // A helper's TSDoc speaks for a rule when it is the spec's own rule function or a function that
    // itself refuses something (others format, read or name things).
    const doc = tsdocOf(found.documented);
    if (doc && (depth === 0 || reasons.length > 0)) out.add(doc);
    for (const reason of reasons) if (reason.trim().split(/\s+/).length >= 3) out.add(reason);
    for (const next of calls) visit(next, depth + 1);
  };
  visit(start, 0);
}

/** The spec's rules, read from its source. */
export function readSpecRules(kind: string): SpecRules {
  const stem = stemOf(kind);
  // A simple kind's room, or the instance family's (`src/provider/kinds/`, `src/provider/instance/`).
  const file = ["kinds", "instance"]
    .map((room) => path.join(ROOT, "src/provider", room, `${stem}.ts`))
    .find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`${kind}: no src/provider/{kinds,instance}/${stem}.ts`);
  const source = sourceOf(file);
  const family = stem.split("-")[0]!;
  const follow = (module: string) =>
    module.includes("record-rules") || path.basename(module).startsWith(family);
  let spec: ts.ObjectLiteralExpression | undefined;
  const find = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "defineSpec" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      spec = node.arguments[0];
    }
    ts.forEachChild(node, find);
  };
  find(source);
  if (!spec) throw new Error(`${kind}: no defineSpec({...}) in ${file}`);
  const refuses = new Set<string>();
  const rules: SpecRules = { refuses: [] };
  for (const property of spec.properties) {
    const name = property.name?.getText();
    const value = ts.isPropertyAssignment(property)
      ? property.initializer
      : ts.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined;
    if (!name || !value) continue;
    if (name === "validate" || name === "lookups") {
      const found = ts.isIdentifier(value)
        ? resolve(value.text, source, follow)
        : { node: value, documented: property };
      if (found) rulesIn(found, source, follow, refuses);
    }
    if (name === "replaces") rules.replacesWhen = commentOf(property);
    if (name === "deleteBeforeReplace") rules.deleteFirstWhen = commentOf(property);
  }
  rules.refuses = [...refuses];
  return rules;
}
