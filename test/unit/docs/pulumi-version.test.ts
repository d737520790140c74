/**
 * One minimum Pulumi version, stated once: package.json's peer dependency `@pulumi/pulumi: ^X`
 * (`minimumPulumiVersion`). Every other place that states a minimum (the README and docs/, the SDKs'
 * metadata, the templates) states the same X, and the places users read it from state it: a
 * second, different statement anywhere fails here, naming the file and its words.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { minimumPulumiVersion } from "../../../src/package-root";

const ROOT = path.resolve(__dirname, "../../..");

/** A version: `3.216` or `3.216.0`. */
const V = String.raw`v?(\d+\.\d+(?:\.\d+)?)`;

/**
 * The ways a minimum Pulumi version is written (in text whose backticks and line breaks are gone):
 * `pulumi>=X`, `Pulumi CLI >= X`, `pulumi==X` (a pin), `Pulumi CLI X or later`, `Pulumi CLI (X or
 * newer`, `@pulumi/pulumi: ^X` and `@pulumi/pulumi is a peer dependency, ^X`, Go's
 * `github.com/pulumi/pulumi/sdk/v3 vX`, the own-project test's `COMPUTE_OWN_PROJECT_PULUMI=X`,
 * `minimum Pulumi version is X`, and a workflow's `pulumi/actions` input `pulumi-version: ^X`.
 */
const FORMS: RegExp[] = [
  new RegExp(String.raw`\bpulumi(?:[ -]cli)?\s*(?:>=|≥|==|~=|\^)\s*${V}`, "gi"),
  new RegExp(String.raw`\bpulumi(?:[ -]cli)?\s*\(?\s*${V}\s+or\s+(?:later|newer|above)`, "gi"),
  new RegExp(String.raw`@pulumi/pulumi"?\s*[:,]?[^.;\n]{0,40}?(?:\^|~|>=\s*)${V}`, "gi"),
  new RegExp(String.raw`github\.com/pulumi/pulumi/sdk/v3[ @]${V}`, "gi"),
  new RegExp(String.raw`COMPUTE_OWN_PROJECT_PULUMI=${V}`, "g"),
  new RegExp(String.raw`minimum pulumi(?: cli)? version(?: is|:|,)?\s*${V}`, "gi"),
  new RegExp(String.raw`pulumi-version:\s*["']?[\^~]?${V}`, "g"),
];

interface Statement {
  file: string;
  words: string;
  version: string;
}

/** Each minimum Pulumi version `text` states, with its words. */
function statements(file: string, text: string): Statement[] {
  const flat = text.replace(/[`*]/g, "").replace(/\s+/g, " ");
  return FORMS.flatMap((form) =>
    [...flat.matchAll(form)].map((m) => ({ file, words: m[0], version: m[1]! })),
  );
}

/** `3.216` and `3.216.0` are one version. */
const full = (version: string) => (version.split(".").length === 2 ? `${version}.0` : version);

/** The files that state versions to users: README.md, docs/, the SDKs' metadata, the templates. */
function places(): string[] {
  const under = (dir: string, keep: (file: string) => boolean) =>
    (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
      .map((f) => path.join(dir, f))
      .filter((f) => fs.statSync(path.join(ROOT, f)).isFile() && keep(f));
  return [
    "README.md",
    ...under("docs", (f) => f.endsWith(".md")),
    "sdk/python/pyproject.toml",
    "sdk/python/README.md",
    "sdk/go/go.mod",
    ...under("templates", () => true),
  ];
}

const all = () =>
  places().flatMap((file) => statements(file, fs.readFileSync(path.join(ROOT, file), "utf8")));

it("reads every way a minimum is written, and nothing that is not one", () => {
  const found = (text: string) => statements("x", text).map((s) => s.version);
  expect(found("with the Pulumi CLI 3.216 or\nlater:")).toEqual(["3.216"]);
  expect(found("the Pulumi CLI (3.250 or later, with its Node language host)")).toEqual(["3.250"]);
  expect(found("| Pulumi CLI >= 3.216 | the engine")).toEqual(["3.216"]);
  expect(found('dependencies = ["pulumi>=3.231.0,<4.0.0"]')).toEqual(["3.231.0"]);
  expect(found('venv/bin/pip install pulumi==3.259.0 "$REPO/sdk/python"')).toEqual(["3.259.0"]);
  expect(found('    "@pulumi/pulumi": "^3.216.0",')).toEqual(["3.216.0"]);
  expect(found("`@pulumi/pulumi` is a peer dependency, `^3.216.0` (the first")).toEqual(["3.216.0"]);
  expect(found("\tgithub.com/pulumi/pulumi/sdk/v3 v3.256.0\n")).toEqual(["3.256.0"]);
  expect(found("`COMPUTE_OWN_PROJECT_PULUMI=3.216.0` checks it")).toEqual(["3.216.0"]);
  expect(found("The minimum Pulumi version is 3.250.")).toEqual(["3.250"]);
  expect(found("        with:\n          pulumi-version: ^3.250.0\n")).toEqual(["3.250.0"]);
  // Not minimums: a Python or Node version, the version a benchmark or a design note ran.
  expect(
    found("Python >= 3.9, Node.js 22 or later; PyPI `pulumi` 3.259.0; the CLI we test with (3.259)"),
  ).toEqual([]);
});

it("states one minimum Pulumi version everywhere: package.json's peer dependency on @pulumi/pulumi", () => {
  const minimum = minimumPulumiVersion();
  const other = all().filter((s) => full(s.version) !== minimum);
  // A second minimum: state package.json's (or change it there, then `npm run schema`, `npm run sdks`).
  expect(other).toEqual([]);
});

it("the SDKs, the template, the README and the install page state it", () => {
  const stated = new Set(all().map((s) => s.file));
  for (const file of [
    "README.md",
    "docs/installing.md",
    "docs/configuration.md",
    "docs/ci.md",
    "sdk/python/pyproject.toml",
    "sdk/go/go.mod",
    "templates/typescript/package.json",
  ])
    expect({ file, stated: stated.has(file) }).toEqual({ file, stated: true });
});
