/** Backups against the running emulator, through our client: service, snapshots, restores, create from a backup. */
import { deployed, empty, settle, status } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const id = (computeId: number) => ({ params: { computeId } });
const onBackup = (computeId: number, backupId: number) => ({ params: { computeId, backupId } });

/** A running instance with backups enabled and one successful snapshot. */
async function withSnapshot(overrides: Record<string, unknown> = {}) {
  const made = await deployed(t, overrides);
  await t.client.api.enableBackups(id(made.id));
  const snap = await t.client.api.createSnapshot({ ...id(made.id), body: { label: "before" } });
  await settle(t);
  return { made, snap };
}

describe("service and scopes", () => {
  it("enables and cancels the service; cancel deletes every backup", async () => {
    const { made, snap } = await withSnapshot();
    await expect(t.client.api.getInstance(id(made.id))).resolves.toMatchObject({
      backups: { enabled: true },
    });
    await expect(t.client.api.cancelBackups(id(made.id))).resolves.toEqual({});
    await apiError(t.client.api.getBackup(onBackup(made.id, snap.id)), 404);
    await expect(t.client.api.getInstance(id(made.id))).resolves.toMatchObject({
      backups: { enabled: false, last_successful: null },
    });
    const actions = (await t.control.events({ entity_id: made.id })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["backups_enable", "compute_snapshot", "backups_cancel"]));
  });

  it("needs computes:read_write to take a snapshot and computes:read_only to list", async () => {
    const made = await empty(t);
    const { token } = await t.control.seedUser({ username: "reader", scopes: "computes:read_only" });
    const reader = t.clientFor(token);
    await expect(reader.api.listBackups(id(made.id))).resolves.toEqual({
      automatic: [],
      snapshot: { current: null, in_progress: null },
    });
    await apiError(reader.api.createSnapshot({ ...id(made.id), body: { label: "x" } }), 401);
  });
});

describe("snapshots", () => {
  it("need the service and a label of 1..255 characters", async () => {
    const made = await deployed(t);
    await badRequest(
      t.client.api.createSnapshot({ ...id(made.id), body: { label: "x" } }),
      undefined,
      /not enabled/,
    );
    await t.client.api.enableBackups(id(made.id));
    await badRequest(
      t.client.api.createSnapshot({ ...id(made.id), body: { label: "" } }),
      "label",
      /1\.\.255/,
    );
    await badRequest(
      t.client.api.createSnapshot({ ...id(made.id), body: { label: "x".repeat(256) } }),
      "label",
    );
    await expect(
      t.client.api.createSnapshot({ ...id(made.id), body: { label: "x".repeat(255) } }),
    ).resolves.toMatchObject({ type: "snapshot", status: "pending" });
  });

  it("go pending, running, successful; the next one replaces the current one when it succeeds", async () => {
    const made = await deployed(t);
    await t.client.api.enableBackups(id(made.id));
    const first = await t.client.api.createSnapshot({ ...id(made.id), body: { label: "one" } });
    expect(first).toMatchObject({
      label: "one",
      status: "pending",
      finished: null,
      configs: ["My Debian 12 Disk Profile"],
      disks: [
        { label: "Debian 12 Disk", size: 51200 - 512, filesystem: "ext4" },
        { label: "512 MB Swap Image", size: 512, filesystem: "swap" },
      ],
    });
    await badRequest(
      t.client.api.createSnapshot({ ...id(made.id), body: { label: "two" } }),
      undefined,
      /in progress/,
    );
    await settle(t, 2000);
    await expect(t.client.api.listBackups(id(made.id))).resolves.toMatchObject({
      snapshot: { current: null, in_progress: { id: first.id, status: "running" } },
    });
    await settle(t);
    await expect(t.client.api.listBackups(id(made.id))).resolves.toMatchObject({
      snapshot: { current: { id: first.id, status: "successful" }, in_progress: null },
    });
    expect((await t.client.api.getInstance(id(made.id))).backups.last_successful).not.toBeNull();
    const second = await t.client.api.createSnapshot({ ...id(made.id), body: { label: "two" } });
    await expect(t.client.api.listBackups(id(made.id))).resolves.toMatchObject({
      snapshot: { current: { id: first.id }, in_progress: { id: second.id } },
    });
    await settle(t);
    await expect(t.client.api.listBackups(id(made.id))).resolves.toMatchObject({
      snapshot: { current: { id: second.id }, in_progress: null },
    });
    await apiError(t.client.api.getBackup(onBackup(made.id, first.id)), 404);
    expect((await t.control.events({ action: "compute_snapshot" })).map((e) => e.status)).toEqual([
      "finished",
      "finished",
    ]);
  });

  it("carry the instance's region, as the real record does (beyond the spec)", async () => {
    const { made, snap } = await withSnapshot({ region: "us-ord" });
    expect(snap.region).toBe("us-ord");
    await expect(t.client.api.getBackup(onBackup(made.id, snap.id))).resolves.toMatchObject({
      id: snap.id,
      region: "us-ord",
    });
    await expect(t.client.api.listBackups(id(made.id))).resolves.toMatchObject({
      snapshot: { current: { id: snap.id, region: "us-ord" } },
    });
  });
});

