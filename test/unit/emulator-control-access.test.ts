/**
 * The control API beyond loopback: without the emulator's token every call is a 401 in the API's
 * error shape and changes nothing; `ControlClient` with the token drives it. On loopback it stays open.
 */
import { ComputeClient, ControlClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { isLoopback } from "../../src/emulator/control-access";
import { rawRequest } from "../support/raw-http";

const TOKEN = "control-access-test-token";
const INVALID = { errors: [{ reason: "Invalid Token" }] };

/** Every call of the control API, and a path it does not know. */
const CALLS: [string, string, unknown?][] = [
  ["GET", "/health"],
  ["POST", "/reset"],
  ["POST", "/users", { username: "intruder" }],
  ["GET", "/codes"],
  ["GET", "/events"],
  ["GET", "/requests"],
  ["DELETE", "/requests"],
  ["GET", "/clock"],
  ["POST", "/clock", { advance_ms: 60_000 }],
  ["GET", "/timings"],
  ["POST", "/timings", { "instance.boot": 1 }],
  ["POST", "/faults", { status: 503, count: 1 }],
  ["DELETE", "/faults"],
  ["GET", "/faults/profile"],
  ["POST", "/faults/profile", { error_rate: 1 }],
  ["DELETE", "/faults/profile"],
  ["GET", "/rate-limits"],
  ["POST", "/rate-limits", { enabled: true }],
  ["DELETE", "/rate-limits"],
  ["GET", "/openapi.json"],
  ["GET", "/nope"],
];

async function call(
  emulator: Emulator,
  method: string,
  path: string,
  body?: unknown,
  authorization?: string,
) {
  const answer = await rawRequest({
    method,
    url: `${emulator.controlUrl}${path}`,
    headers: {
      "Content-Type": "application/json",
      ...(authorization === undefined ? {} : { Authorization: authorization }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: answer.status,
    type: answer.headers["content-type"],
    body: JSON.parse(answer.text) as unknown,
  };
}

it("tells loopback addresses from the others", () => {
  const loopback = ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"];
  const beyond = ["0.0.0.0", "::", "10.0.0.5", "192.168.1.2", "::ffff:10.0.0.5", "fe80::1", "128.0.0.1"];
  expect(loopback.filter((a) => !isLoopback(a))).toEqual([]);
  expect(beyond.filter(isLoopback)).toEqual([]);
});

describe("an emulator listening beyond loopback", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ host: "0.0.0.0", token: TOKEN });
  });
  beforeEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it("answers every control call 401 without the token, with a wrong one or another user's", async () => {
    const seeded = await new ControlClient(emulator.controlUrl, TOKEN).seedUser({ username: "other" });
    const refusals = [undefined, "Bearer wrong", `Bearer ${seeded.token}`, `Basic ${TOKEN}`, TOKEN];
    for (const authorization of refusals) {
      for (const [method, path, body] of CALLS) {
        const answer = await call(emulator, method, path, body, authorization);
        expect([method, path, authorization, answer]).toEqual([
          method,
          path,
          authorization,
          { status: 401, type: "application/json", body: INVALID },
        ]);
      }
    }
  });

  it("changes nothing on a refused call", async () => {
    const api = new ComputeClient({ baseUrl: emulator.url, token: TOKEN, retry: { retries: 0 } });
    const vpc = await api.api.createVpc({ body: { label: "kept", region: "us-iad" } });
    const control = new ControlClient(emulator.controlUrl, TOKEN);
    const { now } = await control.clock();
    for (const [method, path, body] of CALLS) await call(emulator, method, path, body);
    await expect(api.api.getVpc({ params: { vpcId: vpc.id } })).resolves.toMatchObject({ label: "kept" });
    // The clock runs on at real speed, but was not advanced by the refused 60 s.
    const elapsed = Date.parse((await control.clock()).now) - Date.parse(now);
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(30_000);
    await expect(control.faultProfile()).resolves.toBeNull();
    await expect(control.rateLimits()).resolves.toMatchObject({ enabled: false });
  });

  it("is driven by a ControlClient given the token, and serves the API as before", async () => {
    const control = new ControlClient(emulator.controlUrl, TOKEN);
    const { token } = await control.seedUser({ username: "seeded" });
    const seeded = new ComputeClient({ baseUrl: emulator.url, token, retry: { retries: 0 } });
    await seeded.api.createVpc({ body: { label: "net", region: "us-iad" } });
    expect(await control.events({ action: "vpc_create" })).toHaveLength(1);
    await control.reset();
    expect(await control.events()).toEqual([]);
    await expect(ControlClient.forApi(emulator.url, TOKEN).requests()).resolves.toEqual([]);
    await expect(new ControlClient(emulator.controlUrl).reset()).rejects.toMatchObject({
      response: { status: 401, data: INVALID },
    });
  });
});

describe("an emulator on loopback", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ token: TOKEN });
  });
  afterAll(() => emulator.close());

  it("answers the control API without a token", async () => {
    expect(await call(emulator, "GET", "/health")).toMatchObject({ status: 200, body: { ok: true } });
    await expect(new ControlClient(emulator.controlUrl).reset()).resolves.toBeUndefined();
    await expect(new ControlClient(emulator.controlUrl, TOKEN).clock()).resolves.toMatchObject({ scale: 1 });
  });
});
