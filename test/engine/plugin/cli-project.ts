/**
 * A Pulumi project in a language other than TypeScript, served by the resource plugin
 * (`bin/pulumi-resource-compute`, the project's `plugins.providers` entry, so no other copy is picked
 * up), run through the real `pulumi` CLI against an in-process emulator. The language's harness
 * (yaml-project.ts, python-project.ts) writes the project file and the program.
 */
import { execFile, execFileSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ComputeClient, ControlClient } from "../../../src/client";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../../src/emulator";
import { writeLines } from "../../support/writes";
import { cliEnv, requirePulumiCli } from "../harness";

const ROOT = path.resolve(__dirname, "../../..");

/** Fails naming what to run when the language host `host` (`pulumi-language-yaml`) is not on PATH. */
export function requireLanguageHost(host: string): void {
  try {
    execFileSync(host, ["--help"], { stdio: "ignore" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(`${host} is not on PATH: run \`scripts/setup --all-languages\`, then \`npm test\``, {
        cause: err,
      });
  }
}

/** The project file's `plugins` entry: this repository's plugin executable. */
export const PLUGINS = { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] };

export interface CliProject {
  dir: string;
  /** The CLI's environment (its PULUMI_HOME, file backend, PATH). */
  env: NodeJS.ProcessEnv;
  emulator: Emulator;
  client: ComputeClient;
  control: ControlClient;
  /** `pulumi <args> --non-interactive` on the stack `test`: all it showed, or an error holding it. */
  pulumi(...args: string[]): Promise<string>;
  /** Starts `pulumi <args> --non-interactive`: the process, what it has shown so far, and its end. */
  start(...args: string[]): { child: ChildProcess; shown(): string; done: Promise<Ran> };
  /** A stack output's value (`pulumi stack output NAME --json --show-secrets`). */
  output(name: string): Promise<unknown>;
  /** A command expected to fail: all it showed (stdout and stderr); throws if it succeeded. */
  failing(...args: string[]): Promise<string>;
  /** The stack's resources as `pulumi stack export` has them. */
  resources(): Promise<StoredResource[]>;
  /** The writes the emulator received since its requests were last cleared: `POST /path`, in order. */
  writes(): Promise<string[]>;
  /** Rewrites the stack's state (`pulumi stack export`, `edit` on its deployment, `stack import`). */
  editState(edit: (deployment: { resources: StoredResource[] }) => void): Promise<void>;
  dispose(): Promise<void>;
}

/** A resource as `pulumi stack export` holds it. */
export interface StoredResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
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

/**
 * A project directory (`language` names its temporary directory), a stack `test` whose config points
 * at a new emulator. `init` writes the project file (and a first program) before the stack is made;
 * `env` is added to the CLI's environment; `emulatorOptions` start the emulator (its `speed`).
 */
export async function cliProject(
  name: string,
  language: string,
  init: (dir: string) => void,
  env: NodeJS.ProcessEnv = {},
  emulatorOptions: EmulatorOptions = {},
): Promise<CliProject> {
  requirePulumiCli();
  const emulator = await startEmulator(emulatorOptions);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `compute-${language}-${name}-`));
  const dir = path.join(tmp, "project");
  fs.mkdirSync(dir);
  Object.assign(env, { ...cliEnv(tmp), ...env });
  init(dir);
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
  // Both settings in one command (the token encrypted, as `config set --secret` does).
  await pulumi(
    "config",
    "set-all",
    "--plaintext",
    `compute:apiUrl=${emulator.url}`,
    "--secret",
    `compute:token=${emulator.token}`,
  );
  const control = new ControlClient(emulator.controlUrl);
  return {
    dir,
    env,
    emulator,
    client: new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } }),
    control,
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
    async editState(edit) {
      const file = path.join(tmp, "edited-state.json");
      await pulumi("stack", "export", "--file", file);
      const state = JSON.parse(fs.readFileSync(file, "utf8"));
      edit(state.deployment);
      fs.writeFileSync(file, JSON.stringify(state));
      await pulumi("stack", "import", "--file", file);
    },
    async dispose() {
      await emulator.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
