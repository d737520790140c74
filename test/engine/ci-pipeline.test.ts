/**
 * docs/ci.md's GitHub Actions workflow, run as GitHub runs it: the workflow is read from the page's
 * `yaml` block, and each job the event selects (its `if:`) runs its `run:` steps in order, each with
 * `bash --noprofile --norc -eo pipefail` in the job's `working-directory`, with the workflow's `env:`
 * (its `secrets.`, `vars.` and `github.token` given test values) and `CI`/`GITHUB_ACTIONS` set. What the
 * `uses:` steps give a job is stood in for: Node 22 and the CLI on PATH (this test's), and
 * `actions/cache` as a plugin directory kept from one job to the next. Every job is a fresh runner: a
 * PULUMI_HOME and a provider journal of its own. The plugin comes from a local HTTP server standing
 * in for the repository's releases (`PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES`, as a mirror is named),
 * serving the archive `npm run plugin` packs; the backend is a file backend shared by all jobs, the
 * stack made once beforehand as the page says (`pulumi stack init`, `compute:apiUrl`).
 *
 * A pull request previews with an empty plugin cache (one download, no write to the API); a push's
 * `up` restores the cache (no download) and creates; a push's `up` cancelled as GitHub cancels a job
 * (SIGINT to the step's shell, SIGTERM 7.5 s later, the rest killed 2.5 s after) while an instance is
 * being created leaves the stack locked, so the next push's `up` fails; the `recover` job, on a fresh
 * runner, adopts what the cancelled run made: no duplicate, and no change after.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collect, ComputeClient, ControlClient } from "../../src/client";
import { instanceEndpoints } from "../../src/contract";
import { startEmulator, type Emulator } from "../../src/emulator";
import { minimumPulumiVersion, packageVersion } from "../../src/package-root";
import { RELEASES } from "../../src/schema/repository";
import { yamlPackageDeclaration } from "../../scripts/release";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { packedPlugin } from "./plugin/packed-plugin";
import { requireLanguageHost } from "./plugin/cli-project";
import { startReleaseHost, type ReleaseHost } from "./plugin/release-host";
import { cliEnv, PASSPHRASE, requirePulumiCli, run } from "./harness";
import { descendants, endLeftBehind } from "./killed-runs";

jest.setTimeout(480_000);

const ROOT = path.resolve(__dirname, "../..");
const PAGE = fs.readFileSync(path.join(ROOT, "docs/ci.md"), "utf8");
// js-yaml: a dependency of @pulumi/pulumi, which this package's peers hold.
const yaml = require("js-yaml") as { load(text: string): unknown };

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if: string;
  concurrency: { group: string; "cancel-in-progress": boolean };
  defaults: { run: { shell: string; "working-directory": string } };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

/** The page's one `yaml` block: the workflow. */
function workflowOfPage(): Workflow {
  const blocks = [...PAGE.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  expect(blocks).toHaveLength(1);
  return yaml.load(blocks[0]!) as Workflow;
}

const workflow = workflowOfPage();
const API_TOKEN = "ci-owner-token-0123456789abcdef";
/** What the repository's secrets, variables and `github.token` hold here. */
let values: Record<string, string>;

/** A workflow expression (`${{ secrets.X }}`), as GitHub evaluates it: only the ones this test knows. */
function evaluate(text: string): string {
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`docs/ci.md: no test value for \${{ ${name} }}`);
    return value;
  });
}

/** A job's `if:`, for an event: `github.event_name == '<event>'` (joined with && or ||). */
function selected(job: Job, event: string): boolean {
  const condition = job.if.trim();
  if (!/^(github\.event_name == '[a-z_]+'( (&&|\|\|) )?)+$/.test(condition))
    throw new Error(`docs/ci.md: a condition this test cannot evaluate: ${condition}`);
  return condition
    .split(" || ")
    .some((any) => any.split(" && ").every((term) => term === `github.event_name == '${event}'`));
}

let work: string;
let repo: string;
let emulator: Emulator;
let client: ComputeClient;
let control: ControlClient;
let host: ReleaseHost;
/** `actions/cache`'s copy of ~/.pulumi/plugins, once a job saved it. */
let cache: string | undefined;
const leftBehind: number[] = [];
let runners = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instances = () => collect(client.each(instanceEndpoints.listInstances));

interface Runner {
  env: NodeJS.ProcessEnv;
  home: string;
}

/** A fresh runner: its own PULUMI_HOME (the plugin cache restored into it) and provider journal. */
function freshRunner(): Runner {
  const dir = path.join(work, `runner-${++runners}`);
  const base = cliEnv(dir, values["secrets.PULUMI_CONFIG_PASSPHRASE"]);
  const home = base.PULUMI_HOME!;
  if (cache) fs.cpSync(cache, path.join(home, "plugins"), { recursive: true });
  const outside = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((d) => d && path.relative(ROOT, path.resolve(d)).startsWith(".."));
  const env: NodeJS.ProcessEnv = {
    ...base,
    PATH: outside.join(path.delimiter),
    CI: "true",
    GITHUB_ACTIONS: "true",
    // What a user's CLI does (this repository's scripts turn it off), from the stand-in release host.
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
    ...host.overrides,
  };
  for (const key of ["PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE"]) delete env[key];
  for (const [key, value] of Object.entries(workflow.env)) env[key] = evaluate(value);
  return { env, home };
}

