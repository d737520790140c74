/** The client against the emulator: retries (which, how many), error rendering, paging, contract checks. */
import * as http from "node:http";
import { inspect } from "node:util";
import type { AddressInfo } from "node:net";
import { AxiosError, AxiosHeaders } from "axios";
import { collect, ComputeApiError, ComputeClient, ContractViolationError } from "../../src/client";
import { DEFAULT_RETRY_POLICY } from "../../src/client/retry";
import { retryDelay, shouldRetry } from "../../src/client/retry";
import { vpcEndpoints } from "../../src/contract";
import { apiError, useEmulator } from "../support/emulator";

const t = useEmulator();
const retrying = (retries?: number) => t.retrying(retries);
const attempts = async (method: string) => (await t.control.requests()).filter((r) => r.method === method);

describe("retries", () => {
  it("retries 429 on any method, until the request goes through", async () => {
    await t.control.injectFault({ status: 429, count: 2, retry_after: 0 });
    await expect(retrying().api.createVpc({ body: { label: "a", region: "us-iad" } })).resolves.toMatchObject(
      { label: "a" },
    );
    expect((await attempts("POST")).map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it("retries 503 and dropped connections for GET", async () => {
    await t.control.injectFault({ status: 503, count: 1, method: "GET" });
    await t.control.injectFault({ status: 0, count: 1, method: "GET" });
    await expect(retrying().api.listVpcs()).resolves.toMatchObject({ results: 0 });
    expect((await attempts("GET")).map((r) => r.status)).toEqual([503, 0, 200]);
  });

  it("does not retry 503 for POST: the API may have acted", async () => {
    await t.control.injectFault({ status: 503, count: 1, method: "POST" });
    await apiError(retrying().api.createVpc({ body: { label: "a", region: "us-iad" } }), 503);
    expect(await attempts("POST")).toHaveLength(1);
  });

  it("gives up after its budget and reports the last status", async () => {
    await t.control.injectFault({ status: 429, count: 10, retry_after: 0 });
    const err = await apiError(retrying(2).api.listVpcs(), 429);
    expect(err.message).toMatch(/^\[429\] Too many requests/);
    expect(await attempts("GET")).toHaveLength(3);
  });

  it("does not retry validation errors", async () => {
    await apiError(retrying().api.createVpc({ body: { label: "bad label", region: "us-iad" } }), 400);
    expect(await attempts("POST")).toHaveLength(1);
  });

  const failure = (
    status: number,
    method: string,
    headers: Record<string, string> = {},
    data: unknown = {},
  ) =>
    new AxiosError("x", "ERR", { method, headers: new AxiosHeaders() } as never, undefined, {
      status,
      data,
      headers,
      statusText: "",
      config: {} as never,
    });

  it("classifies statuses by method", () => {
    expect(shouldRetry(failure(408, "get"))).toBe(true);
    expect(shouldRetry(failure(408, "post"))).toBe(false);
    expect(shouldRetry(failure(503, "get", { "x-maintenance-mode": "1" }))).toBe(false);
    expect(shouldRetry(failure(400, "post", {}, { errors: [{ reason: "Compute instance busy." }] }))).toBe(
      true,
    );
    expect(shouldRetry(failure(500, "get"))).toBe(false);
  });

  it("waits at least Retry-After, within the cap", () => {
    expect(
      retryDelay(DEFAULT_RETRY_POLICY, 1, failure(429, "get", { "retry-after": "7" })),
    ).toBeGreaterThanOrEqual(7000);
    expect(retryDelay(DEFAULT_RETRY_POLICY, 1, failure(429, "get", { "retry-after": "600" }))).toBe(30_000);
    expect(retryDelay(DEFAULT_RETRY_POLICY, 1, failure(429, "get"))).toBeLessThanOrEqual(500);
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
