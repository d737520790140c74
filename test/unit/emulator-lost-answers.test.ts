/** Faults after the work (lost answers) and throttling: queued and in the standing profile. */
import axios, { type AxiosError } from "axios";
import { ComputeApiError } from "../../src/client";
import { RATE_LIMITED_REASON } from "../../src/contract";
import { parseFaultsFlag } from "../../src/emulator/cli-flags";
import { apiError, useEmulator } from "../support/emulator";

const t = useEmulator();
const createVpc = (label: string) => t.client.api.createVpc({ body: { label, region: "us-iad" } });
const vpcCount = async () => (await t.client.api.listVpcs()).results;
/** The status the client saw: 200, the error's status, 0 for a dropped connection. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof ComputeApiError ? e.status : -1),
  );
const posts = async () => (await t.control.requests()).filter((r) => r.method === "POST");
/** The control API's 400 for a rejected body. */
const rejected = async (request: Promise<unknown>) => {
  const err = (await request.catch((e: unknown) => e)) as AxiosError<{ errors: { field?: string }[] }>;
  expect(err.response?.status).toBe(400);
  return err.response!.data.errors;
};

describe("queued lost answers", () => {
  it("creates the VPC, answers 502, and logs status 502 handled 200", async () => {
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/vpcs" });
    const err = await apiError(createVpc("lost-502"), 502);
    expect(err.errors).toEqual([{ reason: "Bad gateway (injected fault)" }]);
    const listed = await t.client.api.listVpcs();
    expect(listed.data.map((v) => v.label)).toEqual(["lost-502"]);
    expect(await t.control.requests()).toEqual([
      { method: "POST", path: "/vpcs", status: 502, handled: 200 },
      { method: "GET", path: "/vpcs", status: 200 },
    ]);
  });

  it("with status 0 drops the connection after creating the VPC", async () => {
    await t.control.injectFault({ status: 0, lost: true, method: "POST" });
    const err = await apiError(createVpc("lost-drop"), 0);
    expect(err.errors[0]!.reason).toMatch(/ECONNRESET|socket hang up/);
    await expect(vpcCount()).resolves.toBe(1);
    expect((await posts())[0]).toEqual({ method: "POST", path: "/vpcs", status: 0, handled: 200 });
  });

  it("deletes the VPC although the client saw 504", async () => {
    const vpc = await createVpc("doomed");
    await t.control.injectFault({ status: 504, lost: true, method: "DELETE" });
    await apiError(t.client.api.deleteVpc({ params: { vpcId: vpc.id } }), 504);
    await apiError(t.client.api.getVpc({ params: { vpcId: vpc.id } }), 404);
    const deletes = (await t.control.requests()).filter((r) => r.method === "DELETE");
    expect(deletes).toEqual([{ method: "DELETE", path: `/vpcs/${vpc.id}`, status: 504, handled: 200 }]);
  });

  it("replaces an error answer too: a 400 becomes the injected status, nothing is created", async () => {
    await t.control.injectFault({ status: 502, lost: true, method: "POST" });
    await apiError(t.client.api.createVpc({ body: { label: "", region: "us-iad" } }), 502);
    await expect(vpcCount()).resolves.toBe(0);
    expect(await posts()).toEqual([{ method: "POST", path: "/vpcs", status: 502, handled: 400 }]);
  });

  it("is used once per count, then requests are answered normally", async () => {
    await t.control.injectFault({ status: 503, lost: true, count: 2, method: "POST" });
    const seen = [];
    for (const label of ["a", "b", "c"]) seen.push(await outcome(createVpc(label)));
    expect(seen).toEqual([503, 503, 200]);
    await expect(vpcCount()).resolves.toBe(3);
  });

  it("rejects a lost that is not a boolean, naming the field", async () => {
    const errors = await rejected(t.control.injectFault({ status: 502, lost: "yes" as never }));
    expect(errors.map((e) => e.field)).toEqual(["lost"]);
  });
});

