/**
 * A stack on a temporary file backend, driven through the Automation API (the real `pulumi` CLI),
 * against an in-process emulator. The CLI must be on PATH (`npm test` puts it there through
 * scripts/ensure-pulumi): these tests fail, never skip, without it.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, type Stack, type UpResult } from "@pulumi/pulumi/automation";
import { ComputeClient, ControlClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { writeLines } from "../support/writes";
import { readOutputsByExport } from "./stack-outputs";

const ROOT = path.resolve(__dirname, "../..");
export const PASSPHRASE = "engine-tests";

export interface EngineStack {
  stack: Stack;
  emulator: Emulator;
  client: ComputeClient;
  control: ControlClient;
  dir: string;
  /** Replaces the program the next operation runs. */
  setProgram(program: () => Promise<Record<string, unknown> | void>): void;
  /** `up`, keeping what it showed the user. */
  upShowing(): Promise<{ result: UpResult; shown: string }>;
  /** An `up` expected to fail: its error (undefined if it succeeded) and all it showed, errors included. */
  failingUp(): Promise<{ failed: Error | undefined; shown: string }>;
  /** The writes the emulator received since its requests were last cleared: `POST /path`, in order. */
  writes(): Promise<string[]>;
  dispose(): Promise<void>;
}

/** What a promise failed with, or undefined if it succeeded. */
export const failure = (promise: Promise<unknown>): Promise<Error | undefined> =>
  promise.then(
    () => undefined,
    (thrown: Error) => thrown,
  );

export function requirePulumiCli(): string {
  try {
    return execFileSync("pulumi", ["version"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error(
      "the pulumi CLI is not on PATH: run the tests with `npm test` (scripts/ensure-pulumi provides it)",
    );
  }
}

export interface EngineStackOptions {
  /** Another stack's emulator: two stacks in one account (closed by the stack that started it). */
  emulator?: Emulator;
}

/** Runs a command to completion (asynchronously: the emulator answers from this process meanwhile). */
export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err)
        reject(
          new Error(`${cmd} ${args.join(" ")} failed (${err.message.split("\n")[0]}):\n${stdout}\n${stderr}`),
        );
      else resolve(stdout);
    });
  });
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return undefined;
}

/** The engine looks for the language host beside the (real) `pulumi` binary, then on PATH. */
export function requireLanguageHost(): string {
  const cli = onPath("pulumi");
  const beside = cli && path.join(path.dirname(fs.realpathSync(cli)), "pulumi-language-nodejs");
  const found = beside && fs.existsSync(beside) ? beside : onPath("pulumi-language-nodejs");
  if (!found)
    throw new Error(
      "the Node language host pulumi-language-nodejs is neither beside `pulumi` nor on PATH: run the tests " +
        "with `npm test` (scripts/ensure-pulumi builds it) or use an official Pulumi CLI installation",
    );
  return found;
}

export async function engineStack(name: string, options: EngineStackOptions = {}): Promise<EngineStack> {
  requirePulumiCli();
  const emulator = options.emulator ?? (await startEmulator());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `compute-${name}-`));
  for (const sub of ["project", "home", "state"]) fs.mkdirSync(path.join(dir, sub));
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "test", projectName: `compute-${name}`, program: async () => {} },
    {
      workDir: path.join(dir, "project"),
      pulumiHome: path.join(dir, "home"),
      // The provider process runs in `main` and loads the package by name from its node_modules.
      projectSettings: {
        name: `compute-${name}`,
        runtime: "nodejs",
        main: ROOT,
        backend: { url: `file://${path.join(dir, "state")}` },
      },
      envVars: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE, COMPUTE_JOURNAL_DIR: path.join(dir, "journal") },
    },
  );
  readOutputsByExport(stack.workspace as LocalWorkspace);
  // Both settings in one CLI command (`config set-all`).
  await stack.setAllConfig({
    "compute:apiUrl": { value: emulator.url },
    "compute:token": { value: emulator.token, secret: true },
  });
  const control = new ControlClient(emulator.controlUrl);
  return {
    stack,
    emulator,
    dir,
    client: new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } }),
    control,
    setProgram(program) {
      stack.workspace.program = program;
    },
    async upShowing() {
      let shown = "";
      const result = await stack.up({ onOutput: (out) => (shown += out) });
      return { result, shown };
    },
    async failingUp() {
      let shown = "";
      const failed = await stack
        .up({ onOutput: (out) => (shown += out), onError: (err) => (shown += err) })
        .then(
          () => undefined,
          (thrown: Error) => thrown,
        );
      return { failed, shown };
    },
    writes: () => writeLines(control),
    async dispose() {
      if (!options.emulator) await emulator.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The environment of the `pulumi` CLI run as a child process: the file backend `<dir>/state` and
 * PULUMI_HOME `<dir>/home` (both made here), the passphrase, the create journal in `<dir>/journal`,
 * and none of the caller's credentials (API settings, a passphrase file, a Pulumi Cloud token).
 */
export function cliEnv(dir: string, passphrase = PASSPHRASE): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    "COMPUTE_API_URL",
    "COMPUTE_TOKEN",
    "PULUMI_CONFIG_PASSPHRASE_FILE",
    "PULUMI_ACCESS_TOKEN",
  ])
    delete env[key];
  for (const sub of ["state", "home"]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  return Object.assign(env, {
    PULUMI_BACKEND_URL: `file://${path.join(dir, "state")}`,
    PULUMI_HOME: path.join(dir, "home"),
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    COMPUTE_JOURNAL_DIR: path.join(dir, "journal"),
  });
}

/** A Pulumi project of the user's own in a temporary directory, its backend and home beside it. */
export interface UserProject {
  /** The project directory (Pulumi.yaml, tsconfig.json, index.ts, node_modules → this package's). */
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Runs `pulumi <args> --non-interactive` there, to completion. */
  pulumi(...args: string[]): Promise<string>;
  dispose(): void;
}

/**
 * A project directory as a user makes one, with the package among its node_modules, a file backend
 * and PULUMI_HOME of its own, the emulator's URL and token in the environment, and a stack `test`.
 */
export async function userProject(name: string, emulator: Emulator, program = ""): Promise<UserProject> {
  requirePulumiCli();
  requireLanguageHost();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `compute-${name}-`));
  const dir = path.join(tmp, "project");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "commonjs", moduleResolution: "node", strict: true },
      "ts-node": { transpileOnly: true },
    }),
  );
  fs.writeFileSync(path.join(dir, "index.ts"), program);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const env: NodeJS.ProcessEnv = {
    ...cliEnv(tmp),
    COMPUTE_API_URL: emulator.url,
    COMPUTE_TOKEN: emulator.token,
  };
  const pulumi = (...args: string[]) => run("pulumi", [...args, "--non-interactive"], dir, env);
  await pulumi("stack", "init", "test");
  return { dir, env, pulumi, dispose: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}
