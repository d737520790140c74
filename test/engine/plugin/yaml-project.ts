/**
 * A Pulumi YAML project served by the resource plugin, run through the real `pulumi` CLI against an
 * in-process emulator (cli-project.ts). Needs the YAML language host (`scripts/setup --all-languages`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { cliProject, PLUGINS, requireLanguageHost, type CliProject } from "./cli-project";
import { previewJson, type PreviewJson } from "./preview-json";

export { opsOf, stepOf, type PreviewJson, type PreviewStep } from "./preview-json";

export interface YamlProject extends CliProject {
  /** Writes the program: Pulumi YAML's `resources` (and `outputs`). */
  setProgram(resources: Record<string, unknown>, outputs?: Record<string, unknown>): void;
  /** `pulumi preview --json` (and `flags`): each step's op, URN and detailed diff, and the change summary. */
  previewJson(...flags: string[]): Promise<PreviewJson>;
}

export const requireYamlHost = (): void => requireLanguageHost("pulumi-language-yaml");

/** A value the YAML program marks secret (`fn::secret`). */
export const secret = (value: unknown) => ({ "fn::secret": value });

export interface YamlProjectOptions {
  /** The emulator's clock rate: 20 runs a boot's 3 s in 0.15 s. */
  speed?: number;
  /**
   * `installed`: no `plugins.providers` entry, and neither the repository's `bin` on PATH nor any
   * other ambient plugin: the engine finds the plugin only where `pulumi plugin install` puts it
   * (the project's PULUMI_HOME).
   */
  plugin?: "repository" | "installed";
  /** The emulator's durable state (`--data`): it starts holding that file's objects and writes to it. */
  dataFile?: string;
}

export async function yamlProject(name: string, options: YamlProjectOptions = {}): Promise<YamlProject> {
  requireYamlHost();
  let dir = "";
  const installed = options.plugin === "installed";
  const project = { name, runtime: "yaml", ...(!installed && { plugins: PLUGINS }) };
  const env: NodeJS.ProcessEnv = installed
    ? {
        PATH: (process.env.PATH ?? "")
          .split(path.delimiter)
          .filter((entry) => path.resolve(entry) !== path.resolve(PLUGINS.providers[0]!.path))
          .join(path.delimiter),
        PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
      }
    : {};
  // YAML is a superset of JSON: the program is written as JSON.
  const setProgram = (resources: Record<string, unknown>, outputs: Record<string, unknown> = {}) =>
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      JSON.stringify({ ...project, resources, outputs }, null, 2),
    );
  const base = await cliProject(
    name,
    "yaml",
    (made) => {
      dir = made;
      setProgram({});
    },
    env,
    {
      ...(options.speed && { speed: options.speed }),
      ...(options.dataFile && { dataFile: options.dataFile }),
    },
  );
  return { ...base, setProgram, previewJson: (...flags) => previewJson(base, ...flags) };
}
