/** The client's waiters against the emulator: goals reached, deadlines, unreachable goals, poll pacing. */
import { gone, status, waitFor, waitForInstance, WaitError, when, type WaitProgress } from "../../src/client";
import { createBody, empty, settle } from "../support/compute";
import { useEmulator } from "../support/emulator";

const t = useEmulator();
const fast = { firstDelayMs: 10, maxIntervalMs: 50 };
const HOUR = 3_600_000;
afterEach(() => void t.emulator.jobs.timings.delete("instance.create"));

async function failure(promise: Promise<unknown>): Promise<WaitError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WaitError);
  return err as WaitError;
}

it("waits until an instance is running, and returns the record", async () => {
  // Provisioning is held for an hour and ends once the wait has seen it under way, however long that took.
  t.emulator.jobs.timings.set("instance.create", HOUR);
  const created = await t.client.api.createInstance({ body: createBody() as never });
  expect(created.status).toBe("provisioning");
  const seen: string[] = [];
  let settled: Promise<void> | undefined;
  const done = await waitForInstance(t.client, created.id, status("running"), {
    timeoutMs: 60_000,
    ...fast,
    onPoll: (p) => {
      seen.push(p.state);
      settled ??= settle(t, HOUR);
    },
  });
  await settled;
  expect(done).toMatchObject({ id: created.id, status: "running" });
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toContain("provisioning");
});

it("gives up at the deadline, naming the resource, its ID, the goal, the time and the last state", async () => {
  const offline = await empty(t);
  const err = await failure(
    waitForInstance(t.client, offline.id, status("running"), { timeoutMs: 300, ...fast }),
  );
  expect(err.timedOut).toBe(true);
  expect(err.message).toMatch(
    new RegExp(
      `^Instance ${offline.id} did not become running within \\d+s \\(last state: offline\\); raise compute:waitTimeoutSeconds`,
    ),
  );
  expect(err.elapsedMs).toBeGreaterThanOrEqual(300);
});

it("stops at once when the record is deleted while waiting for a status", async () => {
  const created = await t.client.api.createInstance({ body: createBody() as never });
  await t.client.api.deleteInstance({ params: { computeId: created.id } });
  await settle(t);
  const started = Date.now();
  const err = await failure(
    waitForInstance(t.client, created.id, status("running"), { timeoutMs: 60_000, ...fast }),
  );
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(err.timedOut).toBe(false);
  expect(err.message).toBe(`Instance ${created.id} cannot become running: it was deleted (after 0s)`);
});

it("stops at once on a failed status the goal lists", async () => {
  const err = await failure(
    waitFor(
      { kind: "Snapshot", id: 3 },
      async () => ({ status: "failed" as const }),
      status<{ status: "failed" | "successful" }>("successful", { failed: ["failed"] }),
      { timeoutMs: 60_000, ...fast },
    ),
  );
  expect(err.message).toBe("Snapshot 3 cannot become successful: it is failed (after 0s)");
});

it("waits for a delete to finish: gone is the goal", async () => {
  const vpc = await t.client.api.createVpc({ body: { label: "v", region: "us-iad" } });
  let polls = 0;
  const result = await waitFor(
    { kind: "Vpc", id: vpc.id },
    async () => {
      polls += 1;
      if (polls === 2) await t.client.api.deleteVpc({ params: { vpcId: vpc.id } });
      return (await t.client.api.listVpcs()).data.find((v) => v.id === vpc.id);
    },
    gone(),
    { timeoutMs: 10_000, ...fast },
  );
  expect(result).toBeUndefined();
  expect(polls).toBe(2);
});

it("polls soon, then backs off to at most one poll per maxIntervalMs", async () => {
  const progress: WaitProgress[] = [];
  await failure(
    waitFor(
      { kind: "Thing", id: 1 },
      async () => ({ status: "busy" }),
      when("idle", () => false),
      {
        timeoutMs: 700,
        firstDelayMs: 20,
        maxIntervalMs: 160,
        onPoll: (p) => progress.push(p),
      },
    ),
  );
  const gaps = progress.slice(1).map((p, i) => p.elapsedMs - progress[i]!.elapsedMs);
  // Sleeps never end early: 20, 40, 80, 160, 160, ... (but the last, which the deadline may cut short).
  const planned = [20, 40, 80, 160, 160, 160, 160, 160];
  gaps.slice(0, -1).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(planned[i]! - 2));
  expect(progress.length).toBeLessThanOrEqual(1 + Math.ceil(700 / 20));
  expect(progress[0]!.what).toBe("Thing 1 to be idle");
  expect(progress.map((p) => p.polls)).toEqual(progress.map((_, i) => i + 1));
});

it("passes on an API error of the poll itself (after the client's retries)", async () => {
  await t.control.injectFault({ status: 403, method: "GET" });
  const offline = await empty(t);
  await expect(
    waitForInstance(t.client, offline.id, status("running"), { timeoutMs: 1_000, ...fast }),
  ).rejects.toThrow(/^\[403\]/);
});

it("an aborted signal ends a wait at once, saying the operation was cancelled", async () => {
  t.emulator.jobs.timings.set("instance.create", HOUR);
  const created = await t.client.api.createInstance({ body: createBody() as never });
  const cancel = new AbortController();
  const started = Date.now();
  const waiting = waitForInstance(t.client, created.id, status("running"), {
    timeoutMs: 60_000,
    firstDelayMs: 10,
    maxIntervalMs: 5_000,
    signal: cancel.signal,
    onPoll: () => cancel.abort(),
  });
  const err = await failure(waiting);
  expect(err.message).toMatch(/cannot become running: the operation was cancelled/);
  expect(err.timedOut).toBe(false);
  expect(Date.now() - started).toBeLessThan(2_000);
});
