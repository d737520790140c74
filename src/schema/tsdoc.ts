/**
 * The one reader of TSDoc for the schema, the reference pages and the scripts: a declaration's
 * documentation as the TypeScript compiler gives it (`symbolDoc`), or the `/** *\/` comment written
 * right before a node (`leadingDoc`), in one of two layouts: as written (line breaks kept, each line
 * trimmed: Markdown for descriptions) or on one line (every line break and the spaces around it one
 * space: for tables and sentences).
 */
import * as ts from "typescript";

export type DocLayout = "as-written" | "one-line";

/** Text on one line: each line break, with the spaces around it, becomes one space. */
export const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, " ").trim();

const laidOut = (text: string, layout: DocLayout) => (layout === "one-line" ? oneLine(text) : text.trim());

/** A declaration's TSDoc (its tags left out), as the compiler reads it. */
export function symbolDoc(symbol: ts.Symbol, checker: ts.TypeChecker, layout: DocLayout): string {
  return laidOut(ts.displayPartsToString(symbol.getDocumentationComment(checker)), layout);
}

/** The text of a comment's lines, its markers (`/**`, `*\/`, `//`, a leading `*`) taken off. */
export function commentLines(comment: string): string[] {
  return comment
    .replace(/^\/\*\*|\*\/$|^\/\/\s?/g, "")
    .split("\n")
    .map((line) => line.replace(/^\s*(\*|\/\/) ?/, "").trim());
}

/** The comments (`//`, `/* *\/`, `/** *\/`) written right before `node`, each whole, in order. */
export function leadingComments(node: ts.Node): string[] {
  const text = node.getSourceFile().getFullText();
  return (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).map((r) => text.slice(r.pos, r.end));
}

/** The last `/** *\/` comment right before `node`, its tag lines (`@...`) left out; undefined if none. */
export function leadingDoc(node: ts.Node, layout: DocLayout): string | undefined {
  const docs = leadingComments(node)
    .filter((c) => c.startsWith("/**"))
    .map((c) =>
      laidOut(
        commentLines(c)
          .filter((line) => line !== "" && !line.startsWith("@"))
          .join("\n"),
        layout,
      ),
    );
  return docs.at(-1) || undefined;
}
