/**
 * The process's poller: waits on several instances share one list request per tick (at most one per
 * second), a lone wait reads by ID, a record gone from the list ends its wait; a wait whose lifecycle
 * was seen before reads when it is due, not on the way there; a wait on the record an operation just
 * answered reads nothing at once; a wide window is narrowed by a read in its middle; windows learned
 * elsewhere seed a process.
 */
import { status, waitForInstance } from "../../src/client";
import { Lifecycles } from "../../src/client/lifecycles";
import { forgetPollers, sharedPoller } from "../../src/client/poller";
import { createBody, instanceReads } from "../support/compute";
import { useEmulator } from "../support/emulator";

// Instance lifecycles ten times faster than real time: from an image, running in 0.7 s.
const t = useEmulator({ speed: 10 });
jest.setTimeout(20_000);

const wait = { timeoutMs: 15_000 };
const LIFECYCLE = "Instance provisioning → running";
const HOUR = 3_600_000;
// Each test starts as a new process would: no lifecycle learned.
beforeEach(forgetPollers);
afterEach(() => void t.emulator.jobs.timings.delete("instance.create"));
const gets = () => instanceReads(t);
const create = () => t.client.api.createInstance({ body: createBody() as never });

it("reads many waiting instances with one list request per tick, at most one per second", async () => {
  const made = await Promise.all([1, 2, 3, 4, 5, 6].map(() => create()));
  await t.control.clearRequests();
  const started = Date.now();
  const done = await Promise.all(made.map((i) => waitForInstance(t.client, i.id, status("running"), wait)));
  const seconds = (Date.now() - started) / 1000;
  expect(done.map((i) => i?.status)).toEqual(made.map(() => "running"));
  const { lists, single } = await gets();
  expect(single).toBe(0);
  expect(lists).toBeGreaterThan(0);
  expect(lists).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
});

it("reads a lone waiting instance by its ID", async () => {
  const made = await create();
  await t.control.clearRequests();
  await waitForInstance(t.client, made.id, status("running"), wait);
  const { lists, single } = await gets();
  expect(lists).toBe(0);
  expect(single).toBeGreaterThan(0);
});

it("ends the wait of an instance the list no longer holds, while others go on", async () => {
  // Provisioning held for an hour: the doomed instance cannot run before its delete, however slow the
  // machine; the other runs once the clock moves on.
  t.emulator.jobs.timings.set("instance.create", HOUR);
  const [doomed, other] = await Promise.all([create(), create()]);
  const waiting = waitForInstance(t.client, doomed!.id, status("running"), wait).then(
    () => "reached",
    (err: Error) => err.message,
  );
  const going = waitForInstance(t.client, other!.id, status("running"), wait);
  await t.client.api.deleteInstance({ params: { computeId: doomed!.id } });
  await expect(waiting).resolves.toMatch(/cannot become running: it was deleted/);
  await t.control.clock({ advance_ms: HOUR });
  await expect(going).resolves.toMatchObject({ status: "running" });
});

it("reads when a lifecycle seen before is due: the read at once, then the one that sees it", async () => {
  // Provisioning takes 2 s here: polling its way there would read 6 times. A wait before saw it
  // end between 1.9 and 2 s after the create's answer.
  await t.control.timings({ "instance.create": 20_000 });
  sharedPoller(t.client.account).lifecycles.observe(LIFECYCLE, { after: 1_900, by: 2_000 });
  const made = await create();
  await t.control.clearRequests();
  const started = Date.now();
  await waitForInstance(t.client, made.id, status("running"), wait);
  expect(Date.now() - started).toBeGreaterThan(1_900);
  expect((await gets()).single).toBe(2);
});

it("reads nothing at once on the record the create answered: the first read is after the change can be", async () => {
  await t.control.timings({ "instance.create": 3_600_000 });
  const made = await create();
  await t.control.clearRequests();
  const waiting = waitForInstance(t.client, made.id, status("running"), { ...wait, current: made });
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(await gets()).toEqual({ lists: 0, single: 0 });
  await t.control.clock({ advance_ms: 3_600_000 });
  await expect(waiting).resolves.toMatchObject({ status: "running" });
  expect((await gets()).single).toBeGreaterThan(0);
});

it("reads once, when it is due, on the record the create answered and a lifecycle seen before", async () => {
  await t.control.timings({ "instance.create": 20_000 });
  sharedPoller(t.client.account).lifecycles.observe(LIFECYCLE, { after: 1_900, by: 2_000 });
  const made = await create();
  await t.control.clearRequests();
  await expect(
    waitForInstance(t.client, made.id, status("running"), { ...wait, current: made }),
  ).resolves.toMatchObject({ status: "running" });
  expect(await gets()).toEqual({ lists: 0, single: 1 });
});

