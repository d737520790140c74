/** Disks of an instance against the running emulator, through our client: create rules, limits, lifecycle, busy. */
import { INSTANCE_BUSY_REASON } from "../../../src/contract";
import { deployed, empty, IMAGE, ROOT_PASS, seedStackScript, settle } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const onInstance = (computeId: number) => ({ params: { computeId } });
const onDisk = (computeId: number, diskId: number) => ({ params: { computeId, diskId } });
const createDisk = (computeId: number, body: Record<string, unknown>) =>
  t.client.api.createDisk({ ...onInstance(computeId), body: body as never });

describe("create rules", () => {
  it("needs a label for an empty disk, and an image when no label is given", async () => {
    const { id } = await empty(t);
    await badRequest(createDisk(id, { size: 100 }), "label", /required for an empty disk/);
    await badRequest(createDisk(id, { size: 100, image: IMAGE }), "root_pass", /required/);
    await badRequest(createDisk(id, { size: 100, label: "x", stackscript_id: 1 }), "image", /required/);
  });

  it("checks size (required, at least 1 and the image's minimum) and label (1..48)", async () => {
    const { id } = await empty(t);
    await badRequest(createDisk(id, { label: "x" }), "size", /size is required/);
    await badRequest(createDisk(id, { label: "x", size: 0 }), "size", /at least 1/);
    await badRequest(createDisk(id, { label: "", size: 10 }), "label", /1\.\.48/);
    await badRequest(createDisk(id, { label: "a".repeat(49), size: 10 }), "label", /1\.\.48/);
    await badRequest(
      createDisk(id, { size: 1000, image: IMAGE, root_pass: ROOT_PASS }),
      "size",
      /at least 1500/,
    );
    await badRequest(
      createDisk(id, { label: "x", size: 10, filesystem: "ntfs" }),
      "filesystem",
      /one of raw/,
    );
    await expect(createDisk(id, { label: "a".repeat(48), size: 10 })).resolves.toMatchObject({ size: 10 });
  });

  it("keeps the total within the type's disk allocation", async () => {
    const { id } = await empty(t, { type: "g6-nanode-1" });
    await createDisk(id, { label: "big", size: 25000 });
    await settle(t);
    await badRequest(createDisk(id, { label: "more", size: 601 }), "size", /Not enough free disk space/);
    await expect(createDisk(id, { label: "fits", size: 600 })).resolves.toMatchObject({ label: "fits" });
  });

  it("defaults the filesystem to ext4 and names an image disk after the image", async () => {
    const { id } = await empty(t);
    await expect(createDisk(id, { label: "raw", size: 10, filesystem: "raw" })).resolves.toMatchObject({
      filesystem: "raw",
    });
    await settle(t);
    await expect(createDisk(id, { size: 2000, image: IMAGE, root_pass: ROOT_PASS })).resolves.toMatchObject({
      label: "Debian 12 Disk",
      filesystem: "ext4",
      status: "not ready",
    });
  });

  it("checks the StackScript of an image deploy", async () => {
    const { id } = await empty(t);
    const ss = seedStackScript(t, { images: ["compute/arch"] });
    await badRequest(
      createDisk(id, { size: 2000, image: IMAGE, root_pass: ROOT_PASS, stackscript_id: ss }),
      "image",
      /does not support/,
    );
  });
});

