/** The client against the emulator: retries (which, how many), error rendering, paging, contract checks. */
import * as http from "node:http";
import { inspect } from "node:util";
import type { AddressInfo } from "node:net";
import { AxiosError, AxiosHeaders } from "axios";
import { collect, ComputeApiError, ComputeClient, ContractViolationError } from "../../src/client";
import { Pacer } from "../../src/client/pacer";
import { PacedCall } from "../../src/client/pacing";
import {
  DEFAULT_RETRY_POLICY,
  mayRetry,
  outcomeUnknown,
  retryDelay,
  shouldRetry,
} from "../../src/client/retry";
import { vpcEndpoints } from "../../src/contract";
import { apiError, useEmulator } from "../support/emulator";

const t = useEmulator();
const retrying = (retries?: number) => t.retrying(retries);
const attempts = async (method: string) => (await t.control.requests()).filter((r) => r.method === method);

describe("retries", () => {
  it("retries 429 on any method after its Retry-After, and a POST's write happens once", async () => {
    await t.control.injectFault({ status: 429, count: 2, retry_after: 0 });
    await expect(retrying().api.createVpc({ body: { label: "a", region: "us-iad" } })).resolves.toMatchObject(
      { label: "a" },
    );
    expect((await attempts("POST")).map((r) => r.status)).toEqual([429, 429, 200]);
    await expect(t.client.api.listVpcs()).resolves.toMatchObject({ results: 1 });
  });

  it.each([500, 502, 503, 504, 0])(
    "retries %s (0: dropped connection) for GET, PUT and DELETE",
    async (status) => {
      const { id } = await t.client.api.createVpc({ body: { label: "a", region: "us-iad" } });
      await t.control.clearRequests();
      for (const method of ["GET", "PUT", "DELETE"]) await t.control.injectFault({ status, method });
      const client = retrying();
      await expect(client.api.getVpc({ params: { vpcId: id } })).resolves.toMatchObject({ id });
      await expect(
        client.api.updateVpc({ params: { vpcId: id }, body: { label: "b" } }),
      ).resolves.toMatchObject({
        label: "b",
      });
      await client.api.deleteVpc({ params: { vpcId: id } });
      expect((await t.control.requests()).map((r) => `${r.method} ${r.status}`)).toEqual([
        `GET ${status}`,
        "GET 200",
        `PUT ${status}`,
        "PUT 200",
        `DELETE ${status}`,
        "DELETE 200",
      ]);
    },
  );

  it.each([500, 502, 503, 504, 0])(
    "does not repeat a POST answered %s: the API may have acted",
    async (status) => {
      await t.control.injectFault({ status, method: "POST" });
      const err = await apiError(
        retrying().api.createVpc({ body: { label: "a", region: "us-iad" } }),
        status,
      );
      expect(err.outcomeUnknown).toBe(true);
      expect(await attempts("POST")).toHaveLength(1);
    },
  );

  it("retries a 429 with no count limit, however few retries the policy allows others", async () => {
    await t.control.injectFault({ status: 429, count: 10, retry_after: 0 });
    await expect(retrying(2).api.listVpcs()).resolves.toMatchObject({ results: 0 });
    expect((await attempts("GET")).map((r) => r.status)).toEqual([...Array(10).fill(429), 200]);
  });

  it("gives up on a 429 at the call's deadline, saying how long it tried", async () => {
    await t.control.injectFault({ status: 429, count: 1000, retry_after: 0 });
    const client = new ComputeClient({
      baseUrl: t.emulator.url,
      token: t.emulator.token,
      // Long enough for several attempts on a loaded machine (one request may take 100 ms there).
      retry: { baseDelayMs: 1, maxDelayMs: 5, throttleTimeoutMs: 1_000 },
    });
    const err = await apiError(client.api.listVpcs(), 429);
    expect(err.message).toMatch(
      /^\[429\] Too many requests \(GET \/vpcs\); throttled past the deadline \(after [01]s, \d+ attempts\)$/,
    );
    expect((await attempts("GET")).length).toBeGreaterThan(2);
  });

  it("gives up after its budget on other failures and reports the last status", async () => {
    await t.control.injectFault({ status: 503, count: 10 });
    const err = await apiError(retrying(2).api.listVpcs(), 503);
    expect(err.message).toMatch(/^\[503\] Service unavailable/);
    expect(await attempts("GET")).toHaveLength(3);
  });

  it("does not retry validation errors, whose outcome is known", async () => {
    const err = await apiError(
      retrying().api.createVpc({ body: { label: "bad label", region: "us-iad" } }),
      400,
    );
    expect(err.outcomeUnknown).toBe(false);
    expect(await attempts("POST")).toHaveLength(1);
  });

  it("gets every GET through a seeded profile of drops and server errors", async () => {
    await t.control.setFaultProfile({
      drop_rate: 0.2,
      error_rate: 0.3,
      error_statuses: [500, 502, 503, 504],
      seed: 7,
    });
    const client = retrying(12);
    for (let i = 0; i < 10; i++) await expect(client.api.listRegions()).resolves.toMatchObject({ page: 1 });
    const log = (await t.control.requests()).map((r) => r.status);
    expect(log.filter((s) => s === 200)).toHaveLength(10);
    expect(log).toContain(0);
    expect(log.some((s) => s >= 500)).toBe(true);
  });

  const failure = (
    method: string,
    status?: number,
    headers: Record<string, string> = {},
    code?: string,
    data: unknown = { errors: [] },
  ) => {
    const config = { method, headers: new AxiosHeaders() };
    const response = status === undefined ? undefined : { status, statusText: "", headers, config, data };
    return new AxiosError("failed", code, config as never, undefined, response as never);
  };

  it.each([
    ["post", 429, {}, undefined, true],
    ["get", 408, {}, undefined, true],
    ["post", 408, {}, undefined, false],
    ["get", 500, {}, undefined, true],
    ["put", 502, {}, undefined, true],
    ["delete", 504, {}, undefined, true],
    ["post", 500, {}, undefined, false],
    ["get", 503, {}, undefined, true],
    ["post", 503, {}, undefined, false],
    ["get", 503, { "x-maintenance-mode": "1" }, undefined, false],
    ["get", 501, {}, undefined, false],
    ["get", undefined, {}, "ECONNRESET", true],
    ["get", undefined, {}, "ECONNABORTED", true],
    ["post", undefined, {}, "ECONNRESET", false],
    ["post", undefined, {}, "ECONNABORTED", false],
    ["post", undefined, {}, "ECONNREFUSED", true],
  ])("%s answered %s %j (%s): retry %s", (method, status, headers, code, expected) => {
    expect(shouldRetry(failure(method, status, headers, code))).toBe(expected);
  });

  describe("counts on the call", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, retries: 2 };
    const attemptOf = (call: PacedCall, status: number, data?: unknown) => {
      const err = failure("post", status, {}, undefined, data);
      err.config!.paced = call;
      return err;
    };

    it("retries a 429 until the call's deadline, with no count limit", () => {
      const call = new PacedCall("POST /vpcs", 10_000, 0);
      for (let i = 0; i < 50; i++)
        expect(mayRetry(policy, new Pacer(), attemptOf(call, 429), 9_999)).toBe(true);
      expect(mayRetry(policy, new Pacer(), attemptOf(call, 429), 10_000)).toBe(false);
      expect(call).toMatchObject({ throttled: 50, retries: 0, outOfTime: true });
    });

    it("does not retry a 429 whose class reopens after the deadline", async () => {
      const pacer = new Pacer();
      const pass = await pacer.acquire("POST /vpcs", Number.MAX_SAFE_INTEGER);
      pacer.settle(pass, { status: 429, retryAfterMs: 60_000 });
      const call = new PacedCall("POST /vpcs", Date.now() + 30_000);
      expect(mayRetry(policy, pacer, attemptOf(call, 429))).toBe(false);
      expect(call.outOfTime).toBe(true);
    });

    it("retries the busy error `retries` times", () => {
      const call = new PacedCall("POST /vpcs", Number.MAX_SAFE_INTEGER);
      const busy = { errors: [{ reason: "Compute instance busy." }] };
      expect([1, 2, 3].map(() => mayRetry(policy, new Pacer(), attemptOf(call, 400, busy)))).toEqual([
        true,
        true,
        false,
      ]);
    });
  });

  it("retries the busy error for a POST", () => {
    const busy = { errors: [{ reason: "Compute instance busy." }] };
    expect(shouldRetry(failure("post", 400, {}, undefined, busy))).toBe(true);
  });

  it.each([
    [500, undefined, true],
    [502, undefined, true],
    [408, undefined, true],
    [0, "ECONNRESET", true],
    [0, "ECONNABORTED", true],
    [0, "ECONNREFUSED", false],
    [400, undefined, false],
    [429, undefined, false],
    [404, undefined, false],
  ])("a failed write answered %s (%s) has an unknown outcome: %s", (status, code, expected) => {
    expect(outcomeUnknown(status, code)).toBe(expected);
  });

  it("waits at least Retry-After, within the cap", () => {
    expect(
      retryDelay(DEFAULT_RETRY_POLICY, 1, failure("get", 429, { "retry-after": "7" })),
    ).toBeGreaterThanOrEqual(7000);
    expect(retryDelay(DEFAULT_RETRY_POLICY, 1, failure("get", 429, { "retry-after": "600" }))).toBe(30_000);
    const backoff = retryDelay({ ...DEFAULT_RETRY_POLICY, baseDelayMs: 100 }, 3, failure("get", 429));
    expect(backoff).toBeGreaterThanOrEqual(200);
    expect(backoff).toBeLessThanOrEqual(400);
  });
});

