/**
 * `npm run bench:fleet [-- --sizes 10,30,60] [--parallel P] [--speed 1] [--rate-limits on|off]`: for
 * each size N, one `pulumi up` of N instances (from an image, so each is created running) through
 * the real engine, against the in-process emulator, at `--parallel P` (default: N, so no instance
 * waits for a slot). Prints, per size, the time of the `pulumi up` process against its floor, the API
 * requests per instance (and how many were answered 429), and the peak memory of each process.
 *
 * The floor is what no provider can beat: the engine's own `up` of N no-op dynamic resources at the
 * same parallelism (measured before each size, bench/noop-resource.ts), plus one instance's
 * create-to-running lifecycle (`instance.create`, 4 s on the emulator's clock: an instance from an
 * image is `provisioning`, then `running`; `--speed` times faster than real
 * time), plus, with the real API's rate limits on (the default), the wait they impose on the creates:
 * L per window of W (10 per 30 s), so the last of N creates cannot start before (ceil(N / L) - 1)
 * windows.
 *
 * Driven like bench/engine.ts (file backend, passphrase, PULUMI_HOME in a temp dir, `main` = the
 * repository root): the provider process loads the built package, so run `npm run build` after
 * changing src/. Not a test: exits non-zero when an `up` fails, never on a ratio.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { PulumiCommand, Stack, type PulumiFn } from "@pulumi/pulumi/automation";
import * as compute from "pulumi-compute";
import { DEFAULT_RATE_LIMITS, instanceEndpoints, type RequestLogEntry } from "pulumi-compute/contract";
import { startEmulator } from "pulumi-compute/emulator";
import { rulesFor } from "../src/emulator/rate-limit";
import { measure, msOf, timeCommands } from "./cli-timing";
import { integerFlag, positiveFlag } from "./flags";
import { NoopVpc } from "./noop-resource";
import { samplePeakMemory } from "./process-memory";
import { requestKinds } from "./request-kinds";
import { benchWorkspace } from "./workspace";

const PROJECT = "compute-bench-fleet";
const PASSPHRASE = "fleet-bench";
/** An instance from an image: `provisioning` for the emulator's `instance.create` (4 s), then `running`. */
const LIFECYCLE_MS = 4_000;

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10,30,60" },
    // One size (the bench's former flag).
    instances: { type: "string" },
    parallel: { type: "string" },
    speed: { type: "string", default: "1" },
    "rate-limits": { type: "string", default: "on" },
  },
});

const SIZES = (values.instances ?? values.sizes).split(",").map((s) => integerFlag("sizes", s.trim(), 1));
const parallelFor = (n: number) =>
  values.parallel === undefined ? n : integerFlag("parallel", values.parallel, 1);
const SPEED = positiveFlag("speed", values.speed);
if (values["rate-limits"] !== "on" && values["rate-limits"] !== "off") {
  throw new Error(`--rate-limits: expected on or off, got "${values["rate-limits"]}"`);
}
const LIMITS = values["rate-limits"] === "on";

function fleet(n: number): PulumiFn {
  return async () => {
    for (let i = 0; i < n; i++) {
      new compute.Instance(`node-${i}`, {
        region: "us-iad",
        type: "g6-standard-1",
        label: `fleet-${i}`,
        image: "compute/debian12",
        rootPass: "Fleet-bench-pass1",
      });
    }
  };
}

/** The engine's floor: N no-op dynamic resources. */
function noop(n: number): PulumiFn {
  return async () => {
    for (let i = 0; i < n; i++) {
      new NoopVpc(`node-${i}`, { region: "us-iad", label: `fleet-${i}` });
    }
  };
}

