/**
 * `npm run bench:scale [-- --sizes 600,2000] [--parallel 64] [--rate-limits on|off] [--form ts|plugin]
 * [--stack vpcs|instances] [--speed 20]`: for each size N, a stack of N/2 VPCs with a subnet each
 * (`vpcs`), or of N/4 instances assembled from parts (`instances`: an empty instance, a root disk from
 * an image, a swap disk and a config that boots them, as examples/instance-assembled.ts makes them;
 * TypeScript form only, the emulator's clock `--speed` times real time, rate-limit windows included),
 * through the real engine, in the TypeScript form (the dynamic classes) or the plugin form (the same
 * program under `compute:index:*`, served by `bin/pulumi-resource-compute`, as `npm run bench:engine`
 * registers them), against the
 * in-process emulator with the real API's rate limits on (the default), step by step: `up` (create),
 * a no-change `preview`, `refresh`, `preview --refresh`, `destroy`. Prints, per step, the time of
 * the `pulumi` process, the API requests per resource, the 429 answers, the error answers other than
 * a deletion's 404, and the peak memory of each process. `--parallel` defaults to the CLI's own
 * (unset).
 *
 * Driven like bench/fleet.ts (file backend, PULUMI_HOME in a temp dir, `main` = the repository root):
 * the provider process loads the built package, so run `npm run build` after changing src/. Not a
 * test: exits non-zero when a step fails, never on a ratio.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { PulumiCommand, Stack, type PulumiFn } from "@pulumi/pulumi/automation";
import * as compute from "pulumi-compute";
import type { RequestLogEntry } from "pulumi-compute/contract";
import { startEmulator } from "pulumi-compute/emulator";
import { measure, msOf, timeCommands } from "./cli-timing";
import { assembledProgram } from "../examples/instance-assembled";
import { integerFlag, positiveFlag } from "./flags";
import { PluginSubnet, PluginVpc } from "./plugin-resource";
import { samplePeakMemory } from "./process-memory";
import { requestKinds } from "./request-kinds";
import { benchWorkspace } from "./workspace";

const PROJECT = "compute-bench-scale";
const PASSPHRASE = "scale-bench";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "600" },
    parallel: { type: "string" },
    "rate-limits": { type: "string", default: "on" },
    form: { type: "string", default: "ts" },
    stack: { type: "string", default: "vpcs" },
    speed: { type: "string", default: "20" },
  },
});
const SIZES = values.sizes.split(",").map((s) => integerFlag("sizes", s.trim(), 2));
const PARALLEL = values.parallel === undefined ? undefined : integerFlag("parallel", values.parallel, 1);
if (values["rate-limits"] !== "on" && values["rate-limits"] !== "off")
  throw new Error(`--rate-limits: expected on or off, got "${values["rate-limits"]}"`);
const LIMITS = values["rate-limits"] === "on";
if (values.form !== "ts" && values.form !== "plugin")
  throw new Error(`--form: expected ts or plugin, got "${values.form}"`);
const PLUGIN = values.form === "plugin";
const Vpc = PLUGIN ? PluginVpc : compute.Vpc;
const Subnet = PLUGIN ? PluginSubnet : compute.Subnet;
if (values.stack !== "vpcs" && values.stack !== "instances")
  throw new Error(`--stack: expected vpcs or instances, got "${values.stack}"`);
const INSTANCES = values.stack === "instances";
if (INSTANCES && PLUGIN) throw new Error("--stack instances: the TypeScript form only");
const SPEED = INSTANCES ? positiveFlag("speed", values.speed) : undefined;
const ROOT_PASS = `${randomBytes(18).toString("base64url")}-Aa1`;

/** N/4 instances, each an empty instance, a root and a swap disk, and a config booting them. */
function instances(n: number): PulumiFn {
  return async () => {
    for (let i = 0; i < n / 4; i++) {
      assembledProgram({
        instance: { name: `server-${i}`, region: "us-iad", type: "g6-standard-1", label: `scale-${i}` },
        root: {
          name: `root-${i}`,
          label: "root",
          size: 4000,
          image: "compute/debian12",
          rootPass: ROOT_PASS,
        },
        swap: { name: `swap-${i}`, label: "swap", size: 512, filesystem: "swap" },
        config: { name: `boot-${i}`, label: "boot", booted: true },
      });
    }
  };
}

