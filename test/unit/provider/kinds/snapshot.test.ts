/**
 * Snapshot: check names label, diff replaces on every input (the new snapshot first), outputs, and
 * the provider against a fast emulator: the wait for `successful`, backups not enabled, a new
 * snapshot replacing the old one (whose delete writes nothing), read of a replaced or failed
 * snapshot as gone, update of a failed snapshot, a snapshot deleted while taken (the wait ends,
 * keeping the ID), lost creates, another snapshot in the way. (A create's timed-out wait:
 * shared-stories.test.ts.)
 */
import { checkInputs } from "../../../../src/provider/core/check";
import { diffInputs } from "../../../../src/provider/core/diff";
import { PartialFailure } from "../../../../src/provider/core/errors";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { snapshotSpec } from "../../../../src/provider/kinds/snapshot";
import { deployed } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { expectOutputsRoundTrip, thrown, useLogLines, useProviderSettings } from "../../../support/provider";
import { writeLines } from "../../../support/writes";

// Lifecycles run a thousand times faster than real time: a snapshot's 6 s take 6 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const provider = makeProvider(snapshotSpec);
const logged = useLogLines();

const snapshots = async (computeId: number) => {
  const { snapshot } = await t.client.api.listBackups({ params: { computeId } });
  return { current: snapshot.current, taking: snapshot.in_progress };
};
const backed = () => deployed(t, { backups_enabled: true });

describe("check", () => {
  it("names label with the contract's reason, empty or too long", () => {
    for (const label of ["", "l".repeat(256)]) {
      expect(checkInputs(snapshotSpec.inputs, { computeId: 12, label }).failures).toEqual([
        { property: "label", reason: "label must be 1..255 characters" },
      ]);
    }
    expect(checkInputs(snapshotSpec.inputs, { computeId: "x", label: "ok" }).failures).toEqual([
      { property: "computeId", reason: "computeId must be an integer ID" },
    ]);
  });
});

