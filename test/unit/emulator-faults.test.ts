/** Injected faults (queue and standing profile) through our ComputeClient and ControlClient. */
import { AxiosError } from "axios";
import { ComputeApiError, ComputeClient, ControlClient } from "../../src/client";
import { startEmulator } from "../../src/emulator";
import { apiError, useEmulator } from "../support/emulator";

const t = useEmulator();
const statuses = async () => (await t.control.requests()).map((r) => `${r.method} ${r.status}`);
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof ComputeApiError ? e.status : -1),
  );

describe("fault profile", () => {
  it("is set, read and cleared through the control API, with defaults and a generated seed", async () => {
    await expect(t.control.faultProfile()).resolves.toBeNull();
    const set = await t.control.setFaultProfile({ error_rate: 0.25 });
    expect(set).toEqual({
      error_rate: 0.25,
      error_statuses: [503, 500],
      latency_ms: 0,
      latency_jitter_ms: 0,
      drop_rate: 0,
      throttle_rate: 0,
      throttle_retry_after: 1,
      lost_rate: 0,
      lost_statuses: [502, 504, 0],
      seed: expect.any(Number),
    });
    await expect(t.control.faultProfile()).resolves.toEqual(set);
    await t.control.clearFaultProfile();
    await expect(t.control.faultProfile()).resolves.toBeNull();
  });

  it("rejects rates outside 0..1 with a 400 naming the field", async () => {
    const err = await t.control.setFaultProfile({ error_rate: 2 }).catch((e: AxiosError) => e);
    expect((err as AxiosError).response?.status).toBe(400);
    expect((err as AxiosError).response?.data).toEqual({
      errors: [{ reason: "error_rate must be 0..1", field: "error_rate" }],
    });
  });

  it("answers 503 or 500 at error_rate, and the same seed gives the same sequence", async () => {
    const run = async (seed: number) => {
      await t.control.setFaultProfile({ error_rate: 0.5, seed });
      const seen = [];
      for (let i = 0; i < 40; i++) seen.push(await outcome(t.client.api.listRegions()));
      return seen;
    };
    const first = await run(42);
    expect(new Set(first)).toEqual(new Set([200, 500, 503]));
    expect(await run(42)).toEqual(first);
    expect(await run(43)).not.toEqual(first);
  });

  it("answers the error body with the status's reason", async () => {
    await t.control.setFaultProfile({ error_rate: 1, error_statuses: [503] });
    const err = await apiError(t.client.api.listVpcs(), 503);
    expect(err.errors).toEqual([{ reason: "Service unavailable (injected fault)" }]);
  });

  it("applies only to requests matching its method and path prefix", async () => {
    await t.control.setFaultProfile({ error_rate: 1, error_statuses: [500], method: "post", path: "/vpcs" });
    await expect(t.client.api.listVpcs()).resolves.toMatchObject({ results: 0 });
    await expect(t.client.api.listRegions()).resolves.toMatchObject({ page: 1 });
    await apiError(t.client.api.createVpc({ body: { label: "x", region: "us-iad" } }), 500);
  });

  it("adds latency_ms before answering", async () => {
    await t.control.setFaultProfile({ latency_ms: 40, path: "/regions" });
    const started = performance.now();
    await t.client.api.listRegions();
    expect(performance.now() - started).toBeGreaterThanOrEqual(38);
  });

  it("drops connections at drop_rate: no answer, logged with status 0", async () => {
    await t.control.setFaultProfile({ drop_rate: 1 });
    const err = await apiError(t.client.api.listVpcs(), 0);
    expect(err.errors[0]!.reason).toMatch(/ECONNRESET|socket hang up/);
    expect(await statuses()).toEqual(["GET 0"]);
  });

  it("is restored by reset when given at start; DELETE /faults removes it", async () => {
    const emulator = await startEmulator({ faults: { error_rate: 1, error_statuses: [503], seed: 5 } });
    try {
      const client = new ComputeClient({
        baseUrl: emulator.url,
        token: emulator.token,
        retry: { retries: 0 },
      });
      await apiError(client.api.listRegions(), 503);
      await new ControlClient(emulator.controlUrl).clearFaults();
      await expect(client.api.listRegions()).resolves.toMatchObject({ page: 1 });
      emulator.reset();
      expect(emulator.faults.getProfile()).toMatchObject({ error_rate: 1, seed: 5 });
      await apiError(client.api.listRegions(), 503);
    } finally {
      await emulator.close();
    }
  });
});

describe("fault queue", () => {
  it("answers the next count matching requests, with a custom reason, then nothing", async () => {
    await t.control.injectFault({ status: 400, reason: "Compute instance busy.", count: 2, path: "/vpcs" });
    await expect(t.client.api.listRegions()).resolves.toMatchObject({ page: 1 });
    for (let i = 0; i < 2; i++) {
      const err = await apiError(t.client.api.listVpcs(), 400);
      expect(err.errors).toEqual([{ reason: "Compute instance busy." }]);
    }
    await expect(t.client.api.listVpcs()).resolves.toMatchObject({ results: 0 });
  });
});
