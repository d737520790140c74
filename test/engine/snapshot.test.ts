/**
 * Snapshot through the real engine, in its example (an instance with backups enabled and a snapshot
 * of it): up waits until the snapshot is successful; no-op preview/refresh; a label change replaces
 * it (one snapshot left); a snapshot replaced out of band disappears on refresh and up takes it
 * again; bad input at preview; a wait that times out keeps the ID and the next up converges;
 * removing the resource leaves the snapshot; destroy.
 */
import type { Backup } from "../../src/contract";
import { snapshotProgram, type SnapshotShape } from "../../examples/snapshot";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(240_000);

let shape: SnapshotShape = {
  instance: {
    name: "server",
    region: "us-iad",
    type: "g6-standard-1",
    label: "engine-snap",
    image: IMAGE,
    rootPass: ROOT_PASS,
  },
  snapshot: { name: "before-upgrade", label: "before-upgrade" },
};

/** The example program (examples/snapshot.ts) with the test's shape. */
function program(s: SnapshotShape) {
  return async () => {
    const { instance, snapshot } = snapshotProgram(s);
    return { instanceId: instance.id, snapshotId: snapshot?.id };
  };
}

let e: EngineStack;
let computeId: number;
const up = async () => (await e.stack.up()).summary.resourceChanges;
const snapshots = async () => {
  const { snapshot } = await e.client.api.listBackups({ params: { computeId } });
  return snapshot;
};
/** The instance's one snapshot, none being taken. */
const theSnapshot = async (): Promise<Backup> => {
  const { current, in_progress } = await snapshots();
  expect(in_progress).toBeNull();
  expect(current).not.toBeNull();
  return current!;
};
const stateOf = async (name: string) => {
  const resources = (await e.stack.exportStack()).deployment.resources as {
    urn: string;
    id?: string;
    outputs?: Record<string, unknown>;
  }[];
  return resources.filter((r) => r.urn.endsWith(`::${name}`));
};

beforeAll(async () => {
  e = await engineStack("snapshot");
  // Lifecycles run 20 times faster: a snapshot's 6 s take 0.3 s.
  e.emulator.clock.setScale(20);
});
afterAll(async () => {
  await e?.dispose();
});

test("up takes the snapshot and returns once it is successful", async () => {
  e.setProgram(program(shape));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 3 });
  computeId = Number(result.outputs.instanceId!.value);
  const snapshot = await theSnapshot();
  expect(snapshot).toMatchObject({ label: "before-upgrade", status: "successful", type: "snapshot" });
  expect(result.outputs.snapshotId!.value).toBe(String(snapshot.id));
});

test("a second preview and a refresh both report no changes", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 3 });
});

test("a label change replaces the snapshot, and the instance keeps one snapshot", async () => {
  const before = await theSnapshot();
  shape = { ...shape, snapshot: { ...shape.snapshot!, label: "after-upgrade" } };
  e.setProgram(program(shape));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 2, replace: 1 });
  expect(await up()).toEqual({ same: 2, replace: 1 });
  const after = await theSnapshot();
  expect(after.id).not.toBe(before.id);
  expect(after).toMatchObject({ label: "after-upgrade", status: "successful" });
  await e.stack.preview({ expectNoChanges: true });
});

test("a snapshot replaced out of band disappears on refresh, and up takes it again", async () => {
  const { id } = await theSnapshot();
  const byHand = await e.client.api.createSnapshot({ params: { computeId }, body: { label: "by-hand" } });
  await e.control.clock({ advance_ms: 60_000 });
  expect(await theSnapshot()).toMatchObject({ id: byHand.id, label: "by-hand" });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
  expect(await up()).toEqual({ same: 2, create: 1 });
  const again = await theSnapshot();
  expect([id, byHand.id]).not.toContain(again.id);
  expect(again).toMatchObject({ label: "after-upgrade", status: "successful" });
  await e.stack.preview({ expectNoChanges: true });
});

test("an empty or too long label fails at preview naming label, and nothing is written", async () => {
  await e.control.clearRequests();
  for (const label of ["", "l".repeat(256)]) {
    e.setProgram(program({ ...shape, snapshot: { ...shape.snapshot!, label } }));
    await expect(e.stack.preview()).rejects.toThrow(/label: must be 1\.\.255 characters/s);
  }
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(shape));
});

test("a wait that times out fails the up in one line, keeps the ID, and the next up converges", async () => {
  const old = await theSnapshot();
  await e.stack.setConfig("compute:createTimeoutSeconds", { value: "2" });
  e.emulator.jobs.timings.set("backup.snapshot", 3_600_000);
  shape = { ...shape, snapshot: { ...shape.snapshot!, label: "slow" } };
  e.setProgram(program(shape));
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  const { current, in_progress: taking } = await snapshots();
  expect(current?.id).toBe(old.id);
  expect(taking).toMatchObject({ label: "slow", status: "running" });
  expect(shown).toMatch(
    new RegExp(
      `Snapshot ${taking!.id} was created, but Snapshot ${taking!.id} did not become successful within 2s ` +
        "\\(last state: running\\); .*the next `pulumi up` continues from here",
    ),
  );
  expect(shown).not.toMatch(/^\s+at /m);
  const kept = (await stateOf("before-upgrade")).find((r) => r.id === String(taking!.id));
  expect(kept?.outputs).toMatchObject({ label: "slow" });
  expect(typeof kept?.outputs?.__provider).toBe("string");
  // The replaced snapshot waits in the state for its delete (a no-op: the new snapshot removes it).
  expect((await stateOf("before-upgrade")).map((r) => r.id).sort()).toEqual(
    [String(old.id), String(taking!.id)].sort(),
  );

  await e.control.clock({ advance_ms: 3_600_000 });
  e.emulator.jobs.timings.delete("backup.snapshot");
  await e.stack.removeConfig("compute:createTimeoutSeconds");
  expect(await up()).toEqual({ same: 2, update: 1 });
  const now = await theSnapshot();
  expect(now).toMatchObject({ id: taking!.id, label: "slow", status: "successful" });
  expect((await stateOf("before-upgrade")).map((r) => r.id)).toEqual([String(taking!.id)]);
  await e.stack.preview({ expectNoChanges: true });
});

test("removing the Snapshot from the program leaves the snapshot on the instance", async () => {
  const { id } = await theSnapshot();
  await e.control.clearRequests();
  e.setProgram(program({ ...shape, snapshot: undefined }));
  expect(await up()).toEqual({ same: 2, delete: 1 });
  expect(await writes(e.control)).toEqual([]);
  expect((await theSnapshot()).id).toBe(id);
});

test("destroy deletes the instance, and its snapshot with it", async () => {
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
  await expect(e.client.api.listBackups({ params: { computeId } })).rejects.toMatchObject({ status: 404 });
});
