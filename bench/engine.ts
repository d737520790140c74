/**
 * `npm run bench:engine [-- --reps K] [--sizes 10,40,200] [--warmup W]`: `pulumi up` through the real
 * engine, our resources against the in-process emulator, in both forms: the dynamic classes (real)
 * and the resource plugin (plugin, bench/plugin-resource.ts), vs the same graph of no-op dynamic
 * resources (floor, bench/noop-resource.ts), for each size N, in two phases: "created" (up on an
 * empty stack) and "unchanged" (a second up with nothing to do; then an untimed destroy). The sides'
 * rounds are interleaved, in an order that turns each repetition, after W untimed warm-up rounds.
 *
 * Driven through the Automation API with inline programs as in test/engine/harness.ts (file backend,
 * passphrase, PULUMI_HOME in a temp dir, `main` = the repository root). Each CLI call is timed: the
 * headline is the `pulumi up` process; `stack.up()` also runs `stack output` and `stack history`
 * afterwards (shown apart). Fixed costs outside `up` (stack creation, config) are timed once. The
 * real and plugin sides count the API requests in the emulator's request log.
 *
 * The provider process and the plugin load the built package (dist/): run `npm run build` after
 * changing src/. Not a test: exits non-zero on errors (a wrong change summary included), never on a missed goal.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import type * as pulumi from "@pulumi/pulumi";
import { PulumiCommand, Stack, type OpMap, type PulumiFn } from "@pulumi/pulumi/automation";
import * as compute from "pulumi-compute";
import { collect, ComputeClient, ControlClient } from "pulumi-compute/client";
import { vpcEndpoints, type RequestLogEntry } from "pulumi-compute/contract";
import { startEmulator } from "pulumi-compute/emulator";
import { measure, msOf, timeCommands, type CliCall } from "./cli-timing";
import { integerFlag } from "./flags";
import { requestKinds } from "./request-kinds";
import { benchWorkspace } from "./workspace";
import { NoopSubnet, NoopVpc } from "./noop-resource";
import { PluginSubnet, PluginVpc } from "./plugin-resource";
import { describeRound, measureWaitLatency } from "./wait-latency";

const PROJECT = "compute-bench-engine";
const PASSPHRASE = "engine-bench";
/** The emulator's request log keeps this many entries (src/emulator/server.ts). */
const REQUEST_LOG_SIZE = 1000;
/** The team's goal for real/floor and plugin/floor. */
const GOAL = 1.05;

const { values } = parseArgs({
  options: {
    reps: { type: "string", default: "5" },
    sizes: { type: "string", default: "10,40,200" },
    warmup: { type: "string", default: "1" },
  },
});

const REPS = integerFlag("reps", values.reps, 1);
const WARMUP = integerFlag("warmup", values.warmup, 0);
const SIZES = values.sizes.split(",").map((s) => integerFlag("sizes", s.trim(), 1));

type Side = "real" | "plugin" | "floor";
const SIDES: Side[] = ["real", "plugin", "floor"];
/** The sides that call the API. */
const calls = (side: Side) => side !== "floor";
type Phase = "created" | "unchanged";
const PHASES: Phase[] = ["created", "unchanged"];

// --- The graph -------------------------------------------------------------------------------------

/** N resources: groups of one VPC with two subnets depending on it (`vpcId: vpc.id`), then the
 * remaining one or two resources as lone VPCs. */
function shapeOf(n: number) {
  const groups = Math.floor(n / 3);
  const lone = n % 3;
  return { groups, lone, vpcs: groups + lone, subnets: 2 * groups };
}

function describeShape(n: number): string {
  const { groups, lone, vpcs, subnets } = shapeOf(n);
  const parts = [
    groups ? `${groups} × (VPC + 2 subnets)` : "",
    lone ? `${lone} lone VPC${lone > 1 ? "s" : ""}` : "",
  ];
  return `${parts.filter(Boolean).join(" + ")} = ${vpcs} VPCs + ${subnets} subnets`;
}

interface Kinds {
  Vpc: new (name: string, args: compute.VpcArgs) => pulumi.CustomResource;
  Subnet: new (name: string, args: compute.SubnetArgs) => pulumi.CustomResource;
}
const KINDS: Record<Side, Kinds> = {
  real: { Vpc: compute.Vpc, Subnet: compute.Subnet },
  plugin: { Vpc: PluginVpc, Subnet: PluginSubnet },
  floor: { Vpc: NoopVpc, Subnet: NoopSubnet },
};

