/**
 * `npm run bench:terraform [-- --provider PATH] [--vpcs 300] [--runs 2] [--ts] [--lean] [--speed 1]`: the
 * same stack, N VPCs in us-iad with a subnet each (2N resources), created, checked, refreshed and
 * destroyed by Terraform with the upstream provider terraform-provider-linode and by our plugin form from
 * Pulumi YAML (`compute:index:Vpc`, `compute:index:Subnet`), with `--lean` also by that form with the
 * settings that trade recovery for speed (`compute:recoveryMarks: false`, then with the engine's
 * `PULUMI_SKIP_CHECKPOINTS=true` too), and with `--ts` by the TypeScript form (the dynamic classes; with
 * `--lean`, also with the engine's checkpoints off), on one in-process emulator (the real API's rate limits and shapes, its clock
 * `--speed` times real time). Terraform runs `apply`, `plan` (it refreshes), `plan -refresh=false`,
 * `destroy` at its default parallelism (10); Pulumi `up`, `preview`, `preview --refresh`, `refresh`,
 * `destroy` at the CLI's default. Every step starts in a fresh rate-limit window (the windows are reset
 * before it). The runs are interleaved: run 1 of every tool, then run 2, ...
 *
 * Each tool talks to the emulator through a proxy (bench/rename-proxy.ts) that renames the original
 * API's paths and fields for the upstream provider and only passes through for ours, so both pay the
 * same hop; the proxy counts each step's requests and 429s. A step's CPU is the user + system time of
 * the tool's process and of the children it waited for (its plugins, language host, program), as
 * `/usr/bin/time` reports it; the emulator's and the proxy's are not in it. Prints each step as it
 * ends, then the table: mean wall and CPU seconds (each run's in brackets), requests, 429s, and each
 * form's ratio to Terraform. Not a test: exits non-zero when a step fails, never on a ratio.
 *
 * Needs `terraform` on PATH (measured with v1.11.4), the provider's binary (`--provider PATH` or
 * TERRAFORM_PROVIDER_LINODE; scripts/build-terraform-provider builds v3.13.0 from its sources), `npm
 * run build` (the plugin and the TypeScript form load dist/) and the YAML language host (the npm script
 * runs under `scripts/run --with-languages`).
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "pulumi-compute/emulator";
import { integerFlag, positiveFlag } from "./flags";
import { startRenameProxy, type RenameProxy } from "./rename-proxy";
import { requestKinds } from "./request-kinds";
import {
  countAnswers,
  cpuFromTimeOutput,
  sideBySide,
  TOOL_LABEL,
  type StepResult,
  type Tool,
} from "./terraform-table";

const ROOT = path.resolve(__dirname, "..");
const TIME = "/usr/bin/time";

const { values } = parseArgs({
  options: {
    provider: { type: "string" },
    vpcs: { type: "string", default: "300" },
    runs: { type: "string", default: "2" },
    ts: { type: "boolean", default: false },
    lean: { type: "boolean", default: false },
    speed: { type: "string", default: "1" },
  },
});
const VPCS = integerFlag("vpcs", values.vpcs, 1);
const RUNS = integerFlag("runs", values.runs, 1);
const SPEED = positiveFlag("speed", values.speed);
const TOOLS: Tool[] = [
  "terraform",
  "yaml",
  ...(values.lean ? (["yaml-unmarked", "yaml-lean"] as const) : []),
  ...(values.ts ? (["ts"] as const) : []),
  ...(values.ts && values.lean ? (["ts-lean"] as const) : []),
];

function fail(message: string): never {
  console.error(`bench:terraform: ${message}`);
  process.exit(1);
}

function versionOf(cmd: string, args: string[]): string | undefined {
  try {
    return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n")[0];
  } catch {
    return undefined;
  }
}

/** What the bench needs, or one line saying what is missing. */
function preflight(): { terraform: string; provider: string } {
  const terraform = versionOf("terraform", ["version"]);
  if (!terraform) fail("no `terraform` on PATH (measured with Terraform v1.11.4)");
  const provider = values.provider ?? process.env.TERRAFORM_PROVIDER_LINODE;
  if (!provider)
    fail(
      "no provider binary: pass --provider PATH or set TERRAFORM_PROVIDER_LINODE " +
        "(scripts/build-terraform-provider builds terraform-provider-linode v3.13.0)",
    );
  try {
    fs.accessSync(provider, fs.constants.X_OK);
  } catch {
    fail(`the provider binary ${provider} is missing or not executable`);
  }
  if (!fs.existsSync(TIME)) fail(`no ${TIME} (GNU time measures each step's CPU)`);
  if (!hasCommand("pulumi-language-yaml"))
    fail("no pulumi-language-yaml on PATH: run it with `scripts/run --with-languages`");
  if (!fs.existsSync(path.join(ROOT, "dist/plugin/main.js"))) fail("no dist/: run `npm run build` first");
  return { terraform, provider: path.resolve(provider) };
}