interface StepRun {
  ok: boolean;
  shown: string;
}

/** One `run:` step, as the runner starts it: its shell is the process it signals on a cancel. */
function startStep(job: Job, step: Step, runner: Runner) {
  expect(job.defaults.run.shell).toBe("bash");
  const script = path.join(work, `step-${runners}-${Math.random().toString(36).slice(2)}.sh`);
  fs.writeFileSync(script, step.run!);
  let shown = "";
  const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
    cwd: path.join(repo, job.defaults.run["working-directory"]),
    env: runner.env,
  });
  child.stdout.on("data", (chunk) => (shown += String(chunk)));
  child.stderr.on("data", (chunk) => (shown += String(chunk)));
  const done = new Promise<StepRun>((resolve) =>
    child.once("close", (code) => resolve({ ok: code === 0, shown: `$ ${step.run!.trim()}\n${shown}` })),
  );
  return { child, done };
}

/**
 * Runs the jobs `event` selects, each on a fresh runner, its steps in order up to the first that
 * fails (as GitHub does); `actions/cache` saves the plugin directory after a job that succeeded.
 * `cancel`: called with the running step (its index among the `run:` steps); it may cancel the job.
 */
async function on(
  event: string,
  cancel?: (index: number, step: ReturnType<typeof startStep>) => Promise<void>,
): Promise<{ jobs: string[]; ok: boolean; shown: string }> {
  const jobs = Object.entries(workflow.jobs).filter(([, job]) => selected(job, event));
  let shown = "";
  let ok = true;
  for (const [, job] of jobs) {
    const runner = freshRunner();
    const runs = job.steps.filter((s) => s.run !== undefined);
    for (const [index, step] of runs.entries()) {
      const started = startStep(job, step, runner);
      const [result] = await Promise.all([started.done, cancel?.(index, started)]);
      shown += `${result.shown}\n`;
      if (!result.ok) {
        ok = false;
        break;
      }
    }
    const plugins = path.join(runner.home, "plugins");
    if (ok && job.steps.some((s) => s.uses?.startsWith("actions/cache@")) && fs.existsSync(plugins)) {
      cache = path.join(work, "cache");
      fs.rmSync(cache, { recursive: true, force: true });
      fs.cpSync(plugins, cache, { recursive: true });
    }
  }
  return { jobs: jobs.map(([name]) => name), ok, shown };
}

/**
 * GitHub's cancel of a running step: SIGINT to its shell, SIGTERM 7.5 s later, then, 2.5 s after,
 * what is left of the process tree killed.
 */
async function cancelAsGitHubDoes({ child, done }: ReturnType<typeof startStep>): Promise<void> {
  const tree = () => (child.pid === undefined ? [] : [child.pid, ...descendants(child.pid)]);
  const ended = done.then(() => true);
  const within = (ms: number) => Promise.race([ended, sleep(ms).then(() => false)]);
  const seen = new Set(tree());
  child.kill("SIGINT");
  if (await within(7_500)) return;
  tree().forEach((pid) => seen.add(pid));
  child.kill("SIGTERM");
  if (await within(2_500)) return;
  tree().forEach((pid) => seen.add(pid));
  leftBehind.push(...seen);
  endLeftBehind([...seen]);
}

const program = (names: string[]) =>
  JSON.stringify({
    name: "infra",
    runtime: "yaml",
    resources: Object.fromEntries(
      names.map((name) => [
        name,
        {
          type: "compute:index:Instance",
          properties: {
            region: "us-iad",
            type: "g6-nanode-1",
            label: `ci-${name}`,
            image: IMAGE,
            rootPass: ROOT_PASS,
          },
        },
      ]),
    ),
  });

beforeAll(async () => {
  requirePulumiCli();
  requireLanguageHost("pulumi-language-yaml");
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-ci-pipeline-"));
  emulator = await startEmulator({ token: API_TOKEN });
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  control = new ControlClient(emulator.controlUrl);
  // The packed archive is named as the release names it: pulumi-resource-compute-v<version>-<os>-<arch>.tar.gz.
  host = await startReleaseHost(path.dirname(packedPlugin()));
  fs.mkdirSync(path.join(work, "backend"));
  values = {
    "vars.PULUMI_BACKEND_URL": `file://${path.join(work, "backend")}`,
    "secrets.PULUMI_CONFIG_PASSPHRASE": `${PASSPHRASE}-ci`,
    "secrets.COMPUTE_TOKEN": API_TOKEN,
    "github.token": "ghs_not-a-real-token",
  };

  // The repository: the project in infra/, its package declaration, the stack made once by hand.
  repo = path.join(work, "repo");
  const infra = path.join(repo, "infra");
  fs.mkdirSync(path.join(infra, "sdks"), { recursive: true });
  fs.writeFileSync(path.join(infra, "Pulumi.yaml"), program(["web"]));
  fs.writeFileSync(path.join(infra, "sdks/compute.yaml"), yamlPackageDeclaration(packageVersion(), RELEASES));
  const workstation = freshRunner().env;
  const stack = workflow.env.STACK!;
  await run("pulumi", ["stack", "init", stack, "--non-interactive"], infra, workstation);
  await run(
    "pulumi",
    ["config", "set", "compute:apiUrl", emulator.url, "--non-interactive"],
    infra,
    workstation,
  );
  expect(fs.readFileSync(path.join(infra, `Pulumi.${stack}.yaml`), "utf8")).toContain("encryptionsalt");
});

