/** Instance clone against the running emulator, through our client: rules 1-6, selection, lifecycle, delete guard. */
import { INSTANCE_BUSY_REASON } from "../../../src/contract";
import { deployed, empty, settle, status } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const id = (computeId: number) => ({ params: { computeId } });
const clone = (computeId: number, body: Record<string, unknown>) =>
  t.client.api.cloneInstance({ ...id(computeId), body: body as never });
const toNew = { region: "us-iad", type: "g6-standard-1" };

describe("clone to a new instance", () => {
  it("copies every disk and config: the clone is cloning, then offline, with compute_clone started then finished", async () => {
    const source = await deployed(t, { tags: ["web"] });
    const copy = await clone(source.id, { ...toNew, label: "copy-1" });
    expect(copy).toMatchObject({ label: "copy-1", status: "cloning", tags: ["web"], type: "g6-standard-1" });
    expect(copy.ipv4[0]).not.toBe(source.ipv4[0]);
    const disks = (await t.client.api.listDisks(id(copy.id))).data;
    expect(disks.map((d) => [d.label, d.status])).toEqual([
      ["Debian 12 Disk", "not ready"],
      ["512 MB Swap Image", "not ready"],
    ]);
    const [config] = (await t.client.api.listConfigs(id(copy.id))).data;
    expect(config!.devices.sda!.disk_id).toBe(disks[0]!.id);
    const [started] = await t.control.events({ action: "compute_clone" });
    expect(started).toMatchObject({
      status: "started",
      entity: { id: source.id },
      secondary_entity: { id: copy.id },
    });
    await settle(t);
    expect(await status(t, copy.id)).toBe("offline");
    expect(await status(t, source.id)).toBe("running");
    expect((await t.control.events({ action: "compute_clone" }))[0]!.status).toBe("finished");
  });

  it("needs region and type, add_computes, and a type the disks fit", async () => {
    const source = await deployed(t);
    await badRequest(clone(source.id, { type: "g6-standard-1" }), "region", /required/);
    await badRequest(clone(source.id, { region: "us-iad" }), "type", /required/);
    await badRequest(clone(source.id, { region: "us-iad", type: "g6-nanode-1" }), "type", /allows 25600 MB/);
    const { token } = await t.control.seedUser({
      username: "r1",
      restricted: true,
      grants: { compute: [{ id: source.id, permissions: "read_write", label: source.label }] } as never,
    });
    await apiError(t.clientFor(token).api.cloneInstance({ ...id(source.id), body: toNew }), 403);
  });

  it("clones the chosen disks, or the chosen configs with their disks", async () => {
    const source = await deployed(t);
    const [, swap] = (await t.client.api.listDisks(id(source.id))).data;
    const [config] = (await t.client.api.listConfigs(id(source.id))).data;
    const onlySwap = await clone(source.id, { ...toNew, disks: [swap!.id] });
    expect((await t.client.api.listDisks(id(onlySwap.id))).data.map((d) => d.label)).toEqual([
      "512 MB Swap Image",
    ]);
    expect((await t.client.api.listConfigs(id(onlySwap.id))).results).toBe(0);
    const byConfig = await clone(source.id, { ...toNew, configs: [config!.id] });
    expect((await t.client.api.listDisks(id(byConfig.id))).results).toBe(2);
    await badRequest(clone(source.id, { ...toNew, disks: [999] }), "disks");
    await badRequest(clone(source.id, { ...toNew, configs: [999] }), "configs");
  });

  it("allows at most five concurrent clones from one source", async () => {
    const source = await deployed(t);
    for (let i = 0; i < 5; i++) await clone(source.id, toNew);
    const err = await apiError(clone(source.id, toNew), 400);
    expect(err.errors[0]!.reason).toMatch(/At most 5 clones/);
    await settle(t);
    await expect(clone(source.id, toNew)).resolves.toMatchObject({ status: "cloning" });
  });

  it("turns a VPC interface's 1:1 NAT into the clone's own public address", async () => {
    const vpc = await t.client.api.createVpc({
      body: { label: "v", region: "us-iad", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
    });
    const subnetId = vpc.subnets[0]!.id;
    const source = await deployed(t, {
      interfaces: [{ purpose: "public" }, { purpose: "vpc", subnet_id: subnetId, ipv4: { nat_1_1: "any" } }],
    });
    const copy = await clone(source.id, toNew);
    const [config] = (await t.client.api.listConfigs(id(copy.id))).data;
    expect(config!.interfaces[1]).toMatchObject({
      purpose: "vpc",
      subnet_id: subnetId,
      ipv4: { vpc: "10.0.0.3", nat_1_1: copy.ipv4[0] },
    });
    await badRequest(
      clone(source.id, { region: "fr-par", type: "g6-standard-1" }),
      "configs[0].interfaces[1].subnet_id",
    );
  });

  it("needs metadata.user_data and a new instance when the source has user data", async () => {
    const userData = Buffer.from("#cloud-config\n").toString("base64");
    const source = await deployed(t, { metadata: { user_data: userData } });
    await badRequest(clone(source.id, toNew), "metadata.user_data", /must be cloned to a new instance/);
    const target = await empty(t);
    await badRequest(
      clone(source.id, { compute_id: target.id, metadata: { user_data: userData } }),
      "metadata.user_data",
    );
    await expect(clone(source.id, { ...toNew, metadata: { user_data: userData } })).resolves.toMatchObject({
      has_user_data: true,
    });
  });
});

describe("clone to an existing instance", () => {
  it("adds the disks when there is room, and waits for the target's running actions", async () => {
    const source = await deployed(t);
    const target = await empty(t, { type: "g6-standard-2" });
    await t.client.api.createDisk({ ...id(target.id), body: { label: "own", size: 100 } });
    const busy = await apiError(clone(source.id, { compute_id: target.id }), 400);
    expect(busy.errors).toEqual([{ reason: INSTANCE_BUSY_REASON }]);
    await settle(t);
    await expect(clone(source.id, { compute_id: target.id })).resolves.toMatchObject({
      id: target.id,
      status: "cloning",
    });
    await settle(t);
    expect((await t.client.api.listDisks(id(target.id))).results).toBe(3);
    await badRequest(clone(source.id, { compute_id: target.id }), "compute_id", /Not enough free disk space/);
    await badRequest(clone(source.id, { compute_id: source.id }), "compute_id", /onto itself/);
  });
});

describe("delete while cloning", () => {
  it("is refused for the clone and for its source until the clone finishes", async () => {
    const source = await deployed(t);
    const copy = await clone(source.id, toNew);
    await badRequest(t.client.api.deleteInstance(id(copy.id)), undefined, /while it is cloning/);
    await badRequest(t.client.api.deleteInstance(id(source.id)), undefined, /being cloned/);
    await settle(t);
    await expect(t.client.api.deleteInstance(id(copy.id))).resolves.toEqual({});
    await expect(t.client.api.deleteInstance(id(source.id))).resolves.toEqual({});
  });
});
