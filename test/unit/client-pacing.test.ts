/**
 * The client's pacing against the emulator with the real API's rate limits (instance creates 10
 * per 30 s), its clock 30 times faster: a window lasts 1 s. Many concurrent creates all succeed,
 * with no 429, where a client that may not wait gets the API's 429s; clients for one URL and token
 * share a pacer; an operation's deadline ends a throttled call.
 */
import { ComputeClient } from "../../src/client";
import { Pacer } from "../../src/client/pacer";
import { sharedPacer } from "../../src/client/pacing";
import { apiError, NO_RETRIES, useEmulator } from "../support/emulator";

const t = useEmulator({ rateLimits: true, speed: 30 });
const CREATES = 25;
// 25 creates at 10 a window span three windows (2 s at least), and each answer waits for the emulator
// on a machine the engine tests share: no time limit of this file is a goal (the benchmarks time it).
jest.setTimeout(60_000);

const client = (options: { pacer?: Pacer; retry?: typeof NO_RETRIES } = {}) =>
  new ComputeClient({ baseUrl: t.emulator.url, token: t.emulator.token, ...options });
const create = (api: ComputeClient) =>
  api.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
const createStatuses = async () =>
  (await t.control.requests()).filter((r) => r.method === "POST").map((r) => r.status);
const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

it(`paces ${CREATES} concurrent creates through the windows: all succeed, none answered 429`, async () => {
  const api = client({ pacer: new Pacer() });
  const made = await Promise.all(Array.from({ length: CREATES }, () => create(api)));
  expect(new Set(made.map((i) => i.id)).size).toBe(CREATES);
  const statuses = await createStatuses();
  expect(countOf(statuses, 200)).toBe(CREATES);
  expect(countOf(statuses, 429)).toBe(0);
});

it("without time to wait, the same creates get the API's 429 beyond the window's 10", async () => {
  const api = client({ pacer: new Pacer(), retry: NO_RETRIES });
  // The clock at real speed: the window lasts 30 s, so all the creates meet the same one however
  // slow the machine.
  await t.control.clock({ scale: 1 });
  const results = await Promise.allSettled(Array.from({ length: CREATES }, () => create(api))).finally(() =>
    t.control.clock({ scale: 30 }),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
  // The seconds each took are the machine's (1 s under load), not the rule's.
  const failed = results
    .filter((r) => r.status === "rejected")
    .map((r) => String(r.reason).replace(/\(after \d+s,/, "(after Ns,"));
  expect(failed).toHaveLength(CREATES - 10);
  expect(new Set(failed)).toEqual(
    new Set([
      "ComputeApiError: [429] Too many requests (POST /compute/instances); throttled past the deadline (after Ns, 1 attempt)",
    ]),
  );
});

it("shares one pacer among the clients of a URL and token: two clients' creates meet no 429", async () => {
  const [a, b] = [client(), client()];
  await Promise.all(Array.from({ length: 16 }, (_, i) => create(i % 2 ? a : b)));
  expect(countOf(await createStatuses(), 429)).toBe(0);
  expect(sharedPacer(`${t.emulator.url}/`, t.emulator.token)).toBe(
    sharedPacer(t.emulator.url, t.emulator.token),
  );
  expect(sharedPacer(t.emulator.url, "another-token")).not.toBe(
    sharedPacer(t.emulator.url, t.emulator.token),
  );
});

it("ends a throttled call at its operation's deadline when the window reopens only after it", async () => {
  // 2 creates per 10 emulated minutes: 20 s of real time.
  await t.control.setRateLimits({
    dedicated: [{ method: "POST", path: "/compute/instances", limit: 2, window_ms: 600_000 }],
  });
  const api = client({ pacer: new Pacer() });
  await create(api);
  await create(api);
  const err = await apiError(create(api.withDeadline(Date.now() + 2_000)), 429);
  expect(err.message).toMatch(/; throttled past the deadline \(after 0s, 1 attempt\)$/);
  expect(await createStatuses()).toEqual([200, 200, 429]);
});