afterAll(async () => {
  endLeftBehind(leftBehind);
  await host?.close();
  await emulator?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test("the workflow: Node 22, the minimum CLI, the plugin cache, one writer per stack, no expression in a step", () => {
  expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push", "workflow_dispatch"]);
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const uses = (action: string) => job.steps.find((s) => s.uses?.startsWith(`${action}@`));
    expect({ name, node: uses("actions/setup-node")?.with?.["node-version"] }).toEqual({ name, node: 22 });
    expect(uses("pulumi/actions")?.with?.["pulumi-version"]).toBe(`^${minimumPulumiVersion()}`);
    expect(uses("actions/cache")?.with?.path).toBe("~/.pulumi/plugins");
    // Values reach a step through the environment, never spliced into its script.
    for (const step of job.steps.filter((s) => s.run)) expect(step.run).not.toContain("${{");
  }
  const { up, recover, preview } = workflow.jobs;
  expect(up!.concurrency).toEqual({ group: "pulumi-prod", "cancel-in-progress": false });
  expect(recover!.concurrency).toEqual(up!.concurrency);
  expect(preview!.concurrency.group).not.toBe(up!.concurrency.group);
});

test("the recover job runs reliability.md's commands after a cancelled job, in its order", () => {
  const reliability = fs.readFileSync(path.join(ROOT, "docs/reliability.md"), "utf8");
  const section = reliability.slice(reliability.indexOf("What a CI pipeline runs after a cancelled job"));
  const recipe = /```sh\n([\s\S]*?)```/
    .exec(section)![1]!
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((line) => line.replace("<stack>", '"$STACK"'));
  const steps = workflow.jobs.recover!.steps.filter((s) => s.run).map((s) => s.run!.trim());
  expect(steps).toEqual(recipe);
});

test("a pull request previews, downloading the plugin once and writing nothing", async () => {
  await control.clearRequests();
  const pr = await on("pull_request");
  expect(pr.jobs).toEqual(["preview"]);
  expect({ ok: pr.ok, shown: pr.shown }).toEqual({
    ok: true,
    shown: expect.stringMatching(/\+ 2 to create/),
  });
  expect(host.asked.filter((name) => name.endsWith(".tar.gz"))).toHaveLength(1);
  expect((await control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  expect(pr.shown).not.toContain(API_TOKEN);
});

test("a push to main brings the stack up, the plugin from the cache", async () => {
  const before = host.asked.length;
  const push = await on("push");
  expect(push.jobs).toEqual(["up"]);
  expect({ ok: push.ok, shown: push.shown }).toEqual({
    ok: true,
    shown: expect.stringMatching(/\+ 2 created/),
  });
  expect(host.asked.slice(before)).toEqual([]);
  expect((await instances()).map((i) => i.label)).toEqual(["ci-web"]);
});

test("an up cancelled as GitHub cancels it locks the stack; the recover job adopts what it made", async () => {
  fs.writeFileSync(path.join(repo, "infra/Pulumi.yaml"), program(["web", "worker"]));
  await control.timings({ "instance.create": 60_000 });
  await control.clearRequests();
  const upIndex = workflow.jobs.up!.steps.filter((s) => s.run).findIndex((s) => /pulumi up/.test(s.run!));
  const cancelled = await on("push", async (index, step) => {
    if (index !== upIndex) return;
    for (
      let i = 0;
      !(await control.requests()).some((r) => r.method === "POST" && r.path === "/compute/instances");
      i++
    ) {
      if (i > 1200) throw new Error("the worker's create never started");
      await sleep(50);
    }
    await cancelAsGitHubDoes(step);
  });
  expect(cancelled.ok).toBe(false);
  await control.timings({ "instance.create": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  const made = await instances();
  expect(made.map((i) => i.label).sort()).toEqual(["ci-web", "ci-worker"]);

  const next = await on("push");
  expect(next.ok).toBe(false);
  expect(next.shown).toMatch(/locked/);

  const recovered = await on("workflow_dispatch");
  expect(recovered.jobs).toEqual(["recover"]);
  expect(recovered.ok).toBe(true);
  expect(recovered.shown).toContain("an interrupted `pulumi up` had created it");
  expect((await instances()).map((i) => i.id).sort()).toEqual(made.map((i) => i.id).sort());
  const after = await on("push");
  expect({ ok: after.ok, shown: after.shown }).toEqual({
    ok: true,
    shown: expect.stringMatching(/ 3 unchanged/),
  });
  expect(after.shown).not.toContain(API_TOKEN);
});
