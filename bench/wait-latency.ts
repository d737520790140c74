/**
 * How soon a wait notices that the emulator flipped a status: each instance becomes `running` a
 * known time after its create (the emulator's `instance.create` duration, on its clock at real
 * speed); the client's waiter (the providers' default pacing) starts at spread offsets before that
 * flip and polls until it sees it. The delay from the flip to the waiter's return is the latency; GETs per
 * second per waiting instance check the pacing (at most one every 2 s once backed off).
 */
import * as clientNs from "pulumi-compute/client";
import * as emulatorNs from "pulumi-compute/emulator";

export interface WaitLatency {
  waits: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  /** GETs per wait. */
  pollsPerWait: number;
}

const BOOT_MS = 3000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export async function measureWaitLatency(waits = 24): Promise<WaitLatency> {
  const emulator = await emulatorNs.startEmulator();
  try {
    const control = new clientNs.ControlClient(emulator.controlUrl);
    await control.timings({ "instance.create": BOOT_MS });
    const api = new clientNs.ComputeClient({ baseUrl: emulator.url, token: emulator.token });
    let polls = 0;
    const one = async (i: number) => {
      const created = await api.api.createInstance({
        body: {
          region: "us-iad",
          type: "g6-nanode-1",
          image: "compute/debian12",
          root_pass: "Bench-pass-42!",
        },
      });
      const flipAt = Date.now() + BOOT_MS;
      // Waits that start at spread offsets before the flip sample every phase of the poll schedule
      // (as resources whose create returned at different moments of their lifecycle).
      await new Promise((resolve) => setTimeout(resolve, Math.round((i / waits) * (BOOT_MS - 100))));
      await clientNs.waitForInstance(api, created.id, clientNs.status("running"), {
        timeoutMs: 60_000,
        onPoll: () => (polls += 1),
      });
      polls += 1;
      return Date.now() - flipAt;
    };
    const latencies = (await Promise.all(Array.from({ length: waits }, (_, i) => one(i)))).sort(
      (a, b) => a - b,
    );
    return {
      waits,
      medianMs: percentile(latencies, 0.5),
      p90Ms: percentile(latencies, 0.9),
      maxMs: latencies[latencies.length - 1]!,
      pollsPerWait: polls / waits,
    };
  } finally {
    await emulator.close();
  }
}
