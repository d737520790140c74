/**
 * No cast where the compiler could check: at most 10 type assertions in src/provider (`as const` and
 * the lazy `require(...) as typeof import(...)` loads aside) and at most 4 `as unknown as` in src,
 * each of them with a `//` comment, on its line or the two above, saying why the compiler cannot
 * know.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const SRC = path.resolve(__dirname, "../../src");

interface Assertion {
  /** `file:line`, from src/. */
  at: string;
  doubled: boolean;
  explained: boolean;
}

function assertionsIn(dir: string): Assertion[] {
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
  return files.flatMap((name) => {
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, "utf8");
    const lines = text.split("\n");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: Assertion[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const type = node.type.getText(source);
        const inner = node.expression;
        const partOfDouble = ts.isAsExpression(node.parent) && type === "unknown";
        if (type !== "const" && !/^require\(/.test(inner.getText(source)) && !partOfDouble) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const near = lines.slice(Math.max(0, line - 2), line + 1).join("\n");
          found.push({
            at: `${path.relative(SRC, file)}:${line + 1}`,
            doubled: ts.isAsExpression(inner) && inner.type.getText(source) === "unknown",
            explained: near.includes("//"),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

it("src/provider holds at most 10 type assertions, each explained by a comment", () => {
  const found = assertionsIn(path.join(SRC, "provider"));
  expect(found.length).toBeLessThanOrEqual(10);
  expect(found.filter((a) => !a.explained).map((a) => a.at)).toEqual([]);
});

it("src holds at most 4 `as unknown as`, each explained by a comment", () => {
  const doubled = assertionsIn(SRC).filter((a) => a.doubled);
  expect(doubled.length).toBeLessThanOrEqual(4);
  expect(doubled.filter((a) => !a.explained).map((a) => a.at)).toEqual([]);
});
