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
  emulator: Emulator;
  client: ComputeClient;
  control: ControlClient;
  /** Writes the program: Pulumi YAML's `resources` (and `outputs`). */
  setProgram(resources: Record<string, unknown>, outputs?: Record<string, unknown>): void;
  /** `pulumi <args> --non-interactive` on the stack `test`: all it showed, or an error holding it. */
  pulumi(...args: string[]): Promise<string>;
  /** Starts `pulumi <args> --non-interactive`: the process, what it has shown so far, and its end. */
  start(...args: string[]): { child: ChildProcess; shown(): string; done: Promise<Ran> };
  /** `pulumi preview --json`: each step's op, URN and detailed diff, and the change summary. */
  previewJson(): Promise<PreviewJson>;
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

export interface PreviewStep {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
}

export interface PreviewJson {
  steps: PreviewStep[];
  changeSummary: Record<string, number>;
}

/** The step of the resource named `name` (the last part of its URN). */
export const stepOf = (preview: PreviewJson, name: string): PreviewStep | undefined =>
  preview.steps.find((s) => s.urn.endsWith(`::${name}`));

/** Each resource's op in a preview, by name (the stack left out). */
export const opsOf = (preview: PreviewJson): Record<string, string> =>
  Object.fromEntries(
    preview.steps
      .filter((s) => !s.urn.includes("pulumi:pulumi:Stack"))
      .map((s) => [s.urn.split("::").pop()!, s.op]),
  );

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

export async function yamlProject(
  name: string,
  options: { /** The emulator's clock rate: 20 runs a boot's 3 s in 0.15 s. */ speed?: number } = {},
): Promise<YamlProject> {
  requirePulumiCli();
  requireYamlHost();
  const emulator = await startEmulator(options.speed ? { speed: options.speed } : {});
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `compute-yaml-${name}-`));
  const dir = path.join(tmp, "project");
  fs.mkdirSync(dir);
  const env = cliEnv(tmp);
  const project = {
    name,
    runtime: "yaml",
    plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] },
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
    async previewJson() {
      const shown = await pulumi("preview", "--json");
      return JSON.parse(shown.slice(0, shown.lastIndexOf("}") + 1)) as PreviewJson;
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
