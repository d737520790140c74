/**
 * `npm run bench:fleet [-- --instances 100] [--parallel 100] [--speed 1]`: one `pulumi up` of N
 * instances (from an image, so each is created, then boots) at `--parallel P`, through the real
 * engine, against the in-process emulator with the real API's rate limits on. Prints the time of
 * the `pulumi up` process against the floor the limits impose: instance creates are allowed L per
 * window of W (10 per 30 s), so the last of N creates cannot start before (ceil(N / L) - 1) windows,
 * and is running one create-to-running lifecycle later (4 s + 3 s); all on the emulator's clock,
 * `--speed` times faster than real time. Also prints how many requests the emulator answered, and
 * how many of them with 429.
 *
 * Driven like bench/engine.ts (file backend, passphrase, PULUMI_HOME in a temp dir, `main` = the
 * repository root): the provider process loads the built package, so run `npm run build` after
 * changing src/. Not a test: exits non-zero when the `up` fails, never on a ratio.
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
import { requestKinds } from "./request-kinds";
import { benchWorkspace } from "./workspace";

const PROJECT = "compute-bench-fleet";
const PASSPHRASE = "fleet-bench";
/** An instance from an image: `instance.create`, then `instance.boot` (the emulator's timings). */
const LIFECYCLE_MS = 4_000 + 3_000;

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "100" },
    parallel: { type: "string", default: "100" },
    speed: { type: "string", default: "1" },
  },
});

const N = integerFlag("instances", values.instances, 1);
const PARALLEL = integerFlag("parallel", values.parallel, 1);
const SPEED = positiveFlag("speed", values.speed);

function fleet(): PulumiFn {
  return async () => {
    for (let i = 0; i < N; i++) {
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

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-fleet-"));
  const emulator = await startEmulator({ rateLimits: true, speed: SPEED });
  const answers = tallyAnswers(emulator.requestLog);
  try {
    const cli = timeCommands(await PulumiCommand.get());
    const ws = await benchWorkspace(dir, { project: PROJECT, passphrase: PASSPHRASE, cli });
    const stack = await Stack.create("fleet", ws);
    await stack.setConfig("compute:apiUrl", { value: emulator.url });
    await stack.setConfig("compute:token", { value: emulator.token, secret: true });

    const [, create] = rulesFor(DEFAULT_RATE_LIMITS, instanceEndpoints.createInstance);
    const windows = Math.ceil(N / create!.limit);
    const createsFloorMs = ((windows - 1) * create!.window_ms) / SPEED;
    const floorMs = createsFloorMs + LIFECYCLE_MS / SPEED;
    console.log(
      `Node ${process.version}, pulumi ${ws.pulumiVersion}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
    console.log(
      `Emulator: the real API's rate limits (instance creates ${create!.limit} per ${create!.window_ms / 1000} s), ` +
        `clock ${SPEED}× real time`,
    );

    answers.reset();
    const up = await measure(() => stack.up({ program: fleet(), parallel: PARALLEL }));
    const changes = up.result.summary.resourceChanges ?? {};
    if (changes.create !== N + 1 || Object.keys(changes).length !== 1) {
      throw new Error(`expected ${N + 1} creates, got ${JSON.stringify(changes)}`);
    }
    const upMs = msOf(up.calls, "up");
    console.log(`\npulumi up of ${N} instances at --parallel ${PARALLEL}: ${seconds(upMs)}`);
    console.log(
      `floor the limits impose: ${windows} create windows → ${windows - 1} × ${create!.window_ms / 1000} s` +
        `${SPEED === 1 ? "" : ` / ${SPEED}`} = ${seconds(createsFloorMs)} before the last create, ` +
        `+ its create-to-running ${seconds(LIFECYCLE_MS / SPEED)} = ${seconds(floorMs)}`,
    );
    console.log(`ratio to the floor: ${(upMs / floorMs).toFixed(2)}x (${seconds(upMs - floorMs)} above it)`);
    console.log(
      `API requests answered: ${answers.total()} (${(answers.total() / N).toFixed(1)} per instance); ` +
        `429: ${answers.throttled.length} (${requestKinds(answers.throttled)})`,
    );

    const destroy = await measure(() => stack.destroy({ parallel: PARALLEL }));
    console.log(`destroy (untimed above): ${seconds(msOf(destroy.calls, "destroy"))}`);
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(`bench:fleet failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