/** The same names, inputs and dependencies on both sides; only the resource classes differ. */
function program(kinds: Kinds, n: number): PulumiFn {
  const { groups, vpcs } = shapeOf(n);
  return async () => {
    for (let i = 0; i < vpcs; i++) {
      const vpc = new kinds.Vpc(`vpc-${i}`, {
        region: "us-iad",
        label: `bench-vpc-${i}`,
        description: "engine benchmark",
      });
      if (i >= groups) continue;
      new kinds.Subnet(`vpc-${i}-a`, { vpcId: vpc.id, label: "a", ipv4: "10.0.1.0/24" });
      new kinds.Subnet(`vpc-${i}-b`, { vpcId: vpc.id, label: "b", ipv4: "10.0.2.0/24" });
    }
  };
}

// --- Checks ----------------------------------------------------------------------------------------

/** N resources plus the stack resource itself. */
function expectChanges(what: string, actual: OpMap | undefined, expected: Record<string, number>): void {
  const norm = (m: object) => JSON.stringify(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
  if (norm(actual ?? {}) !== norm(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? {})}`);
  }
}

// --- Statistics and printing -----------------------------------------------------------------------

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const fmt = (ms: number) => ms.toFixed(0);

// --- The run ---------------------------------------------------------------------------------------

interface Round {
  side: Side;
  n: number;
  phase: Phase;
  /** The `pulumi up` process. */
  upMs: number;
  /** The whole `stack.up()` call. */
  wholeMs: number;
  /** The other CLI calls inside `stack.up()` (`stack output`, `stack history`). */
  after: CliCall[];
  /** Real side: the API requests answered during the up. */
  requests?: RequestLogEntry[];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-engine-"));
  const emulator = await startEmulator();
  const control = new ControlClient(emulator.controlUrl);
  const api = new ComputeClient({
    baseUrl: emulator.url,
    token: emulator.token,
    retry: { retries: 0 },
  });
  try {
    const load = os.loadavg().map((l) => l.toFixed(2));

    // Fixed costs, once.
    const cliStart = await measure(() => PulumiCommand.get());
    const cli = timeCommands(cliStart.result);
    const workspace = await measure(() =>
      benchWorkspace(dir, { project: PROJECT, passphrase: PASSPHRASE, cli, plugin: true }),
    );
    const ws = workspace.result;
    const pulumiVersion = ws.pulumiVersion;
    const sdkVersion = (require("@pulumi/pulumi/package.json") as { version: string }).version;
    console.log(
      `Node ${process.version}, pulumi ${pulumiVersion}, @pulumi/pulumi ${sdkVersion}, ` +
        `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${load.join(" ")}`,
    );
    console.log(
      `${REPS} repetitions per size, real (dynamic classes), plugin and floor in turn (the order turns every repetition), ` +
        `after ${WARMUP} warm-up round${WARMUP === 1 ? "" : "s"} per side; times are medians`,
    );
    for (const n of SIZES) console.log(`  N=${n}: ${describeShape(n)}`);

    // Both measured stacks get the same config (the floor ignores it), so the engine's work on config
    // and secrets is the same on both sides; `empty` runs an empty program (the engine's fixed cost).
    const setups: Record<string, { init: number; config: number; secret: number }> = {};
    const stacks: Record<string, Stack> = {};
    for (const name of ["real", "plugin", "floor", "empty"]) {
      const init = await measure(() => Stack.create(name, ws));
      const stack = init.result;
      const config = await measure(() => stack.setConfig("compute:apiUrl", { value: emulator.url }));
      const secret = await measure(() =>
        stack.setConfig("compute:token", { value: emulator.token, secret: true }),
      );
      stacks[name] = stack;
      setups[name] = { init: init.ms, config: config.ms, secret: secret.ms };
    }
    const each = (k: "init" | "config" | "secret") =>
      `${Object.values(setups)
        .map((s) => fmt(s[k]))
        .join(" / ")} ms`;
    console.log("\nFixed costs outside `up` (once; real / plugin / floor / empty stack where four):");
    console.log(`  CLI start (pulumi version)            ${fmt(cliStart.ms)} ms`);
    console.log(
      `  LocalWorkspace.create                 ${fmt(workspace.ms)} ms (writes Pulumi.yaml, no CLI)`,
    );
    console.log(`  Stack.create (pulumi stack init)      ${each("init")}`);
    console.log(`  setConfig compute:apiUrl              ${each("config")}`);
    console.log(`  setConfig --secret compute:token      ${each("secret")}`);

    const empty = stacks.empty!;
    const emptyUps: number[] = [];
    for (let i = 0; i < 4; i++) {
      const up = await measure(() => empty.up({ program: async () => {} }));
      expectChanges("empty program up", up.result.summary.resourceChanges, i ? { same: 1 } : { create: 1 });
      if (i) emptyUps.push(msOf(up.calls, "up"));
    }
    console.log(`  pulumi up of an empty program         ${fmt(median(emptyUps))} ms (median of 3, no-op)`);

    const rounds: Round[] = [];
    const destroys: Record<Side, number[]> = { real: [], plugin: [], floor: [] };

    /** The longest `__provider` in the state: the serialized provider of a resource. */
    const providerSize: Partial<Record<Side, number>> = {};
    async function serializedProviderSize(stack: Stack): Promise<number> {
      const resources = (await stack.exportStack()).deployment.resources as {
        outputs?: { __provider?: unknown };
      }[];
      return Math.max(...resources.map((r) => String(r.outputs?.__provider ?? "").length));
    }

    /** One round of a side: created up, unchanged up, then an untimed destroy. */
    async function round(side: Side, n: number, rep: string): Promise<Round[]> {
      const stack = stacks[side]!;
      const prog = program(KINDS[side], n);
      const out: Round[] = [];
      for (const phase of PHASES) {
        if (calls(side)) await control.clearRequests();
        const up = await measure(() => stack.up({ program: prog }));
        const expected: Record<string, number> = phase === "created" ? { create: n + 1 } : { same: n + 1 };
        expectChanges(`${side} N=${n} ${phase} (${rep})`, up.result.summary.resourceChanges, expected);
        out.push({
          side,
          n,
          phase,
          upMs: msOf(up.calls, "up"),
          wholeMs: up.ms,
          after: up.calls.filter((c) => c.command !== "up"),
          requests: calls(side) ? await control.requests() : undefined,
        });
      }
      if (providerSize[side] === undefined) providerSize[side] = await serializedProviderSize(stack);
      const destroy = await measure(() => stack.destroy());
      expectChanges(`${side} N=${n} destroy (${rep})`, destroy.result.summary.resourceChanges, {
        delete: n + 1,
      });
      destroys[side].push(msOf(destroy.calls, "destroy"));
      if (calls(side)) {
        const left = await collect(api.each(vpcEndpoints.listVpcs));
        if (left.length) throw new Error(`${side} N=${n} (${rep}): ${left.length} VPCs left after destroy`);
      }
      console.log(
        `  N=${n} ${rep.padEnd(8)} ${side.padEnd(5)}  ` +
          out.map((r) => `${r.phase} ${fmt(r.upMs)} ms`).join(", ") +
          (calls(side) ? `  (API requests: ${out.map((r) => r.requests!.length).join(", ")})` : ""),
      );
      return out;
    }

    console.log("\nRounds (`pulumi up` process times):");
    for (let w = 0; w < WARMUP; w++) for (const side of SIDES) await round(side, SIZES[0]!, "warm-up");
    for (const n of SIZES) {
      for (let rep = 0; rep < REPS; rep++) {
        const order = SIDES.map((_, i) => SIDES[(i + rep) % SIDES.length]!);
        for (const side of order) rounds.push(...(await round(side, n, `${rep + 1}/${REPS}`)));
      }
    }

    // The table, in the form of docs/benchmarks.md.
    const MEASURED: Side[] = ["real", "plugin"];
    const label: Record<Side, string> = { real: "dynamic", plugin: "plugin", floor: "floor" };
    console.log(
      "\nResults (medians of the `pulumi up` process; stack.up() adds `stack output` and history):\n",
    );
    console.log("| N | phase | dynamic vs floor | plugin vs floor | stack.up() dynamic / plugin / floor |");
    console.log("| --- | --- | --- | --- | --- |");
    let worst = { ratio: 0, what: "" };
    /** `floor 10 created`, `real 40 unchanged`: the median `pulumi up` time. */
    const medians: Record<string, number> = {};
    const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    for (const n of SIZES) {
      for (const phase of PHASES) {
        const of = (side: Side) => rounds.filter((r) => r.n === n && r.phase === phase && r.side === side);
        for (const side of SIDES) medians[`${side} ${n} ${phase}`] = median(of(side).map((r) => r.upMs));
        const floor = medians[`floor ${n} ${phase}`]!;
        const versus = MEASURED.map((side) => {
          const ms = medians[`${side} ${n} ${phase}`]!;
          const ratio = ms / floor;
          if (ratio > worst.ratio) worst = { ratio, what: `${label[side]} N=${n} ${phase}` };
          return `${secs(ms)} vs ${secs(floor)}, ${ratio.toFixed(2)}x`;
        });
        const whole = SIDES.map((side) => secs(median(of(side).map((r) => r.wholeMs)))).join(" / ");
        console.log(`| ${n} | ${phase} | ${versus.join(" | ")} | ${whole} |`);
      }
    }

    console.log("\nWhere the time goes:");
    const after = new Map<string, number[]>();
    for (const r of rounds)
      for (const c of r.after) after.set(c.command, [...(after.get(c.command) ?? []), c.ms]);
    console.log(
      "  in each stack.up(), after `pulumi up` exits: " +
        ([...after].map(([c, ms]) => `pulumi ${c} ${fmt(median(ms))} ms`).join(", ") || "nothing"),
    );
    console.log(
      `  serialized provider in the state: dynamic ${providerSize.real} chars, plugin ${providerSize.plugin} chars, ` +
        `floor ${providerSize.floor} chars`,
    );
    console.log(
      `  destroy (untimed in the table): ${SIDES.map((side) => `${label[side]} ${fmt(median(destroys[side]))} ms`).join(", ")}`,
    );
    if (SIZES.length > 1) {
      const [a, b] = [Math.min(...SIZES), Math.max(...SIZES)];
      for (const phase of PHASES) {
        const per = (medians[`floor ${b} ${phase}`]! - medians[`floor ${a} ${phase}`]!) / (b - a);
        console.log(`  engine floor per extra resource, ${phase}: ${per.toFixed(1)} ms (N=${a} → N=${b})`);
      }
      for (const side of MEASURED) {
        for (const phase of PHASES) {
          const gap = (n: number) => medians[`${side} ${n} ${phase}`]! - medians[`floor ${n} ${phase}`]!;
          const per = (gap(b) - gap(a)) / (b - a);
          console.log(
            `  ${label[side]} − floor, ${phase}: ${fmt(gap(a) - per * a)} ms per up + ${per.toFixed(1)} ms per resource ` +
              `(line through N=${a} and N=${b})`,
          );
        }
      }
    }
    for (const side of MEASURED) {
      for (const n of SIZES) {
        for (const phase of PHASES) {
          const reqs = rounds.filter((r) => r.n === n && r.phase === phase && r.side === side);
          const counts = [...new Set(reqs.map((r) => r.requests!.length))];
          const failed = reqs.flatMap((r) => r.requests!).filter((e) => e.status < 200 || e.status >= 300);
          const full = reqs.some((r) => r.requests!.length >= REQUEST_LOG_SIZE);
          console.log(
            `  API requests, ${label[side]} N=${n} ${phase}: ${(reqs[0]!.requests!.length / n).toFixed(2)} per resource ` +
              `(${requestKinds(reqs[0]!.requests!)})` +
              (counts.length > 1 ? `; varied between rounds: ${counts.join(", ")}` : "") +
              (failed.length ? `; non-2xx: ${requestKinds(failed)}` : "") +
              (full
                ? `; the emulator keeps the last ${REQUEST_LOG_SIZE} requests only: counts cut short`
                : ""),
          );
        }
      }
    }
    console.log(
      `  load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `\nWorst ratio: ${worst.ratio.toFixed(2)}x (${worst.what}); goal <= ${GOAL}x: ` +
        (worst.ratio <= GOAL ? "met" : "missed"),
    );
    const waits = await measureWaitLatency();
    for (const [name, w] of Object.entries(waits)) console.log(describeRound(name, w));
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(`bench:engine failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
