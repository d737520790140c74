/**
 * `readInstance`: an instance as the API holds it now, read on the process's poller. Reads of several
 * instances asked together share one list request; a lone read is one GET by ID; an instance that
 * is gone fails with the API's own 404; a check takes the poller's read of its window.
 */
import { isNotFound, readInstance, status, waitForInstance } from "../../src/client";
import { forgetPollers } from "../../src/client/poller";
import { createBody, instanceReads } from "../support/compute";
import { useEmulator } from "../support/emulator";

const t = useEmulator();
beforeEach(forgetPollers);

const gets = () => instanceReads(t);
const create = () => t.client.api.createInstance({ body: createBody() as never });

it("reads several instances asked together with one list request", async () => {
  const made = await Promise.all([1, 2, 3].map(() => create()));
  await t.control.clearRequests();
  const read = await Promise.all(made.map((i) => readInstance(t.client, i.id)));
  expect(read.map((i) => i.id)).toEqual(made.map((i) => i.id));
  expect(await gets()).toEqual({ lists: 1, single: 0 });
});

it("reads a lone instance by its ID", async () => {
  const made = await create();
  await t.control.clearRequests();
  await expect(readInstance(t.client, made.id)).resolves.toMatchObject({ id: made.id });
  expect(await gets()).toEqual({ lists: 0, single: 1 });
});

it("fails with the API's 404 for an instance that is gone, beside one that is not", async () => {
  const [gone, kept] = await Promise.all([create(), create()]);
  await t.client.api.deleteInstance({ params: { computeId: gone.id } });
  const [lost, found] = await Promise.allSettled([
    readInstance(t.client, gone.id),
    readInstance(t.client, kept.id),
  ]);
  expect(lost.status === "rejected" && isNotFound(lost.reason)).toBe(true);
  expect(found).toMatchObject({ status: "fulfilled", value: { id: kept.id } });
});

it("takes, for a check, the poller's read of the instance within maxAgeMs instead of reading", async () => {
  const made = await create();
  await waitForInstance(t.client, made.id, status("running"), { timeoutMs: 15_000 });
  await t.control.clearRequests();
  await expect(readInstance(t.client, made.id, { maxAgeMs: 60_000 })).resolves.toMatchObject({
    status: "running",
  });
  expect(await gets()).toEqual({ lists: 0, single: 0 });
  await readInstance(t.client, made.id);
  expect(await gets()).toEqual({ lists: 0, single: 1 });
});
