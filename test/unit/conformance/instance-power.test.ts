/** Power actions against the running emulator, through our client: boot, reboot, shut down, busy, rescue. */
import { INSTANCE_BUSY_REASON } from "../../../src/contract";
import { createBody, deployed, empty, settle, status } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const create = (overrides: Record<string, unknown> = {}) =>
  t.client.api.createInstance({ body: createBody(overrides) as never });
const id = (computeId: number) => ({ params: { computeId } });
const disksOf = async (computeId: number) => (await t.client.api.listDisks(id(computeId))).data;

describe("power lifecycle", () => {
  it("boots an offline instance: booting, then running, with compute_boot started then finished", async () => {
    const made = await deployed(t, { booted: false });
    await expect(t.client.api.bootInstance(id(made.id))).resolves.toEqual({});
    expect(await status(t, made.id)).toBe("booting");
    const [started] = await t.control.events({ action: "compute_boot" });
    expect(started).toMatchObject({ status: "started", secondary_entity: { type: "compute_config" } });
    await settle(t);
    expect(await status(t, made.id)).toBe("running");
    expect((await t.control.events({ action: "compute_boot" }))[0]).toMatchObject({ status: "finished" });
    await expect(t.client.api.bootInstance(id(made.id))).resolves.toEqual({});
    expect(await status(t, made.id)).toBe("running");
    expect(await t.control.events({ action: "compute_boot" })).toHaveLength(1);
  });

  it("shuts down (shutting_down, then offline) and reboots (rebooting, then running)", async () => {
    const made = await deployed(t);
    await t.client.api.shutdownInstance(id(made.id));
    expect(await status(t, made.id)).toBe("shutting_down");
    await settle(t);
    expect(await status(t, made.id)).toBe("offline");
    await t.client.api.rebootInstance(id(made.id));
    expect(await status(t, made.id)).toBe("rebooting");
    await settle(t);
    expect(await status(t, made.id)).toBe("running");
    const actions = (await t.control.events({ entity_id: made.id })).map((e) => `${e.action}:${e.status}`);
    expect(actions).toEqual([
      "compute_create:finished",
      "compute_boot:finished",
      "compute_shutdown:finished",
      "compute_reboot:finished",
    ]);
  });

  it("records the first boot of a deployed instance with the config it runs", async () => {
    const made = await deployed(t);
    const [config] = (await t.client.api.listConfigs({ params: { computeId: made.id } })).data;
    const [boot] = await t.control.events({ entity_id: made.id, action: "compute_boot" });
    expect(boot).toMatchObject({
      status: "finished",
      secondary_entity: { type: "compute_config", id: config!.id },
    });
    expect((await deployed(t, { booted: false })).status).toBe("offline");
    expect(await t.control.events({ action: "compute_boot" })).toHaveLength(1);
  });

  it("answers 400 Compute instance busy. while an action is queued or running", async () => {
    const made = await create();
    for (const call of [
      t.client.api.bootInstance(id(made.id)),
      t.client.api.rebootInstance(id(made.id)),
      t.client.api.shutdownInstance(id(made.id)),
    ]) {
      const err = await apiError(call, 400);
      expect(err.errors).toEqual([{ reason: INSTANCE_BUSY_REASON }]);
    }
    await settle(t);
    await t.client.api.shutdownInstance(id(made.id));
    await badRequest(t.client.api.bootInstance(id(made.id)), undefined, /^Compute instance busy\.$/);
  });

  it("boots the given config, else the only one, else the last booted one, else refuses", async () => {
    const made = await empty(t);
    await badRequest(t.client.api.bootInstance(id(made.id)), undefined, /no configuration profile/);
    const a = await t.client.api.createConfig({ ...id(made.id), body: { label: "a", devices: {} } });
    const b = await t.client.api.createConfig({ ...id(made.id), body: { label: "b", devices: {} } });
    await badRequest(t.client.api.bootInstance(id(made.id)), "config_id", /more than one/);
    await badRequest(t.client.api.bootInstance({ ...id(made.id), body: { config_id: 999 } }), "config_id");
    await t.client.api.bootInstance({ ...id(made.id), body: { config_id: b.id } });
    await settle(t);
    const boot = await t.control.events({ action: "compute_boot" });
    expect(boot[0]!.secondary_entity).toMatchObject({ id: b.id });
    await t.client.api.shutdownInstance(id(made.id));
    await settle(t);
    await t.client.api.bootInstance(id(made.id));
    const again = await t.control.events({ action: "compute_boot" });
    expect(again[1]!.secondary_entity).toMatchObject({ id: b.id });
    expect(a.id).not.toBe(b.id);
  });

  it("reboots with the last booted config over the only-config rule, or the given one", async () => {
    const made = await deployed(t);
    const [first] = (await t.client.api.listConfigs(id(made.id))).data;
    const second = await t.client.api.createConfig({
      ...id(made.id),
      body: { label: "second", devices: {} },
    });
    await t.client.api.rebootInstance({ ...id(made.id), body: { config_id: null } });
    await settle(t);
    await t.client.api.rebootInstance({ ...id(made.id), body: { config_id: second.id } });
    await settle(t);
    const reboots = await t.control.events({ action: "compute_reboot" });
    expect(reboots.map((e) => e.secondary_entity?.id)).toEqual([first!.id, second.id]);
  });
});

describe("rescue", () => {
  it("boots into rescue with disks of the instance; sdh is reserved", async () => {
    const made = await deployed(t, { booted: false });
    const [root] = await disksOf(made.id);
    await badRequest(
      t.client.api.rescueInstance({ ...id(made.id), body: { devices: { sdh: { disk_id: root!.id } } } }),
      "devices.sdh",
      /reserved/,
    );
    await badRequest(
      t.client.api.rescueInstance({ ...id(made.id), body: { devices: { sda: { disk_id: 999 } } } }),
      "devices.sda.disk_id",
    );
    await t.client.api.rescueInstance({ ...id(made.id), body: { devices: { sda: { disk_id: root!.id } } } });
    expect(await status(t, made.id)).toBe("booting");
    await settle(t);
    expect(await status(t, made.id)).toBe("running");
  });
});