describe("errors", () => {
  it("render as [status] [field] reason and keep the items", async () => {
    const err = await apiError(
      t.client.api.createVpc({ body: { label: "", region: "us-iad", description: "d".repeat(300) } }),
      400,
    );
    expect(err.message).toBe(
      "[400] [label] label must be 1..64 characters; [description] description must be at most 255 characters (POST /vpcs)",
    );
    expect(err.forField("label")).toHaveLength(1);
  });

  it("never carry the token, however they are printed", async () => {
    const err = await apiError(t.client.api.getVpc({ params: { vpcId: 42 } }), 404);
    for (const text of [
      err.message,
      String(err),
      JSON.stringify(err),
      inspect(err, { depth: 10 }),
      err.stack ?? "",
    ]) {
      expect(text).not.toContain(t.emulator.token);
    }
  });

  it("report network failures with status 0", async () => {
    const client = new ComputeClient({
      baseUrl: "http://127.0.0.1:1/v4",
      token: "secret-token",
      retry: { retries: 0 },
    });
    const err = await apiError(client.api.listVpcs(), 0);
    expect(err.message).toMatch(/^\[network\] ECONNREFUSED/);
    expect(inspect(err, { depth: 10 })).not.toContain("secret-token");
  });
});

describe("lists", () => {
  it("iterate every page", async () => {
    for (let i = 0; i < 60; i++) await t.client.api.createVpc({ body: { label: `v${i}`, region: "us-iad" } });
    await t.control.clearRequests();
    const all = await collect(t.client.each(vpcEndpoints.listVpcs, { query: { page_size: 25 } }));
    expect(all).toHaveLength(60);
    expect(new Set(all.map((v) => v.id)).size).toBe(60);
    expect((await t.control.requests()).map((r) => r.path)).toEqual(["/vpcs", "/vpcs", "/vpcs"]);
  });

  it("come whole in pages of 500 up to a number of pages, else undefined after one request", async () => {
    for (let i = 0; i < 3; i++) await t.client.api.createVpc({ body: { label: `w${i}`, region: "us-iad" } });
    await t.control.clearRequests();
    const all = await t.client.upTo(vpcEndpoints.listVpcs, {}, 1);
    expect(all?.map((v) => v.label).sort()).toEqual(["w0", "w1", "w2"]);
    expect(await t.client.upTo(vpcEndpoints.listVpcs, {}, 0)).toBeUndefined();
    expect((await t.control.requests()).map((r) => r.path)).toEqual(["/vpcs", "/vpcs"]);
  });
});

describe("contract", () => {
  it("rejects an answer that does not match the record schema", async () => {
    const server = http.createServer((_req, res) => {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ id: "not-a-number", label: "x" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new ComputeClient({
        baseUrl: `http://127.0.0.1:${port}/v4`,
        token: "t",
        retry: { retries: 0 },
      });
      await expect(client.api.getVpc({ params: { vpcId: 1 } })).rejects.toBeInstanceOf(
        ContractViolationError,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("is what ComputeApiError is for: 404 is recognisable", async () => {
    const err = await apiError(t.client.api.getVpc({ params: { vpcId: 5 } }), 404);
    expect(err).toBeInstanceOf(ComputeApiError);
    expect(err.isNotFound).toBe(true);
  });
});
