/**
 * How soon a wait notices that the emulator flipped a status, as the providers wait: each instance
 * becomes `running` a known time after its create (the emulator's `instance.create` duration, on its
 * clock at real speed), and its wait starts on the create's answer (`current`), as a provider's
 * settle does. The creates are spread over one boot, so the flips fall at every phase of the shared
 * poll loop. The delay from the flip to the waiter's return is the latency.
 *
 * Two rounds: `cold`, a process that has seen no boot end (a run's first boot without the
 * provider's memory of earlier runs), and `warm`, the same waits once the process knows how long a
 * boot takes (every later boot of the run, and a run that starts from the memory). Requests are the
 * emulator's, per wait.
 */
import * as clientNs from "pulumi-compute/client";
import * as emulatorNs from "pulumi-compute/emulator";

export interface WaitLatency {
  waits: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  /** GET requests per wait (single reads and list requests alike). */
  readsPerWait: number;
}

const BOOT_MS = 3000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function round(
  api: clientNs.ComputeClient,
  control: clientNs.ControlClient,
  waits: number,
): Promise<WaitLatency> {
  await control.clearRequests();
  const one = async (i: number) => {
    await new Promise((resolve) => setTimeout(resolve, Math.round((i / waits) * BOOT_MS)));
    const created = await api.api.createInstance({
      body: { region: "us-iad", type: "g6-nanode-1", image: "compute/debian12", root_pass: "Bench-pass-42!" },
    });
    const flipAt = Date.now() + BOOT_MS;
    await clientNs.waitForInstance(api, created.id, clientNs.status("running"), {
      timeoutMs: 60_000,
      current: created,
    });
    return Date.now() - flipAt;
  };
  const latencies = (await Promise.all(Array.from({ length: waits }, (_, i) => one(i)))).sort(
    (a, b) => a - b,
  );
  const reads = (await control.requests()).filter((r) => r.method === "GET").length;
  return {
    waits,
    medianMs: percentile(latencies, 0.5),
    p90Ms: percentile(latencies, 0.9),
    maxMs: latencies[latencies.length - 1]!,
    readsPerWait: reads / waits,
  };
}

export async function measureWaitLatency(waits = 24): Promise<{ cold: WaitLatency; warm: WaitLatency }> {
  const emulator = await emulatorNs.startEmulator();
  try {
    const control = new clientNs.ControlClient(emulator.controlUrl);
    await control.timings({ "instance.create": BOOT_MS });
    const api = new clientNs.ComputeClient({ baseUrl: emulator.url, token: emulator.token });
    const cold = await round(api, control, waits);
    const warm = await round(api, control, waits);
    return { cold, warm };
  } finally {
    await emulator.close();
  }
}

/** The team's goal for how soon a wait notices a status flip, in ms. */
export const WAIT_GOAL_MS = { median: 300, p90: 600 };

/** One round's line: its figures and whether the goal is met. */
export function describeRound(name: string, w: WaitLatency): string {
  const met = w.medianMs <= WAIT_GOAL_MS.median && w.p90Ms <= WAIT_GOAL_MS.p90;
  return (
    `Status flip noticed after (${w.waits} instance waits, ${name}): median ${w.medianMs} ms, ` +
    `p90 ${w.p90Ms} ms, max ${w.maxMs} ms; ${w.readsPerWait.toFixed(2)} GETs per wait; ` +
    `goal median <= ${WAIT_GOAL_MS.median} ms, p90 <= ${WAIT_GOAL_MS.p90} ms: ${met ? "met" : "missed"}`
  );
}

/** `npm run bench:waits`: the two rounds alone (a few seconds; bench:engine prints them too). */
if (require.main === module) {
  measureWaitLatency().then(
    (rounds) => {
      for (const [name, w] of Object.entries(rounds)) console.log(describeRound(name, w));
    },
    (err: Error) => {
      console.error(`bench:waits failed: ${err.message}`);
      process.exit(1);
    },
  );
}