function stack(n: number): PulumiFn {
  if (INSTANCES) return instances(n);
  return async () => {
    for (let i = 0; i < n / 2; i++) {
      const vpc = new Vpc(`net-${i}`, { region: "us-iad", label: `scale-${i}` });
      new Subnet(`app-${i}`, { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" });
    }
  };
}

/** Every answer the emulator logs from now on (its log keeps the last 1000 only). */
function tally(log: RequestLogEntry[]) {
  let seen: RequestLogEntry[] = [];
  const push = log.push.bind(log);
  log.push = (...entries: RequestLogEntry[]) => {
    seen.push(...entries);
    return push(...entries);
  };
  return {
    take: () => {
      const taken = seen;
      seen = [];
      return taken;
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-scale-"));
  const emulator = await startEmulator({ rateLimits: LIMITS, speed: SPEED });
  const answers = tally(emulator.requestLog);
  const rows: string[] = [];
  try {
    const cli = timeCommands(await PulumiCommand.get());
    const ws = await benchWorkspace(dir, { project: PROJECT, passphrase: PASSPHRASE, cli, plugin: PLUGIN });
    console.log(
      `Node ${process.version}, pulumi ${ws.pulumiVersion}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; ` +
        `${PLUGIN ? "plugin" : "TypeScript"} form; ` +
        (SPEED ? `clock ${SPEED}× real time; ` : "") +
        `emulator ${LIMITS ? "with the real API's rate limits" : "without rate limits"}; ` +
        `parallel ${PARALLEL ?? "the CLI's default"}`,
    );
    for (const n of SIZES) {
      const s = await Stack.create(`scale-${n}`, ws);
      await s.setConfig("compute:apiUrl", { value: emulator.url });
      await s.setConfig("compute:token", { value: emulator.token, secret: true });
      const program = stack(n);
      const parallel = PARALLEL;
      const steps: [string, string, () => Promise<unknown>][] = [
        ["up", "up", () => s.up({ program, parallel })],
        ["preview", "preview", () => s.preview({ program, parallel, expectNoChanges: true })],
        ["refresh", "refresh", () => s.refresh({ parallel, expectNoChanges: true })],
        [
          "preview --refresh",
          "preview",
          () => s.preview({ program, parallel, refresh: true, expectNoChanges: true }),
        ],
        ["destroy", "destroy", () => s.destroy({ parallel })],
      ];
      console.log(
        INSTANCES
          ? `\n${n} resources (${n / 4} instances with two disks and a config each):`
          : `\n${n} resources (${n / 2} VPCs with a subnet each):`,
      );
      for (const [name, command, run] of steps) {
        answers.take();
        const memory = samplePeakMemory();
        const step = await measure(run);
        const peaks = memory();
        const log = answers.take();
        const throttled = log.filter((e) => e.status === 429);
        const errors = log.filter((e) => e.status >= 400 && e.status !== 429 && e.status !== 404);
        const ms = msOf(step.calls, command);
        const line =
          `${name.padEnd(18)}${seconds(ms).padEnd(10)}${(log.length / n).toFixed(3).padEnd(10)}` +
          `${String(throttled.length).padEnd(6)}${String(errors.length).padEnd(8)}` +
          `${[...peaks].map(([role, mb]) => `${role} ${mb.toFixed(0)} MB`).join(", ")}`;
        console.log(`  ${line}`);
        console.log(`    requests: ${requestKinds(log)}`);
        if (throttled.length + errors.length > 0)
          console.log(`    refused: ${requestKinds([...throttled, ...errors])}`);
        rows.push(`${String(n).padEnd(7)}${line}`);
      }
    }
    console.log("\nN      step              time      req/res   429   errors  peak memory");
    for (const row of rows) console.log(row);
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(`bench:scale failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
