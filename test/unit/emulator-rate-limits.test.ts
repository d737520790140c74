/** Rate limits: windows per token (per IP without one) on the emulator clock, headers, 429, reset. */
import type { AxiosError } from "axios";
import { ComputeClient } from "../../src/client";
import { DEFAULT_RATE_LIMITS, endpoint, vpcEndpoints } from "../../src/contract";
import { startEmulator } from "../../src/emulator";
import { rulesFor } from "../../src/emulator/rate-limit";
import { rawRequest } from "../support/raw-http";
import { apiError, NO_RETRIES, useEmulator } from "../support/emulator";

const t = useEmulator();
const get = (path: string, token: string | undefined = t.emulator.token) =>
  rawRequest({
    method: "GET",
    url: `${t.emulator.url}${path}`,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
const createVpc = (label: string) => t.client.api.createVpc({ body: { label, region: "us-iad" } });
const rateHeaders = (headers: Record<string, unknown>) => ({
  limit: headers["x-ratelimit-limit"],
  remaining: headers["x-ratelimit-remaining"],
});

describe("defaults", () => {
  it("are off, with the real API's numbers ready: no X-RateLimit headers", async () => {
    await expect(t.control.rateLimits()).resolves.toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.enabled).toBe(false);
    const answer = await get("/vpcs");
    expect(answer.status).toBe(200);
    expect(answer.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("give each command its window: general 800/2 min, 400/min, paginated 200/min, dedicated ones", () => {
    const limitOf = (method: "GET" | "POST", path: string) =>
      rulesFor(DEFAULT_RATE_LIMITS, endpoint({ name: "x", method, path, summary: "" })).map(
        (r) => `${r.limit}/${r.window_ms / 1000}s`,
      );
    expect(rulesFor(DEFAULT_RATE_LIMITS, vpcEndpoints.listVpcs).map((r) => r.limit)).toEqual([800, 200]);
    expect(rulesFor(DEFAULT_RATE_LIMITS, vpcEndpoints.createVpc).map((r) => r.limit)).toEqual([800, 400]);
    expect(rulesFor(DEFAULT_RATE_LIMITS, vpcEndpoints.getVpc).map((r) => r.limit)).toEqual([800, 400]);
    expect(limitOf("POST", "/compute/instances")).toEqual(["800/120s", "10/30s"]);
    expect(limitOf("POST", "/compute/instances/{computeId}/clone")).toEqual(["800/120s", "10/30s"]);
    expect(limitOf("GET", "/images")).toEqual(["800/120s", "20/60s"]);
    expect(limitOf("GET", "/compute/instances/{computeId}/stats")).toEqual(["800/120s", "50/60s"]);
    expect(limitOf("GET", "/compute/instances/{computeId}/stats/{year}/{month}")).toEqual([
      "800/120s",
      "50/60s",
    ]);
    expect(rulesFor(DEFAULT_RATE_LIMITS, undefined).map((r) => r.id)).toEqual(["general"]);
  });
});

describe("when on", () => {
  beforeEach(() => t.control.setRateLimits({ enabled: true }));

  it("puts X-RateLimit-Limit, -Remaining and -Reset on every answer, 2xx and 4xx", async () => {
    const list = await get("/vpcs");
    expect(rateHeaders(list.headers)).toEqual({ limit: "200", remaining: "199" });
    expect(rateHeaders((await get("/vpcs")).headers)).toEqual({ limit: "200", remaining: "198" });
    const missing = await get("/vpcs/999");
    expect(missing.status).toBe(404);
    expect(rateHeaders(missing.headers)).toEqual({ limit: "400", remaining: "399" });
    const badQuery = await get("/vpcs?page_size=1");
    expect(badQuery.status).toBe(400);
    expect(badQuery.headers["x-ratelimit-limit"]).toBe("200");
    const unknown = await get("/no-such-thing");
    expect(unknown.status).toBe(404);
    expect(rateHeaders(unknown.headers)).toEqual({ limit: "800", remaining: String(800 - 5) });
  });

  it("sets X-RateLimit-Reset to when the window reopens in real time, in epoch seconds, however fast the clock runs", async () => {
    await t.control.clock({ advance_ms: 3_600_000 });
    const resetIn = async () => Number((await get("/vpcs")).headers["x-ratelimit-reset"]) - Date.now() / 1000;
    expect(await resetIn()).toBeGreaterThanOrEqual(59);
    expect(await resetIn()).toBeLessThanOrEqual(61);
    await t.control.setRateLimits({ paginated: { limit: 200, window_ms: 60_000 } });
    await t.control.clock({ scale: 10 });
    try {
      expect(await resetIn()).toBeGreaterThanOrEqual(5);
      expect(await resetIn()).toBeLessThanOrEqual(7);
    } finally {
      await t.control.clock({ scale: 1 });
    }
  });

  it("answers 429 Too many requests with Retry-After over a command's limit; advancing the clock clears it", async () => {
    await t.control.setRateLimits({ command: { limit: 3, window_ms: 60_000 } });
    for (const label of ["a", "b", "c"]) await createVpc(label);
    const err = await apiError(createVpc("d"), 429);
    expect(err.errors).toEqual([{ reason: "Too many requests" }]);
    const raw = await rawRequest({
      method: "POST",
      url: `${t.emulator.url}/vpcs`,
      headers: { Authorization: `Bearer ${t.emulator.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ label: "d", region: "us-iad" }),
    });
    expect(raw.status).toBe(429);
    expect(JSON.parse(raw.text)).toEqual({ errors: [{ reason: "Too many requests" }] });
    expect(raw.headers["retry-after"]).toMatch(/^\d+$/);
    expect(Number(raw.headers["retry-after"])).toBeGreaterThanOrEqual(59);
    expect(Number(raw.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(rateHeaders(raw.headers)).toEqual({ limit: "3", remaining: "0" });
    // Another command has its own window.
    await expect(t.client.api.listVpcs()).resolves.toMatchObject({ results: 3 });

    await t.control.clock({ advance_ms: 60_000 });
    await expect(createVpc("d")).resolves.toMatchObject({ label: "d" });
  });

  it("counts every request against the general limit", async () => {
    await t.control.setRateLimits({ general: { limit: 4, window_ms: 120_000 } });
    await t.client.api.listVpcs();
    await t.client.api.listRegions();
    await createVpc("a");
    await apiError(t.client.api.getVpc({ params: { vpcId: 999 } }), 404);
    await apiError(t.client.api.listRegions(), 429);
    await t.control.clock({ advance_ms: 120_000 });
    await expect(t.client.api.listRegions()).resolves.toMatchObject({ page: 1 });
  });

  it("counts per token, and per IP for calls without a valid token", async () => {
    await t.control.setRateLimits({ paginated: { limit: 2, window_ms: 60_000 } });
    const other = await t.control.seedUser({ username: "other" });
    for (let i = 0; i < 2; i++) await t.client.api.listRegions();
    await apiError(t.client.api.listRegions(), 429);
    await expect(t.clientFor(other.token).api.listRegions()).resolves.toMatchObject({ page: 1 });
    await expect(t.anonymous.api.listRegions()).resolves.toMatchObject({ page: 1 });
    expect((await get("/regions", "not-a-token")).status).toBe(200); // same IP window as anonymous
    expect((await get("/regions", undefined)).status).toBe(429);
  });

  it("tells a client to wait in real seconds when the clock runs faster", async () => {
    await t.control.setRateLimits({ paginated: { limit: 1, window_ms: 60_000 } });
    await t.control.clock({ scale: 10 });
    try {
      await get("/vpcs");
      const limited = await get("/vpcs");
      expect(limited.status).toBe(429);
      expect(limited.headers["retry-after"]).toBe("6");
    } finally {
      await t.control.clock({ scale: 1 });
    }
  });

  it("starts windows over on reset, and DELETE restores the startup settings", async () => {
    await t.control.setRateLimits({ command: { limit: 1, window_ms: 60_000 } });
    await createVpc("a");
    await apiError(createVpc("b"), 429);
    await t.control.reset();
    await expect(t.control.rateLimits()).resolves.toMatchObject({ enabled: false });
    await t.control.setRateLimits({ enabled: true, command: { limit: 1, window_ms: 60_000 } });
    await expect(createVpc("b")).resolves.toMatchObject({ label: "b" });
    await expect(t.control.resetRateLimits()).resolves.toEqual(DEFAULT_RATE_LIMITS);
  });

  it("rejects invalid settings with a 400 naming the field", async () => {
    const err = (await t.control
      .setRateLimits({ command: { limit: 0, window_ms: 1000 } })
      .catch((e: unknown) => e)) as AxiosError;
    expect(err.response?.status).toBe(400);
    expect(err.response?.data).toMatchObject({ errors: [{ field: "command.limit" }] });
  });
});

it("are on from the start when the emulator starts with rate limits, and reset keeps them on", async () => {
  const emulator = await startEmulator({ rateLimits: { paginated: { limit: 1, window_ms: 60_000 } } });
  try {
    const client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: NO_RETRIES });
    await client.api.listRegions();
    await apiError(client.api.listRegions(), 429);
    emulator.reset();
    await client.api.listRegions();
    await apiError(client.api.listRegions(), 429);
  } finally {
    await emulator.close();
  }
});