describe("lifecycle", () => {
  it("creates not ready, then ready, with disk_create started then finished", async () => {
    const { id } = await empty(t);
    const disk = await createDisk(id, { label: "data", size: 100 });
    expect(disk).toMatchObject({ label: "data", size: 100, filesystem: "ext4", status: "not ready" });
    const [started] = await t.control.events({ action: "disk_create" });
    expect(started).toMatchObject({
      status: "started",
      entity: { id, type: "compute" },
      secondary_entity: { id: disk.id },
    });
    await settle(t);
    await expect(t.client.api.getDisk(onDisk(id, disk.id))).resolves.toMatchObject({ status: "ready" });
    expect((await t.control.events({ action: "disk_create" }))[0]!.status).toBe("finished");
  });

  it("answers busy while another disk action runs", async () => {
    const { id } = await empty(t);
    const disk = await createDisk(id, { label: "data", size: 100 });
    const err = await apiError(createDisk(id, { label: "other", size: 100 }), 400);
    expect(err.errors).toEqual([{ reason: INSTANCE_BUSY_REASON }]);
    await apiError(t.client.api.deleteDisk(onDisk(id, disk.id)), 400);
    await settle(t);
    await expect(t.client.api.deleteDisk(onDisk(id, disk.id))).resolves.toEqual({});
  });

  it("deletes: deleting, then gone, and the config's device slot is emptied", async () => {
    const made = await deployed(t, { booted: false });
    const [root] = (await t.client.api.listDisks(onInstance(made.id))).data;
    await t.client.api.deleteDisk(onDisk(made.id, root!.id));
    await expect(t.client.api.getDisk(onDisk(made.id, root!.id))).resolves.toMatchObject({
      status: "deleting",
    });
    await settle(t);
    await apiError(t.client.api.getDisk(onDisk(made.id, root!.id)), 404);
    const [config] = (await t.client.api.listConfigs(onInstance(made.id))).data;
    expect(config!.devices.sda).toBeNull();
    expect((await t.control.events({ action: "disk_delete" }))[0]!.status).toBe("finished");
  });

  it("renames with PUT (label only) and emits disk_update", async () => {
    const { id } = await empty(t);
    const disk = await createDisk(id, { label: "data", size: 100 });
    const renamed = await t.client.api.updateDisk({ ...onDisk(id, disk.id), body: { label: "logs" } });
    expect(renamed).toMatchObject({ label: "logs", size: 100 });
    await badRequest(t.client.api.updateDisk({ ...onDisk(id, disk.id), body: { label: "" } }), "label");
    expect(await t.control.events({ action: "disk_update" })).toHaveLength(1);
  });

  it("resizes within the allocation", async () => {
    const { id } = await empty(t, { type: "g6-nanode-1" });
    const disk = await createDisk(id, { label: "data", size: 100 });
    await settle(t);
    await badRequest(
      t.client.api.resizeDisk({ ...onDisk(id, disk.id), body: { size: 25601 } }),
      "size",
      /Not enough free disk space/,
    );
    await badRequest(
      t.client.api.resizeDisk({ ...onDisk(id, disk.id), body: {} as never }),
      "size",
      /required/,
    );
    await t.client.api.resizeDisk({ ...onDisk(id, disk.id), body: { size: 25600 } });
    await settle(t);
    await expect(t.client.api.getDisk(onDisk(id, disk.id))).resolves.toMatchObject({
      size: 25600,
      status: "ready",
    });
    expect((await t.control.events({ action: "disk_resize" }))[0]!.status).toBe("finished");
  });

  it("resets a disk's root password (strong, ext disks only)", async () => {
    const { id } = await empty(t);
    const disk = await createDisk(id, { label: "data", size: 100 });
    await settle(t);
    const swap = await createDisk(id, { label: "swap", size: 100, filesystem: "swap" });
    await settle(t);
    const reset = (diskId: number, password: string) =>
      t.client.api.resetDiskPassword({ ...onDisk(id, diskId), body: { password } });
    await badRequest(reset(disk.id, "password"), "password", /strength requirement/);
    await badRequest(reset(swap.id, ROOT_PASS), undefined, /ext3 or ext4/);
    await expect(reset(disk.id, ROOT_PASS)).resolves.toEqual({});
    expect(await t.control.events({ action: "password_reset" })).toHaveLength(1);
  });

  it("clones a disk onto a new disk of the same instance, within the allocation", async () => {
    const { id } = await empty(t, { type: "g6-nanode-1" });
    const disk = await createDisk(id, { label: "data", size: 12000, filesystem: "ext3" });
    await settle(t);
    const copy = await t.client.api.cloneDisk(onDisk(id, disk.id));
    expect(copy).toMatchObject({
      label: "Copy of data",
      size: 12000,
      filesystem: "ext3",
      status: "not ready",
    });
    await settle(t);
    await badRequest(t.client.api.cloneDisk(onDisk(id, disk.id)), "size", /Not enough free disk space/);
    expect((await t.control.events({ action: "disk_duplicate" }))[0]!.status).toBe("finished");
  });
});

describe("access", () => {
  it("finds disks only through their instance, and needs read_write to change them", async () => {
    const a = await empty(t, { label: "aaa" });
    const b = await empty(t, { label: "bbb" });
    const disk = await createDisk(a.id, { label: "data", size: 100 });
    await apiError(t.client.api.getDisk(onDisk(b.id, disk.id)), 404);
    const { token } = await t.control.seedUser({
      username: "viewer",
      restricted: true,
      grants: { compute: [{ id: a.id, permissions: "read_only", label: "aaa" }] } as never,
    });
    const viewer = t.clientFor(token);
    await expect(viewer.api.listDisks(onInstance(a.id))).resolves.toMatchObject({ results: 1 });
    await apiError(viewer.api.createDisk({ ...onInstance(a.id), body: { label: "x", size: 1 } }), 403);
    await apiError(viewer.api.listDisks(onInstance(b.id)), 404);
  });
});
