/**
 * The reference pages' examples (src/schema/examples: one source per kind, and docs/functions.md's,
 * each rendered in four languages) are checked with each language's own tools: the TypeScript type-checks against this package, the
 * Python passes `mypy --strict` on the generated SDK, the Go is as gofmt writes it and passes `go vet`
 * on the generated Go SDK, and each YAML program previews against the emulator through the real CLI
 * (its plugin's Check taking every input) with no error.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import * as ts from "typescript";
import { EXAMPLES } from "../../../src/schema/examples";
import { functions } from "../../../src/schema/examples/functions";
import type { Example } from "../../../src/schema/examples/model";
import { goProgram } from "../../../src/schema/examples/render-go";
import { pythonProgram } from "../../../src/schema/examples/render-python";
import { typescriptProgram } from "../../../src/schema/examples/render-typescript";
import { yamlProgram } from "../../../src/schema/examples/render-yaml";
import type { SchemaTypes } from "../../../src/schema/examples/schema-lookup";
import { SCHEMA_FILE } from "../../../src/schema/schema-file";
import { ROOT_PASS } from "../../support/compute";
import { PLUGINS } from "./cli-project";
import { writeGoModule } from "./go-project";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../../..");
const run = promisify(execFile);
const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as SchemaTypes;
let tmp: string;
/** Every page's example: each kind's, and the data functions'. */
const ALL: Example[] = [...EXAMPLES, functions];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-reference-examples-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Each example's rendering in `dir/<Kind>/<file>` (`functions` for the functions'): the paths. */
function written(dir: string, file: string, render: (e: Example) => string): string[] {
  return ALL.map((example) => {
    const file_ = path.join(tmp, dir, example.kind, file);
    fs.mkdirSync(path.dirname(file_), { recursive: true });
    fs.writeFileSync(file_, render(example));
    return file_;
  });
}

test("every kind has an example, and its page's kind declares it", () => {
  const kinds = Object.keys(schema.resources).map((token) => token.replace("compute:index:", ""));
  expect(EXAMPLES.map((e) => e.kind).sort()).toEqual(kinds.sort());
  for (const example of EXAMPLES) expect(example.resources.map((r) => r.kind)).toContain(example.kind);
});

test("TypeScript: each example type-checks against this package (strict)", () => {
  const files = written("ts", "index.ts", typescriptProgram);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    baseUrl: ROOT,
    paths: { "pulumi-compute": ["src/index.ts"], "@pulumi/pulumi": ["node_modules/@pulumi/pulumi"] },
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(tmp, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
  expect(errors).toEqual([]);
});

const pick = ({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) => ({
  code,
  stdout,
  stderr,
});

test("Python: each example passes mypy --strict on the generated SDK", async () => {
  const venv = process.env.COMPUTE_PYTHON_VENV;
  if (!venv)
    throw new Error("no COMPUTE_PYTHON_VENV: run the tests with `npm test` (scripts/ensure-python-sdk)");
  const files = written("py", "__main__.py", (e) => pythonProgram(schema, e));
  // One mypy run per program: each is its own `__main__`.
  for (const file of files) {
    // Passing is exit code 0 with nothing printed: errors go to stdout (exit 1), a crash to stderr (exit 2).
    const checked = await run(path.join(venv, "bin", "mypy"), ["--strict", "--no-error-summary", file], {
      cwd: tmp,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code?: number; stdout: string; stderr: string }) => ({ code: err.code ?? -1, ...err }),
    );
    expect({ file: path.relative(tmp, file), ...pick(checked) }).toEqual({
      file: path.relative(tmp, file),
      code: 0,
      stdout: "",
      stderr: "",
    });
  }
});

test("Go: each example is as gofmt writes it and passes go vet on the generated Go SDK", async () => {
  written("go", "main.go", (e) => goProgram(schema, e));
  const module = path.join(tmp, "go");
  writeGoModule(module, "reference-examples");
  const env = { ...process.env, GOFLAGS: "" };
  expect((await run("gofmt", ["-l", "."], { cwd: module, env })).stdout).toBe("");
  await run("go", ["vet", "./..."], { cwd: module, env });
});

describe("YAML: each example previews against the emulator", () => {
  let p: YamlProject;
  beforeAll(async () => {
    p = await yamlProject("reference-examples");
    await p.pulumi("config", "set", "--secret", "rootPass", ROOT_PASS);
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test.each(ALL.map((e) => [e.kind, e] as const))("%s", async (_kind, example) => {
    const plugins = PLUGINS.providers[0]!;
    fs.writeFileSync(
      path.join(p.dir, "Pulumi.yaml"),
      `${yamlProgram(example, "reference-examples")}plugins:\n  providers:\n    - name: ${plugins.name}\n      path: ${plugins.path}\n`,
    );
    // The stack and each resource, all to create (an input the plugin's Check refused, or an invoke
    // that failed, fails it).
    expect((await p.previewJson()).changeSummary).toEqual({ create: example.resources.length + 1 });
  });
});