describe("diff", () => {
  const olds = { computeId: 12, label: "a", status: "successful", schemaVersion: 1, __provider: "p" };

  it("reports no change for the same inputs", () => {
    expect(diffInputs(snapshotSpec, olds, { computeId: 12, label: "a" })).toMatchObject({ changes: false });
  });

  it("replaces on the label and on the instance, taking the new snapshot first", () => {
    expect(diffInputs(snapshotSpec, olds, { computeId: 12, label: "b" })).toEqual({
      changes: true,
      replaces: ["label"],
      deleteBeforeReplace: false,
      changed: ["label"],
    });
    expect(diffInputs(snapshotSpec, olds, { computeId: 13, label: "a" })).toMatchObject({
      replaces: ["computeId"],
      deleteBeforeReplace: false,
    });
  });

  it("is a change while the snapshot is still being taken (the next up waits again)", () => {
    expect(
      diffInputs(snapshotSpec, { ...olds, status: "running" }, { computeId: 12, label: "a" }),
    ).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("the provider", () => {
  it("returns once the snapshot is successful; outputs are exactly the inputs and the computed fields", async () => {
    const instance = await backed();
    const { id, outs } = await expectOutputsRoundTrip(snapshotSpec, {
      computeId: instance.id,
      label: "first",
    });
    expect(outs).toMatchObject({ status: "successful", type: "snapshot", available: true });
    expect(outs.disks).toEqual(expect.arrayContaining([expect.objectContaining({ filesystem: "ext4" })]));
    expect((await snapshots(instance.id)).current?.id).toBe(Number(id));
  });

  it("fails at create, writing nothing, when the instance's backups are not enabled", async () => {
    const instance = await deployed(t);
    await t.control.clearRequests();
    const err = await thrown(provider.create({ computeId: instance.id, label: "first" }));
    expect(err.message).toBe(
      `Snapshot create: Instance ${instance.id} (${instance.label}) does not have backups enabled; ` +
        "set `backupsEnabled: true` on the Instance (a snapshot needs the backup service)",
    );
    expect(await writeLines(t.control)).toEqual([]);
  });

  it("a new snapshot replaces the old one: the old one reads as gone and its delete writes nothing", async () => {
    const instance = await backed();
    const old = await provider.create({ computeId: instance.id, label: "old" });
    const next = await provider.create({ computeId: instance.id, label: "new" });
    expect(logged.join("\n")).toContain(
      `Snapshot new of Instance ${instance.id} (${instance.label}) replaces Snapshot ${old.id} (old) once it succeeds`,
    );
    expect(await snapshots(instance.id)).toEqual({
      current: expect.objectContaining({ id: Number(next.id), label: "new" }),
      taking: null,
    });
    expect(await provider.read!(old.id, old.outs)).toEqual({ id: "" });
    await t.control.clearRequests();
    await provider.delete!(old.id, old.outs);
    expect(await writeLines(t.control)).toEqual([]);
    expect((await snapshots(instance.id)).current?.id).toBe(Number(next.id));
  });

  it("delete leaves the snapshot in place, saying so", async () => {
    const instance = await backed();
    const { id, outs } = await provider.create({ computeId: instance.id, label: "kept" });
    await t.control.clearRequests();
    await provider.delete!(id, outs);
    expect(await writeLines(t.control)).toEqual([]);
    expect((await snapshots(instance.id)).current?.id).toBe(Number(id));
    expect(logged.join("\n")).toContain(`Snapshot ${id} (kept) stays on Instance ${instance.id}`);
  });

  it("reads a snapshot replaced outside Pulumi, or one that failed, as gone", async () => {
    const instance = await backed();
    const { id, outs } = await provider.create({ computeId: instance.id, label: "mine" });
    // A failed snapshot is still listed by the API, but holds nothing to restore.
    const row = t.emulator.store.table("backups").get(Number(id))!;
    t.emulator.store.table("backups").put({ ...row, status: "failed" });
    expect(await provider.read!(id, outs)).toEqual({ id: "" });
    t.emulator.store.table("backups").put(row);
    await t.client.api.createSnapshot({ params: { computeId: instance.id }, body: { label: "by-hand" } });
    await t.control.clock({ advance_ms: 60_000 });
    expect(await provider.read!(id, outs)).toEqual({ id: "" });
  });

  it("update of a snapshot that failed says how to take a new one", async () => {
    const instance = await backed();
    const { id, outs } = await provider.create({ computeId: instance.id, label: "broken" });
    const row = t.emulator.store.table("backups").get(Number(id))!;
    t.emulator.store.table("backups").put({ ...row, status: "failed" });
    const err = await thrown(
      provider.update!(id, { ...outs, status: "pending" }, { computeId: instance.id, label: "broken" }),
    );
    expect(err.message).toBe(
      `Snapshot update: Snapshot ${id} (broken) is failed; run \`pulumi refresh\` (it drops the snapshot ` +
        "from the stack) and `pulumi up` takes a new one",
    );
  });

  it("a snapshot deleted while it is taken (backups cancelled) fails the wait clearly, keeping the ID", async () => {
    const instance = await backed();
    t.emulator.jobs.timings.set("backup.snapshot", 3_600_000);
    const pending = provider.create({ computeId: instance.id, label: "doomed" });
    while ((await snapshots(instance.id)).taking === null) await new Promise((r) => setTimeout(r, 5));
    await t.client.api.cancelBackups({ params: { computeId: instance.id } });
    const err = await thrown(pending);
    expect(err).toBeInstanceOf(PartialFailure);
    expect(err.message).toMatch(
      /^Snapshot (\d+) was created, but Snapshot \1 cannot become successful: it was deleted/,
    );
    t.emulator.jobs.timings.delete("backup.snapshot");
  });
});

describe("a create", () => {
  it("whose answer is lost adopts the snapshot the API took", async () => {
    const instance = await backed();
    await t.control.injectFault({
      status: 502,
      lost: true,
      method: "POST",
      path: `/compute/instances/${instance.id}/backups`,
    });
    const { id, outs } = await provider.create({ computeId: instance.id, label: "lost" });
    expect(outs).toMatchObject({ label: "lost", status: "successful" });
    expect((await snapshots(instance.id)).current?.id).toBe(Number(id));
    expect((await writeLines(t.control)).filter((w) => w.endsWith("/backups"))).toHaveLength(1);
  });

  it("adopts a snapshot with its label still being taken (an earlier create), and fails on another one", async () => {
    const instance = await backed();
    t.emulator.jobs.timings.set("backup.snapshot", 3_600_000);
    const taking = await t.client.api.createSnapshot({
      params: { computeId: instance.id },
      body: { label: "other" },
    });
    const err = await thrown(provider.create({ computeId: instance.id, label: "mine" }));
    expect(err.message).toBe(
      `Snapshot create: Instance ${instance.id} (${instance.label}) is already taking Snapshot ${taking.id} (other); ` +
        "an instance holds one snapshot, so two Snapshot resources of one instance replace each other: " +
        "keep one per instance, or wait for that snapshot and run `pulumi up` again",
    );
    t.emulator.jobs.timings.delete("backup.snapshot");
    await t.control.clock({ advance_ms: 3_600_000 });

    t.emulator.jobs.timings.set("backup.snapshot", 3_600_000);
    const mine = await t.client.api.createSnapshot({
      params: { computeId: instance.id },
      body: { label: "mine" },
    });
    await t.control.clearRequests();
    const pending = provider.create({ computeId: instance.id, label: "mine" });
    // Once the create has seen the snapshot being taken, let it finish.
    const listed = async () =>
      (await t.control.requests()).some(
        (r) => r.method === "GET" && r.path.endsWith(`/${instance.id}/backups`),
      );
    while (!(await listed())) await new Promise((r) => setTimeout(r, 5));
    await t.control.clock({ advance_ms: 3_600_000 });
    t.emulator.jobs.timings.delete("backup.snapshot");
    const { id } = await pending;
    expect(id).toBe(String(mine.id));
    expect(await writeLines(t.control)).toEqual([]);
  });
});
