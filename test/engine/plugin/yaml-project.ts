/**
 * A Pulumi YAML project served by the resource plugin, run through the real `pulumi` CLI against an
 * in-process emulator (cli-project.ts). Needs the YAML language host (`scripts/setup --all-languages`).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { cliProject, PLUGINS, type CliProject } from "./cli-project";

export interface YamlProject extends CliProject {
  /** Writes the program: Pulumi YAML's `resources` (and `outputs`). */
  setProgram(resources: Record<string, unknown>, outputs?: Record<string, unknown>): void;
}

export function requireYamlHost(): void {
  try {
    execFileSync("pulumi-language-yaml", ["--help"], { stdio: "ignore" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(
        "pulumi-language-yaml is not on PATH: run `scripts/setup --all-languages`, then `npm test`",
        { cause: err },
      );
  }
}

export async function yamlProject(name: string): Promise<YamlProject> {
  requireYamlHost();
  let dir = "";
  const project = { name, runtime: "yaml", plugins: PLUGINS };
  // YAML is a superset of JSON: the program is written as JSON.
  const setProgram = (resources: Record<string, unknown>, outputs: Record<string, unknown> = {}) =>
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      JSON.stringify({ ...project, resources, outputs }, null, 2),
    );
  const base = await cliProject(name, "yaml", (made) => {
    dir = made;
    setProgram({});
  });
  return { ...base, setProgram };
}
