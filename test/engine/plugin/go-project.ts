/**
 * A Pulumi Go project (`runtime: go`) using the generated Go SDK (sdk/go), served by the resource plugin,
 * run through the real `pulumi` CLI against an in-process emulator (cli-project.ts), as a Go user runs
 * it: the Go language host (`scripts/setup --all-languages`; `npm test` builds it) builds the program
 * with `go` at each run. The project's go.mod and go.sum are those of go-program/ (its replace of the SDK
 * pointed at this repository's sdk/go); the test writes main.go.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmulatorOptions } from "../../../src/emulator";
import { cliProject, PLUGINS, requireLanguageHost, type CliProject } from "./cli-project";
import { previewJson, type PreviewJson } from "./preview-json";

const ROOT = path.resolve(__dirname, "../../..");
const MODULE = path.join(__dirname, "go-program");

export interface GoProject extends CliProject {
  /** Writes main.go: `body` runs inside `pulumi.Run(func(ctx *pulumi.Context) error { ... })`. */
  setProgram(body: string): void;
  /** `pulumi preview --json` (and `flags`): each step's op, URN and detailed diff, and the change summary. */
  previewJson(...flags: string[]): Promise<PreviewJson>;
}

/** The packages a program body uses, among those go-program's module provides. */
const PACKAGES: Record<string, string> = {
  compute: "github.com/pulumi-compute/pulumi-compute/sdk/go/compute",
  fmt: "fmt",
  strconv: "strconv",
};

/** main.go of a program whose `pulumi.Run` function holds `body`: it imports what the body uses. */
export function goMain(body: string): string {
  const imports = Object.entries(PACKAGES)
    .filter(([name]) => new RegExp(`\\b${name}\\.`).test(body))
    .map(([, pkg]) => `\t"${pkg}"\n`)
    .join("");
  return `package main

import (
${imports}\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
\tpulumi.Run(func(ctx *pulumi.Context) error {
${body.trim()}
\t\treturn nil
\t})
}
`;
}

/**
 * go-program's go.mod (the module named `compute.local/<name>`, its replace of the SDK pointed at this
 * repository's sdk/go) and go.sum, written into `dir`.
 */
export function writeGoModule(dir: string, name: string): void {
  const goMod = fs
    .readFileSync(path.join(MODULE, "go.mod"), "utf8")
    .replace("module compute.local/go-program", `module compute.local/${name}`)
    .replace("=> ../../../../sdk/go", `=> ${path.join(ROOT, "sdk", "go")}`);
  fs.writeFileSync(path.join(dir, "go.mod"), goMod);
  fs.copyFileSync(path.join(MODULE, "go.sum"), path.join(dir, "go.sum"));
}

/** `emulator` starts the emulator (its `speed`: 20 runs a boot's 3 s in 0.15 s). */
export async function goProject(name: string, emulator: EmulatorOptions = {}): Promise<GoProject> {
  requireLanguageHost("pulumi-language-go");
  let dir = "";
  const setProgram = (body: string) => fs.writeFileSync(path.join(dir, "main.go"), goMain(body));
  const base = await cliProject(
    name,
    "go",
    (made) => {
      dir = made;
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        JSON.stringify({ name, runtime: "go", plugins: PLUGINS }),
      );
      writeGoModule(dir, name);
      setProgram("");
    },
    // The go.mod and go.sum as committed, as a user's build takes them: no -mod=mod from the caller.
    // The host's `go build` (one per preview, up, refresh or destroy) links without DWARF debug
    // information (`-ldflags=-w`; the symbol table and stack traces stay): a third less CPU per build.
    { GOFLAGS: "-ldflags=-w" },
    emulator,
  );
  return { ...base, setProgram, previewJson: (...flags) => previewJson(base, ...flags) };
}
