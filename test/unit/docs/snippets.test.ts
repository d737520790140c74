/**
 * The TypeScript in README.md and docs/ type-checks against the package: every `ts` block is compiled
 * as a module of its own that imports `pulumi-compute` and `@pulumi/pulumi`, so a class, an input or
 * a data function that does not exist, or a value of the wrong type, fails naming the page and the
 * line. Names a snippet takes from the program around it (`config`, `web`, `subnet.id`) are left to
 * that program: "cannot find name" is the one error ignored. Copies of `examples/*.ts`, which tsc
 * checks where they are, are left out.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const root = path.resolve(__dirname, "../../..");
/** "Cannot find name", "did you mean", and a shorthand property (`{ label }`) with no such name. */
const CANNOT_FIND_NAME = [2304, 2552, 18004];

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.name.endsWith(".md") ? [full] : [];
  });
}

interface Snippet {
  where: string;
  file: string;
  text: string;
}

function snippets(): Snippet[] {
  const examples = new Set(
    fs
      .readdirSync(path.join(root, "examples"))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => fs.readFileSync(path.join(root, "examples", name), "utf8").trim()),
  );
  return [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))].flatMap((md) => {
    const text = fs.readFileSync(md, "utf8");
    const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)];
    return blocks.flatMap((m, i) => {
      if (examples.has(m[1]!.trim())) return [];
      const line = text.slice(0, m.index).split("\n").length;
      const rel = path.relative(root, md);
      return [
        {
          where: `${rel}:${line}`,
          file: path.join(root, "test", `.generated-snippets/${rel.replace(/[/.]/g, "_")}_${i}.ts`),
          text: m[1]!,
        },
      ];
    });
  });
}

/** What a snippet may use without importing it, as a program around it would have. */
const PRELUDE = [
  'import * as pulumi from "@pulumi/pulumi";',
  'import * as compute from "pulumi-compute";',
  'import * as fs from "node:fs";',
  'import * as os from "node:os";',
  "export {};",
  "",
].join("\n");

/** Problems of each snippet, compiled together in one program without writing a file. */
function problems(all: Snippet[]): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
    baseUrl: root,
    paths: { "pulumi-compute": ["src/index.ts"] },
  };
  const byFile = new Map(all.map((s) => [s.file, s]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) => {
    const snippet = byFile.get(path.resolve(file));
    if (snippet) return ts.createSourceFile(file, dedupe(snippet.text), language);
    return getSourceFile(file, language, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => byFile.has(path.resolve(file)) || fileExists(file);
  const program = ts.createProgram([...byFile.keys()], options, host);
  return all.flatMap((snippet) => {
    const source = program.getSourceFile(snippet.file)!;
    const offset = PRELUDE.split("\n").length - 1;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
      .filter((d) => !CANNOT_FIND_NAME.includes(d.code))
      .map((d) => {
        const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line - offset;
        return `${snippet.where} (+${line + 1}): ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
      });
  });
}

/** The prelude, and the snippet with its own imports of the same names left out. */
function dedupe(text: string): string {
  const body = text
    .split("\n")
    .filter((line) => !/^import (type )?\* as (pulumi|compute|fs|os) from /.test(line))
    .join("\n");
  return PRELUDE + body;
}

test("every ts block of README.md and docs/ type-checks against the package", () => {
  const all = snippets();
  expect(all.length).toBeGreaterThan(20);
  expect(problems(all)).toEqual([]);
});

test("a snippet with an input the class does not take fails, naming where", () => {
  const bad: Snippet = {
    where: "page.md:3",
    file: path.join(root, "test", ".generated-snippets/bad.ts"),
    text: 'new compute.Vpc("net", { region: "us-iad", label: "net", colour: "blue" });\n',
  };
  const found = problems([bad]);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^page\.md:3 \(\+1\): .*colour/);
});
