/**
 * A Pulumi YAML project served by the resource plugin (`bin/pulumi-resource-compute`, the project's
 * `plugins.providers` entry, so no other copy is picked up), run through the real `pulumi` CLI
 * against an in-process emulator. Needs the YAML language host (`scripts/setup --all-languages`).
 */
import { execFile, execFileSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ComputeClient, ControlClient } from "../../../src/client";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { writeLines } from "../../support/writes";
import { cliEnv, requirePulumiCli } from "../harness";

const ROOT = path.resolve(__dirname, "../../..");

export interface YamlProject {
  dir: string;
  /** The CLI's environment (its PULUMI_HOME, file backend, PATH). */
  env: NodeJS.ProcessEnv;
  emulator: Emulator;
  client: ComputeClient;
  control: ControlClient;
  /** Writes the program: Pulumi YAML's `resources` (and `outputs`). */
  setProgram(resources: Record<string, unknown>, outputs?: Record<string, unknown>): void;
  /** `pulumi <args> --non-interactive` on the stack `test`: all it showed, or an error holding it. */
  pulumi(...args: string[]): Promise<string>;
  /** Starts `pulumi <args> --non-interactive`: the process, what it has shown so far, and its end. */
  start(...args: string[]): { child: ChildProcess; shown(): string; done: Promise<Ran> };
  /** A stack output's value (`pulumi stack output NAME --json --show-secrets`). */
  output(name: string): Promise<unknown>;
  /** A command expected to fail: all it showed (stdout and stderr); throws if it succeeded. */
  failing(...args: string[]): Promise<string>;
  /** The stack's resources as `pulumi stack export` has them. */
  resources(): Promise<
    {
      urn: string;
      type: string;
      id?: string;
      inputs?: Record<string, unknown>;
      outputs?: Record<string, unknown>;
    }[]
  >;
  /** The writes the emulator received since its requests were last cleared: `POST /path`, in order. */
  writes(): Promise<string[]>;
  dispose(): Promise<void>;
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

interface Ran {
  ok: boolean;
  stdout: string;
  /** stdout and stderr. */
  shown: string;
}

const runCli = (args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> =>
  new Promise((resolve) => {
    execFile(
      "pulumi",
      [...args, "--non-interactive"],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ ok: !err, stdout, shown: `${stdout}\n${stderr}` }),
    );
  });

export interface YamlProjectOptions {
  /**
   * `installed`: no `plugins.providers` entry, and neither the repository's `bin` on PATH nor any
   * other ambient plugin: the engine finds the plugin only where `pulumi plugin install` puts it
   * (the project's PULUMI_HOME).
   */
  plugin?: "repository" | "installed";
}

export async function yamlProject(name: string, options: YamlProjectOptions = {}): Promise<YamlProject> {
  requirePulumiCli();
  requireYamlHost();
  const emulator = await startEmulator();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `compute-yaml-${name}-`));
  const dir = path.join(tmp, "project");
  fs.mkdirSync(dir);
  const env = cliEnv(tmp);
  const installed = options.plugin === "installed";
  if (installed) {
    env.PATH = (env.PATH ?? "")
      .split(path.delimiter)
      .filter((entry) => path.resolve(entry) !== path.join(ROOT, "bin"))
      .join(path.delimiter);
    env.PULUMI_IGNORE_AMBIENT_PLUGINS = "true";
  }
  const project = {
    name,
    runtime: "yaml",
    ...(!installed && { plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] } }),
  };
  // YAML is a superset of JSON: the program is written as JSON.
  const setProgram = (resources: Record<string, unknown>, outputs: Record<string, unknown> = {}) =>
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      JSON.stringify({ ...project, resources, outputs }, null, 2),
    );
  setProgram({});
  const pulumi = async (...args: string[]) => {
    const { ok, shown } = await runCli(args, dir, env);
    if (!ok) throw new Error(`pulumi ${args.join(" ")} failed:\n${shown}`);
    return shown;
  };
  const failing = async (...args: string[]) => {
    const { ok, shown } = await runCli(args, dir, env);
    if (ok) throw new Error(`pulumi ${args.join(" ")} succeeded:\n${shown}`);
    return shown;
  };
  await runCli(["stack", "init", "test"], dir, env);
  await pulumi("config", "set", "compute:apiUrl", emulator.url);
  await pulumi("config", "set", "--secret", "compute:token", emulator.token);
  const control = new ControlClient(emulator.controlUrl);
  return {
    dir,
    env,
    emulator,
    client: new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } }),
    control,
    setProgram,
    pulumi,
    failing,
    start(...args) {
      let shown = "";
      let child!: ChildProcess;
      const done = new Promise<Ran>((resolve) => {
        child = execFile(
          "pulumi",
          [...args, "--non-interactive"],
          { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 },
          (err, stdout) => resolve({ ok: !err, stdout, shown }),
        );
      });
      child.stdout!.on("data", (chunk) => (shown += String(chunk)));
      child.stderr!.on("data", (chunk) => (shown += String(chunk)));
      return { child, shown: () => shown, done };
    },
    async output(name) {
      const { ok, stdout, shown } = await runCli(
        ["stack", "output", name, "--json", "--show-secrets"],
        dir,
        env,
      );
      if (!ok) throw new Error(`pulumi stack output ${name} failed:\n${shown}`);
      return JSON.parse(stdout);
    },
    async resources() {
      const { stdout } = await runCli(["stack", "export"], dir, env);
      const exported = JSON.parse(stdout);
      return exported.deployment.resources ?? [];
    },
    writes: () => writeLines(control),
    async dispose() {
      await emulator.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
