/**
 * A Pulumi Go project (`runtime: go`) using the generated Go SDK (sdk/go), served by the resource plugin,
 * run through the real `pulumi` CLI against an in-process emulator (cli-project.ts), as a Go user runs
 * it: the Go language host (`scripts/setup --all-languages`; `npm test` builds it) builds the program
 * with `go` at each run. The project's go.mod and go.sum are those of go-program/ (its replace of the SDK
 * pointed at this repository's sdk/go); the test writes main.go.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmulatorOptions } from "../../../src/emulator";
import { cliProject, PLUGINS, type CliProject } from "./cli-project";
import { previewJson, type PreviewJson } from "./preview-json";

const ROOT = path.resolve(__dirname, "../../..");
const MODULE = path.join(__dirname, "go-program");

export interface GoProject extends CliProject {
  /** Writes main.go: `body` runs inside `pulumi.Run(func(ctx *pulumi.Context) error { ... })`. */
  setProgram(body: string): void;
  /** `pulumi preview --json`: each step's op, URN and detailed diff, and the change summary. */
  previewJson(): Promise<PreviewJson>;
}

export function requireGoHost(): void {
  try {
    execFileSync("pulumi-language-go", ["--help"], { stdio: "ignore" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(
        "pulumi-language-go is not on PATH: run `scripts/setup --all-languages`, then `npm test`",
        {
          cause: err,
        },
      );
  }
}

/** The packages a program body uses, among those go-program's module provides. */
const PACKAGES: Record<string, string> = {
  compute: "github.com/pulumi-compute/pulumi-compute/sdk/go/compute",
  fmt: "fmt",
  strconv: "strconv",
};

/** main.go of a program whose `pulumi.Run` function holds `body`: it imports what the body uses. */
export function goProgram(body: string): string {
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

/** `emulator` starts the emulator (its `speed`: 20 runs a boot's 3 s in 0.15 s). */
export async function goProject(name: string, emulator: EmulatorOptions = {}): Promise<GoProject> {
  requireGoHost();
  let dir = "";
  const setProgram = (body: string) => fs.writeFileSync(path.join(dir, "main.go"), goProgram(body));
  const base = await cliProject(
    name,
    "go",
    (made) => {
      dir = made;
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        JSON.stringify({ name, runtime: "go", plugins: PLUGINS }),
      );
      const goMod = fs
        .readFileSync(path.join(MODULE, "go.mod"), "utf8")
        .replace("module compute.local/go-program", `module compute.local/${name}`)
        .replace("=> ../../../../sdk/go", `=> ${path.join(ROOT, "sdk", "go")}`);
      fs.writeFileSync(path.join(dir, "go.mod"), goMod);
      fs.copyFileSync(path.join(MODULE, "go.sum"), path.join(dir, "go.sum"));
      setProgram("");
    },
    // The go.mod and go.sum as committed, as a user's build takes them: no -mod=mod from the caller.
    { GOFLAGS: "" },
    emulator,
  );
  return { ...base, setProgram, previewJson: () => previewJson(base) };
}
