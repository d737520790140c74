/** Moving an instance against the running emulator, through our client: resize, migrate, mutate. */
import { INSTANCE_BUSY_REASON } from "../../../src/contract";
import { createBody, deployed, empty, ROOT_PASS, settle, status } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const id = (computeId: number) => ({ params: { computeId } });
const disksOf = async (computeId: number) => (await t.client.api.listDisks(id(computeId))).data;

describe("resize", () => {
  it("moves to the new type (status migrating meanwhile), grows the one data disk and returns to running", async () => {
    const made = await deployed(t);
    await expect(
      t.client.api.resizeInstance({ ...id(made.id), body: { type: "g6-standard-2" } }),
    ).resolves.toEqual({});
    expect(await status(t, made.id)).toBe("migrating");
    const busy = await apiError(t.client.api.rebootInstance(id(made.id)), 400);
    expect(busy.errors).toEqual([{ reason: INSTANCE_BUSY_REASON }]);
    await settle(t);
    const resized = await t.client.api.getInstance(id(made.id));
    expect(resized).toMatchObject({
      status: "running",
      type: "g6-standard-2",
      specs: { disk: 81920, memory: 4096 },
    });
    expect((await disksOf(made.id)).map((d) => d.size)).toEqual([81920 - 512, 512]);
    expect((await t.control.events({ action: "compute_resize" }))[0]!.status).toBe("finished");
  });

  it("refuses a type the disks do not fit unless they may be resized automatically", async () => {
    const made = await deployed(t, { booted: false });
    await badRequest(
      t.client.api.resizeInstance({
        ...id(made.id),
        body: { type: "g6-nanode-1", allow_auto_disk_resize: false },
      }),
      "type",
      /delete or shrink disks first/,
    );
    await badRequest(
      t.client.api.resizeInstance({ ...id(made.id), body: { type: "g9-huge" } }),
      "type",
      /does not exist/,
    );
    await badRequest(
      t.client.api.resizeInstance({ ...id(made.id), body: { type: made.type } }),
      "type",
      /already/,
    );
    await badRequest(
      t.client.api.resizeInstance({
        ...id(made.id),
        body: { type: "g6-nanode-1", migration_type: "hot" as never },
      }),
      "migration_type",
    );
    await t.client.api.resizeInstance({ ...id(made.id), body: { type: "g6-nanode-1" } });
    await settle(t);
    expect(await status(t, made.id)).toBe("offline");
    expect((await disksOf(made.id)).map((d) => d.size)).toEqual([25600 - 512, 512]);
  });

  it("refuses when several data disks exceed the new type", async () => {
    const made = await empty(t);
    for (const label of ["a", "b"]) {
      await t.client.api.createDisk({ ...id(made.id), body: { label, size: 20000 } });
      await settle(t);
    }
    await badRequest(t.client.api.resizeInstance({ ...id(made.id), body: { type: "g6-nanode-1" } }), "type");
  });

  it("waits for queued or running actions (rule 4)", async () => {
    const made = await t.client.api.createInstance({ body: createBody() as never });
    const err = await apiError(
      t.client.api.resizeInstance({ ...id(made.id), body: { type: "g6-standard-2" } }),
      400,
    );
    expect(err.errors).toEqual([{ reason: INSTANCE_BUSY_REASON }]);
    expect(await t.control.events({ action: "compute_resize" })).toEqual([]);
  });

  it("refuses while a migration is pending", async () => {
    const made = await deployed(t);
    await t.client.api.migrateInstance({ ...id(made.id), body: {} });
    await badRequest(
      t.client.api.resizeInstance({ ...id(made.id), body: { type: "g6-standard-2" } }),
      undefined,
      /pending migration/,
    );
  });
});