describe("restore", () => {
  it("restores onto an instance of the same region (overwrite replaces its disks): restoring, then offline", async () => {
    const { made, snap } = await withSnapshot();
    const target = await deployed(t);
    const restore = (body: { compute_id: number; overwrite?: boolean }) =>
      t.client.api.restoreBackup({ ...onBackup(made.id, snap.id), body });
    await badRequest(restore({ compute_id: target.id }), "compute_id", /Insufficient space/);
    await expect(restore({ compute_id: target.id, overwrite: true })).resolves.toEqual({});
    expect(await status(t, target.id)).toBe("restoring");
    await badRequest(t.client.api.deleteInstance(id(target.id)), undefined, /while it is restoring/);
    await settle(t);
    expect(await status(t, target.id)).toBe("offline");
    const disks = (await t.client.api.listDisks(id(target.id))).data;
    expect(disks.map((d) => [d.label, d.status])).toEqual([
      ["Debian 12 Disk", "ready"],
      ["512 MB Swap Image", "ready"],
    ]);
    expect((await t.control.events({ action: "backups_restore" }))[0]).toMatchObject({
      status: "finished",
      entity: { id: target.id },
    });
  });

  it("refuses other regions, unfinished backups and targets taking a backup", async () => {
    const { made, snap } = await withSnapshot();
    const far = await empty(t, { region: "fr-par", type: "g6-standard-4" });
    await badRequest(
      t.client.api.restoreBackup({ ...onBackup(made.id, snap.id), body: { compute_id: far.id } }),
      "compute_id",
      /across regions/,
    );
    const pending = await t.client.api.createSnapshot({ ...id(made.id), body: { label: "later" } });
    const target = await empty(t, { type: "g6-standard-4" });
    await badRequest(
      t.client.api.restoreBackup({ ...onBackup(made.id, pending.id), body: { compute_id: target.id } }),
      undefined,
      /Only successful/,
    );
    await badRequest(
      t.client.api.restoreBackup({ ...onBackup(made.id, snap.id), body: { compute_id: made.id } }),
      "compute_id",
      /creating a backup/,
    );
    await badRequest(
      t.client.api.restoreBackup({ ...onBackup(made.id, snap.id), body: { compute_id: 999 } }),
      "compute_id",
      /not found/,
    );
  });
});

describe("create from a backup", () => {
  it("creates the backup's disks and configs on a large enough instance of the same region", async () => {
    const { snap } = await withSnapshot();
    await badRequest(
      t.client.api.createInstance({ body: { region: "fr-par", type: "g6-standard-1", backup_id: snap.id } }),
      "region",
      /across regions/,
    );
    await badRequest(
      t.client.api.createInstance({ body: { region: "us-iad", type: "g6-nanode-1", backup_id: snap.id } }),
      "type",
      /too small/,
    );
    await badRequest(
      t.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1", backup_id: 999 } }),
      "backup_id",
    );
    const made = await t.client.api.createInstance({
      body: { region: "us-iad", type: "g6-standard-2", backup_id: snap.id },
    });
    expect(made.status).toBe("provisioning");
    await settle(t);
    expect(await status(t, made.id)).toBe("running");
    const configs = (await t.client.api.listConfigs(id(made.id))).data;
    expect(configs.map((c) => c.label)).toEqual(["My Debian 12 Disk Profile"]);
    const disks = (await t.client.api.listDisks(id(made.id))).data;
    expect(configs[0]!.devices.sda!.disk_id).toBe(disks[0]!.id);
  });
});