function hasCommand(command: string): boolean {
  try {
    execFileSync("which", [command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

interface Ran {
  rc: number;
  wallS: number;
  cpuS: number;
}

/** Runs `cmd` under /usr/bin/time, its output to `log`. */
function timed(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string): Promise<Ran> {
  const timeFile = `${log}.time`;
  const fd = fs.openSync(log, "w");
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ["-f", "%U %S", "-o", timeFile, cmd, ...args], {
      cwd,
      env,
      stdio: ["ignore", fd, fd],
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const wallS = (performance.now() - started) / 1000;
      fs.closeSync(fd);
      resolve({ rc: code ?? 1, wallS, cpuS: cpuFromTimeOutput(fs.readFileSync(timeFile, "utf8")) });
    });
  });
}

interface Cycle {
  cwd: string;
  env: NodeJS.ProcessEnv;
  cmd: string;
  /** The steps: name and arguments. */
  steps: [string, string[]][];
  proxy: RenameProxy;
}

const pad = (i: number) => String(i).padStart(3, "0");

function terraformCycle(
  dir: string,
  run: number,
  provider: string,
  proxy: RenameProxy,
  token: string,
): Cycle {
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin, { recursive: true });
  // dev_overrides finds the provider by its file name in a directory.
  const link = path.join(bin, "terraform-provider-linode");
  if (!fs.existsSync(link)) fs.symlinkSync(provider, link);
  const cwd = path.join(dir, `terraform-${run}`);
  fs.mkdirSync(cwd);
  fs.writeFileSync(
    path.join(cwd, "cli.tfrc"),
    `provider_installation {\n  dev_overrides {\n    "linode/linode" = "${bin}"\n  }\n  direct {}\n}\n`,
  );
  fs.writeFileSync(
    path.join(cwd, "main.tf"),
    `terraform {
  required_providers {
    linode = { source = "linode/linode" }
  }
}

provider "linode" {} # url, api_version and token from LINODE_URL, LINODE_API_VERSION, LINODE_TOKEN

resource "linode_vpc" "v" {
  count  = ${VPCS}
  label  = format("tf${run}-%03d", count.index)
  region = "us-iad"
}

resource "linode_vpc_subnet" "s" {
  count  = ${VPCS}
  vpc_id = linode_vpc.v[count.index].id
  label  = "app"
  ipv4   = "10.0.1.0/24"
}
`,
  );
  const env = {
    ...process.env,
    TF_CLI_CONFIG_FILE: path.join(cwd, "cli.tfrc"),
    TF_IN_AUTOMATION: "1",
    CHECKPOINT_DISABLE: "1",
    LINODE_URL: proxy.origin,
    LINODE_API_VERSION: "v4",
    LINODE_TOKEN: token,
  };
  return {
    cwd,
    env,
    cmd: "terraform",
    proxy,
    steps: [
      ["apply", ["apply", "-auto-approve", "-no-color"]],
      ["plan", ["plan", "-detailed-exitcode", "-no-color"]],
      ["plan -refresh=false", ["plan", "-refresh=false", "-detailed-exitcode", "-no-color"]],
      ["destroy", ["destroy", "-auto-approve", "-no-color"]],
    ],
  };
}