describe("migrate", () => {
  it("queues, then migrates (migrating) and returns to running; a region move changes the region", async () => {
    const made = await deployed(t);
    await expect(
      t.client.api.migrateInstance({ ...id(made.id), body: { region: "us-ord" } }),
    ).resolves.toEqual({});
    expect(await t.control.events({ action: "compute_migrate_datacenter_create" })).toHaveLength(1);
    expect(await status(t, made.id)).toBe("running");
    await settle(t);
    expect(await status(t, made.id)).toBe("migrating");
    await settle(t);
    const moved = await t.client.api.getInstance(id(made.id));
    expect(moved).toMatchObject({ status: "running", region: "us-ord" });
    expect(moved.ipv4[0]).not.toBe(made.ipv4[0]);
    expect((await t.control.events({ action: "compute_migrate_datacenter" }))[0]!.status).toBe("finished");
  });

  it("lets a region migration replace a queued one, and refuses a bad region, warm region moves and VPC interfaces", async () => {
    const made = await deployed(t);
    await t.client.api.migrateInstance({ ...id(made.id), body: {} });
    await t.client.api.migrateInstance({ ...id(made.id), body: { region: "fr-par" } });
    await settle(t);
    await settle(t);
    await expect(t.client.api.getInstance(id(made.id))).resolves.toMatchObject({ region: "fr-par" });
    await badRequest(t.client.api.migrateInstance({ ...id(made.id), body: { region: "mars-1" } }), "region");
    await badRequest(
      t.client.api.migrateInstance({ ...id(made.id), body: { region: "fr-par" } }),
      "region",
      /already/,
    );
    await badRequest(
      t.client.api.migrateInstance({ ...id(made.id), body: { region: "us-ord", type: "warm" } }),
      "type",
    );
    const vpc = await t.client.api.createVpc({
      body: { label: "v", region: "fr-par", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
    });
    const [config] = (await t.client.api.listConfigs(id(made.id))).data;
    await t.client.api.addInterface({
      params: { computeId: made.id, configId: config!.id },
      body: { purpose: "vpc", subnet_id: vpc.subnets[0]!.id },
    });
    await badRequest(
      t.client.api.migrateInstance({ ...id(made.id), body: { region: "us-ord" } }),
      "region",
      /VPC/,
    );
  });

  it("answers 400 to upgrade:true without a free upgrade, and upgrades a deprecated type", async () => {
    const current = await deployed(t);
    await badRequest(
      t.client.api.migrateInstance({ ...id(current.id), body: { upgrade: true } }),
      "upgrade",
      /No free upgrade/,
    );
    expect(await t.control.events({ action: "compute_migrate" })).toEqual([]);
    const legacy = await deployed(t, { type: "g5-standard-1" });
    await t.client.api.migrateInstance({ ...id(legacy.id), body: { upgrade: true } });
    await settle(t);
    await settle(t);
    await expect(t.client.api.getInstance(id(legacy.id))).resolves.toMatchObject({
      type: "g6-standard-1",
      status: "running",
    });
  });
});

describe("mutate", () => {
  it("upgrades a deprecated type to its successor, waits for running actions, and refuses current types", async () => {
    const current = await deployed(t);
    await badRequest(t.client.api.mutateInstance(id(current.id)), undefined, /No free upgrade/);
    const legacy = await t.client.api.createInstance({
      body: { region: "us-iad", type: "g5-standard-1", image: "compute/debian12", root_pass: ROOT_PASS },
    });
    const busy = await apiError(t.client.api.mutateInstance(id(legacy.id)), 400);
    expect(busy.errors).toEqual([{ reason: INSTANCE_BUSY_REASON }]);
    await settle(t);
    await expect(t.client.api.mutateInstance(id(legacy.id))).resolves.toEqual({});
    expect(await status(t, legacy.id)).toBe("migrating");
    await settle(t);
    await expect(t.client.api.getInstance(id(legacy.id))).resolves.toMatchObject({
      type: "g6-standard-1",
      specs: { disk: 51200 },
      status: "running",
    });
    expect((await disksOf(legacy.id))[0]!.size).toBe(51200 - 512);
    expect((await t.control.events({ action: "compute_mutate" }))[0]!.status).toBe("finished");
  });
});