describe("profile lost answers", () => {
  it("reports its defaults", async () => {
    await expect(t.control.setFaultProfile({ lost_rate: 0.5, seed: 1 })).resolves.toEqual({
      error_rate: 0,
      error_statuses: [503, 500],
      latency_ms: 0,
      latency_jitter_ms: 0,
      drop_rate: 0,
      throttle_rate: 0,
      throttle_retry_after: 1,
      lost_rate: 0.5,
      lost_statuses: [502, 504, 0],
      seed: 1,
    });
  });

  it("at lost_rate 1 carries out every create and loses every answer", async () => {
    await t.control.setFaultProfile({ lost_rate: 1, method: "POST", path: "/vpcs", seed: 3 });
    const seen = [];
    for (let i = 0; i < 8; i++) seen.push(await outcome(createVpc(`all-${i}`)));
    expect(seen.every((s) => [502, 504, 0].includes(s))).toBe(true);
    await expect(vpcCount()).resolves.toBe(8);
    const log = await posts();
    expect(log).toHaveLength(8);
    expect(log.map((r) => r.status)).toEqual(seen);
    expect(log.every((r) => r.handled === 200)).toBe(true);
  });

  it("is seeded: the same seed gives the same lost answers, every create is carried out", async () => {
    const run = async (seed: number) => {
      t.emulator.reset();
      await t.control.setFaultProfile({ lost_rate: 0.3, seed, method: "POST" });
      const seen = [];
      for (let i = 0; i < 20; i++) seen.push(await outcome(createVpc(`seeded-${i}`)));
      const log = (await posts()).map((r) => `${r.status}/${r.handled ?? "-"}`);
      await expect(vpcCount()).resolves.toBe(20);
      return { seen, log };
    };
    const first = await run(42);
    expect(new Set(first.seen).has(200)).toBe(true);
    expect(first.seen.some((s) => s !== 200)).toBe(true);
    expect(first.log.filter((l) => l.endsWith("/200")).length).toBe(
      first.seen.filter((s) => s !== 200).length,
    );
    expect(await run(42)).toEqual(first);
    expect((await run(43)).seen).not.toEqual(first.seen);
  });

  it("yields to drops and errors: an error_rate of 1 answers before any work", async () => {
    await t.control.setFaultProfile({ error_rate: 1, error_statuses: [503], lost_rate: 1, method: "POST" });
    await apiError(createVpc("never"), 503);
    await expect(vpcCount()).resolves.toBe(0);
    expect(await posts()).toEqual([{ method: "POST", path: "/vpcs", status: 503 }]);
  });

  it("is overridden by a queued fault for its request", async () => {
    await t.control.setFaultProfile({ lost_rate: 1, lost_statuses: [504], method: "POST" });
    await t.control.injectFault({ status: 500, method: "POST" });
    await apiError(createVpc("queued"), 500);
    await expect(vpcCount()).resolves.toBe(0);
    await apiError(createVpc("profile"), 504);
    await expect(vpcCount()).resolves.toBe(1);
  });

  it("rejects lost_rate outside 0..1 and lost_statuses other than 5xx or 0, naming the field", async () => {
    await expect(rejected(t.control.setFaultProfile({ lost_rate: 2 }))).resolves.toEqual([
      { reason: "lost_rate must be 0..1", field: "lost_rate" },
    ]);
    await expect(rejected(t.control.setFaultProfile({ lost_statuses: [404] }))).resolves.toEqual([
      { reason: "lost_statuses must be 500..599 or 0", field: "lost_statuses[0]" },
    ]);
    const empty = await rejected(t.control.setFaultProfile({ lost_statuses: [] }));
    expect(empty.map((e) => e.field)).toEqual(["lost_statuses"]);
  });
});

describe("profile throttling", () => {
  it("answers 429 with Retry-After throttle_retry_after and the rate limiter's reason; nothing is done", async () => {
    await t.control.setFaultProfile({ throttle_rate: 1, throttle_retry_after: 2, method: "POST" });
    const res = await axios.post(
      `${t.emulator.url}/vpcs`,
      { label: "throttled", region: "us-iad" },
      { headers: { Authorization: `Bearer ${t.emulator.token}` }, validateStatus: () => true },
    );
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.data).toEqual({ errors: [{ reason: RATE_LIMITED_REASON }] });
    await expect(vpcCount()).resolves.toBe(0);
    expect(await posts()).toEqual([{ method: "POST", path: "/vpcs", status: 429 }]);
  });

  it("comes before errors and lost answers; throttle_retry_after 0 is allowed", async () => {
    await t.control.setFaultProfile({
      throttle_rate: 1,
      throttle_retry_after: 0,
      error_rate: 1,
      lost_rate: 1,
    });
    const err = await apiError(createVpc("throttled"), 429);
    expect(err.errors).toEqual([{ reason: RATE_LIMITED_REASON }]);
    await t.control.clearFaultProfile();
    await expect(vpcCount()).resolves.toBe(0);
  });

  it("rejects a negative or fractional throttle_retry_after, and throttle_rate outside 0..1", async () => {
    for (const profile of [
      { throttle_retry_after: -1 },
      { throttle_retry_after: 1.5 },
      { throttle_rate: -0.1 },
    ]) {
      const errors = await rejected(t.control.setFaultProfile(profile));
      expect(errors.map((e) => e.field)).toEqual(Object.keys(profile));
    }
  });
});

describe("--faults with the new fields", () => {
  it("takes throttling and lost answers", () => {
    expect(
      parseFaultsFlag(
        '{"lost_rate":0.2,"lost_statuses":[500,0],"throttle_rate":0.1,"throttle_retry_after":0}',
      ),
    ).toMatchObject({ lost_rate: 0.2, lost_statuses: [500, 0], throttle_rate: 0.1, throttle_retry_after: 0 });
  });

  it.each([
    ['{"lost_rate":-1}', /--faults: lost_rate: lost_rate must be 0\.\.1/],
    ['{"lost_statuses":[404]}', /lost_statuses\[0\]: lost_statuses must be 500\.\.599 or 0/],
    ['{"throttle_retry_after":"soon"}', /throttle_retry_after: throttle_retry_after must be an integer/],
  ])("rejects %s", (value, message) => {
    expect(() => parseFaultsFlag(value)).toThrow(message);
  });
});