function yamlProgram(run: number, prefix: string): string {
  // YAML is a superset of JSON: the program is written as JSON.
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < VPCS; i++) {
    resources[`vpc${pad(i)}`] = {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: `${prefix}${run}-${pad(i)}` },
    };
    resources[`subnet${pad(i)}`] = {
      type: "compute:index:Subnet",
      properties: { vpcId: `\${vpc${pad(i)}.id}`, label: "app", ipv4: "10.0.1.0/24" },
    };
  }
  return JSON.stringify(
    {
      name: "tf-side-by-side-yaml",
      runtime: "yaml",
      plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] },
      resources,
    },
    null,
    1,
  );
}

const tsProgram = (run: number, prefix: string) => `import * as compute from "pulumi-compute";

for (let i = 0; i < ${VPCS}; i++) {
  const n = String(i).padStart(3, "0");
  const vpc = new compute.Vpc(\`vpc\${n}\`, { region: "us-iad", label: \`${prefix}${run}-\${n}\` });
  new compute.Subnet(\`subnet\${n}\`, { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" });
}
`;

function pulumiCycle(
  dir: string,
  run: number,
  form: Exclude<Tool, "terraform">,
  proxy: RenameProxy,
  api: string,
  token: string,
) {
  const cwd = path.join(dir, `${form}-${run}`);
  fs.mkdirSync(cwd);
  const yaml = form.startsWith("yaml");
  const prefix = { yaml: "y", "yaml-unmarked": "u", "yaml-lean": "l", ts: "ts", "ts-lean": "tl" }[form];
  if (yaml) fs.writeFileSync(path.join(cwd, "Pulumi.yaml"), yamlProgram(run, prefix));
  else {
    fs.writeFileSync(
      path.join(cwd, "Pulumi.yaml"),
      "name: tf-side-by-side-ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    // Transpiled only, as the demo's examples/tsconfig.json.
    fs.writeFileSync(
      path.join(cwd, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", module: "commonjs", moduleResolution: "node", strict: true },
        "ts-node": { transpileOnly: true },
      }),
    );
    fs.writeFileSync(path.join(cwd, "index.ts"), tsProgram(run, prefix));
    // A user's project has one (without it, the SDK logs a warning at every command).
    fs.writeFileSync(
      path.join(cwd, "package.json"),
      JSON.stringify({ name: "tf-side-by-side-ts", private: true }),
    );
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(cwd, "node_modules"));
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["PULUMI_CONFIG_PASSPHRASE_FILE", "PULUMI_ACCESS_TOKEN"]) delete env[key];
  fs.mkdirSync(path.join(cwd, ".state"));
  Object.assign(env, {
    PULUMI_HOME: path.join(dir, "pulumi-home"),
    PULUMI_BACKEND_URL: `file://${path.join(cwd, ".state")}`,
    PULUMI_CONFIG_PASSPHRASE: "tf-side-by-side",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    COMPUTE_API_URL: api,
    COMPUTE_TOKEN: token,
    COMPUTE_JOURNAL_DIR: path.join(cwd, ".journal"),
  });
  if (form.endsWith("-lean")) env.PULUMI_SKIP_CHECKPOINTS = "true";
  execFileSync("pulumi", ["stack", "init", "bench", "--non-interactive"], { cwd, env, stdio: "pipe" });
  if (form === "yaml-unmarked" || form === "yaml-lean")
    execFileSync("pulumi", ["config", "set", "compute:recoveryMarks", "false"], { cwd, env, stdio: "pipe" });
  const cycle: Cycle = {
    cwd,
    env,
    cmd: "pulumi",
    proxy,
    steps: [
      ["up", ["up", "--yes", "--skip-preview"]],
      ["preview", ["preview", "--expect-no-changes"]],
      ["preview --refresh", ["preview", "--refresh"]],
      ["refresh", ["refresh", "--yes", "--skip-preview"]],
      ["destroy", ["destroy", "--yes", "--skip-preview"]],
    ],
  };
  for (const step of cycle.steps) step[1].push("--non-interactive");
  return cycle;
}

