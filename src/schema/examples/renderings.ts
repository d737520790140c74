/**
 * An example in each language, in one order, for every place that shows it: the reference pages and
 * the schema's descriptions (from which each SDK generator keeps its own language's block).
 */
import type { Example } from "./model";
import { goProgram } from "./render-go";
import { pythonProgram } from "./render-python";
import { typescriptProgram } from "./render-typescript";
import { yamlProgram } from "./render-yaml";
import type { SchemaTypes } from "./schema-lookup";

export interface Rendering {
  /** The language's name for a reader: `TypeScript`. */
  title: string;
  /** The language as Pulumi's generators name it: `typescript`, `python`, `go`, `yaml`. */
  language: string;
  /** The fenced block's language on this repository's pages (`ts`, which its snippet checks read). */
  fence: string;
  code: string;
}

export const renderings = (schema: SchemaTypes, example: Example): Rendering[] => [
  { title: "TypeScript", language: "typescript", fence: "ts", code: typescriptProgram(example) },
  { title: "Python", language: "python", fence: "python", code: pythonProgram(schema, example) },
  { title: "Go", language: "go", fence: "go", code: goProgram(schema, example) },
  { title: "YAML", language: "yaml", fence: "yaml", code: yamlProgram(example) },
];

/** A rendering as a fenced Markdown block, its language named as `fence` says (Pulumi's by default). */
export const fenced = (rendering: Rendering, fence = rendering.language): string[] => [
  "```" + fence,
  rendering.code.trimEnd(),
  "```",
];

/** A TSDoc description's prose, and its `ts` example if it has one. */
export function splitDescription(description: string): { prose: string; snippet?: string } {
  const match = /```ts\n([\s\S]*?)```/.exec(description);
  if (!match) return { prose: description.trim() };
  return { prose: description.replace(match[0], "").trim(), snippet: match[1]!.trimEnd() };
}