it("learns a lifecycle from a wait that saw it end: the next reads at most twice, in its window", async () => {
  // Provisioning takes 2 s here.
  await t.control.timings({ "instance.create": 20_000 });
  const first = await create();
  await t.control.clearRequests();
  await waitForInstance(t.client, first.id, status("running"), { ...wait, current: first });
  const polled = (await gets()).single;
  // Nothing known: every half second from 0.25 s.
  expect(polled).toBeGreaterThanOrEqual(4);
  const made = await create();
  await t.control.clearRequests();
  await waitForInstance(t.client, made.id, status("running"), { ...wait, current: made });
  const { single } = await gets();
  expect(single).toBeGreaterThanOrEqual(1);
  expect(single).toBeLessThanOrEqual(2);
});

it("reads at once a record whose answer shows the goal reached already", async () => {
  const made = await create();
  await waitForInstance(t.client, made.id, status("running"), wait);
  const running = await t.client.api.getInstance({ params: { computeId: made.id } });
  await t.control.clearRequests();
  await waitForInstance(t.client, made.id, status("running"), { ...wait, current: running });
  expect(await gets()).toEqual({ lists: 0, single: 1 });
});

describe("a wide window known", () => {
  const waitOn = async (window: { after: number; by: number }) => {
    // Provisioning takes 3 s here.
    await t.control.timings({ "instance.create": 30_000 });
    const made = await create();
    const lifecycles = sharedPoller(t.client.account).lifecycles;
    lifecycles.observe(LIFECYCLE, window);
    await t.control.clearRequests();
    await waitForInstance(t.client, made.id, status("running"), { ...wait, current: made });
    return { reads: (await gets()).single, narrowed: lifecycles.expected(LIFECYCLE)! };
  };

  it("is narrowed by a read in its middle that sees the change: one read", async () => {
    const { reads, narrowed } = await waitOn({ after: 0, by: 8_000 });
    expect(reads).toBe(1);
    expect(narrowed.by).toBeLessThan(5_000);
  });

  it("is narrowed by a read in its middle that does not: then read at its end", async () => {
    const { reads, narrowed } = await waitOn({ after: 0, by: 4_000 });
    expect(reads).toBe(2);
    expect(narrowed.after).toBeGreaterThanOrEqual(2_000);
    expect(narrowed.by).toBeLessThanOrEqual(4_200);
  });
});

describe("lifecycles", () => {
  it("narrow the window with each wait that saw the end, and start over when it no longer fits", () => {
    const known = new Lifecycles();
    expect(known.expected("Instance provisioning → running")).toBeUndefined();
    known.observe("Instance provisioning → running", { after: 0, by: 1000 });
    known.observe("Instance provisioning → running", { after: 600, by: 1400 });
    expect(known.expected("Instance provisioning → running")).toEqual({ after: 600, by: 1000 });
    known.observe("Instance provisioning → running", { after: 2000, by: 2500 });
    expect(known.expected("Instance provisioning → running")).toEqual({ after: 2000, by: 2500 });
    expect(known.expected("Instance booting → running")).toBeUndefined();
  });

  it("start later when a read inside the window did not see the end", () => {
    const known = new Lifecycles();
    known.observe("Instance provisioning → running", { after: 1000, by: 3000 });
    known.notBy("Instance provisioning → running", 500);
    known.notBy("Instance provisioning → running", 3500);
    expect(known.expected("Instance provisioning → running")).toEqual({ after: 1000, by: 3000 });
    known.notBy("Instance provisioning → running", 2000);
    expect(known.expected("Instance provisioning → running")).toEqual({ after: 2000, by: 3000 });
  });

  it("start from windows learned elsewhere, and keep what this process learned over them", () => {
    const known = new Lifecycles();
    known.observe("Disk not ready → ready", { after: 100, by: 300 });
    known.seed({
      "Instance provisioning → running": { after: 3900, by: 4100, at: 1 },
      "Disk not ready → ready": { after: 0, by: 5000, at: 1 },
    });
    expect(known.expected("Instance provisioning → running")).toEqual({ after: 3900, by: 4100 });
    expect(known.expected("Disk not ready → ready")).toEqual({ after: 100, by: 300 });
    expect(Object.keys(known.known()).sort()).toEqual([
      "Disk not ready → ready",
      "Instance provisioning → running",
    ]);
  });
});