/** Every answer the emulator logs, counted (its log keeps the last 1000 only). */
function tallyAnswers(log: RequestLogEntry[]) {
  const byStatus = new Map<number, number>();
  const throttled: RequestLogEntry[] = [];
  const push = log.push.bind(log);
  log.push = (...entries: RequestLogEntry[]) => {
    for (const e of entries) {
      byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
      if (e.status === 429) throttled.push(e);
    }
    return push(...entries);
  };
  return {
    total: () => [...byStatus.values()].reduce((a, b) => a + b, 0),
    throttled,
    reset: () => {
      byStatus.clear();
      throttled.length = 0;
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Row {
  n: number;
  parallel: number;
  upMs: number;
  floorMs: number;
  noopMs: number;
  limitsMs: number;
  requests: number;
  throttled: string;
  memory: Map<string, number>;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-fleet-"));
  const emulator = await startEmulator({ rateLimits: LIMITS, speed: SPEED });
  const answers = tallyAnswers(emulator.requestLog);
  const rows: Row[] = [];
  try {
    const cli = timeCommands(await PulumiCommand.get());
    const ws = await benchWorkspace(dir, { project: PROJECT, passphrase: PASSPHRASE, cli });
    const [, create] = rulesFor(DEFAULT_RATE_LIMITS, instanceEndpoints.createInstance);
    console.log(
      `Node ${process.version}, pulumi ${ws.pulumiVersion}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
    console.log(
      `Emulator: ${LIMITS ? `the real API's rate limits (instance creates ${create!.limit} per ${create!.window_ms / 1000} s)` : "no rate limits"}, ` +
        `clock ${SPEED}× real time; an instance's create-to-running ${seconds(LIFECYCLE_MS / SPEED)}`,
    );

    for (const n of SIZES) {
      const parallel = parallelFor(n);
      const floorStack = await Stack.create(`floor-${n}`, ws);
      const noopUp = await measure(() => floorStack.up({ program: noop(n), parallel }));
      const noopMs = msOf(noopUp.calls, "up");
      await floorStack.destroy({ parallel });

      const stack = await Stack.create(`fleet-${n}`, ws);
      await stack.setConfig("compute:apiUrl", { value: emulator.url });
      await stack.setConfig("compute:token", { value: emulator.token, secret: true });
      const windows = Math.ceil(n / create!.limit);
      const limitsMs = LIMITS ? ((windows - 1) * create!.window_ms) / SPEED : 0;

      answers.reset();
      const memory = samplePeakMemory();
      const up = await measure(() => stack.up({ program: fleet(n), parallel }));
      const peaks = memory();
      const changes = up.result.summary.resourceChanges ?? {};
      if (changes.create !== n + 1 || Object.keys(changes).length !== 1) {
        throw new Error(`expected ${n + 1} creates, got ${JSON.stringify(changes)}`);
      }
      const row: Row = {
        n,
        parallel,
        upMs: msOf(up.calls, "up"),
        noopMs,
        limitsMs,
        floorMs: noopMs + LIFECYCLE_MS / SPEED + limitsMs,
        requests: answers.total(),
        throttled: answers.throttled.length
          ? `${answers.throttled.length} (${requestKinds(answers.throttled)})`
          : "0",
        memory: peaks,
      };
      rows.push(row);
      console.log(
        `\n${n} instances at --parallel ${parallel}: pulumi up ${seconds(row.upMs)}; floor ${seconds(row.floorMs)} ` +
          `(no-op up ${seconds(noopMs)} + create-to-running ${seconds(LIFECYCLE_MS / SPEED)}` +
          `${LIMITS ? ` + ${windows - 1} create windows ${seconds(limitsMs)}` : ""}); ` +
          `ratio ${(row.upMs / row.floorMs).toFixed(2)}x`,
      );
      console.log(
        `  API requests: ${row.requests} (${(row.requests / n).toFixed(1)} per instance), 429: ${row.throttled}`,
      );
      console.log(
        `  peak memory: ${[...peaks].map(([role, mb]) => `${role} ${mb.toFixed(0)} MB`).join(", ")}`,
      );
      const destroy = await measure(() => stack.destroy({ parallel }));
      console.log(`  destroy (untimed above): ${seconds(msOf(destroy.calls, "destroy"))}`);
    }

    console.log("\nN     parallel   up        floor     ratio   requests/instance   429");
    for (const r of rows) {
      console.log(
        `${String(r.n).padEnd(6)}${String(r.parallel).padEnd(11)}${seconds(r.upMs).padEnd(10)}` +
          `${seconds(r.floorMs).padEnd(10)}${`${(r.upMs / r.floorMs).toFixed(2)}x`.padEnd(8)}` +
          `${(r.requests / r.n).toFixed(1).padEnd(20)}${r.throttled}`,
      );
    }
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(`bench:fleet failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