const load = () => os.loadavg()[0]!.toFixed(1);

async function main() {
  const { terraform, provider } = preflight();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-terraform-"));
  const emulator = await startEmulator({ rateLimits: true, realShapes: true, speed: SPEED });
  const api = new URL(emulator.url);
  const tfProxy = await startRenameProxy(api.origin, true);
  const ourProxy = await startRenameProxy(api.origin, false);
  const results: StepResult[] = [];
  const failures: string[] = [];
  const loads: number[] = [];
  try {
    console.log(
      `${terraform}, terraform-provider-linode at ${provider}; pulumi ${versionOf("pulumi", ["version"])}; ` +
        `Node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; ` +
        `${VPCS} VPCs with a subnet each (${2 * VPCS} resources), ${RUNS} run(s), emulator clock ${SPEED}× ` +
        `real time with the real API's rate limits, each step in a fresh window; load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );
    for (let run = 1; run <= RUNS; run++) {
      for (const tool of TOOLS) {
        const cycle =
          tool === "terraform"
            ? terraformCycle(dir, run, provider, tfProxy, emulator.token)
            : pulumiCycle(dir, run, tool, ourProxy, `${ourProxy.origin}${api.pathname}`, emulator.token);
        console.log(`run ${run}, ${TOOL_LABEL[tool]} (${cycle.cwd}):`);
        for (const [step, args] of cycle.steps) {
          emulator.limits.reset();
          const from = cycle.proxy.entries.length;
          const startLoad = os.loadavg()[0]!;
          loads.push(startLoad);
          const log = path.join(cycle.cwd, `${step.replace(/[^a-z]+/g, "-")}.log`);
          const ran = await timed(cycle.cmd, args, cycle.cwd, cycle.env, log);
          const answers = cycle.proxy.entries.slice(from);
          const counts = countAnswers(answers);
          results.push({ tool, run, step, wallS: ran.wallS, cpuS: ran.cpuS, ...counts });
          console.log(
            `  ${step.padEnd(20)}${ran.wallS.toFixed(1).padStart(7)} s${ran.cpuS.toFixed(1).padStart(7)} CPU-s` +
              `${String(counts.requests).padStart(6)} requests${String(counts.throttled).padStart(4)} × 429` +
              `${counts.errors ? `, ${counts.errors} errors` : ""}  load ${startLoad.toFixed(1)} -> ${load()}` +
              (ran.rc === 0 ? "" : `  FAILED (exit ${ran.rc}, ${log})`),
          );
          console.log(`    requests: ${requestKinds(answers)}`);
          if (ran.rc !== 0)
            failures.push(`run ${run}, ${TOOL_LABEL[tool]}, ${step}: exit ${ran.rc} (${log})`);
        }
      }
    }
    console.log(
      `\n${2 * VPCS} resources, ${RUNS} run(s), means (each run's in brackets); 1-minute load at the steps' ` +
        `start ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}:\n`,
    );
    console.log(sideBySide(results));
    if (failures.length) {
      console.error(`\nfailed steps:\n  ${failures.join("\n  ")}`);
      process.exitCode = 1;
    } else fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await tfProxy.close();
    await ourProxy.close();
    await emulator.close();
  }
}

main().catch((err: Error) => {
  console.error(`bench:terraform failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
