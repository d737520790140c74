/** Configuration profiles against the running emulator, through our client: limits, defaults, devices, events. */
import { deployed, empty, settle } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";
import { rawRequest } from "../../support/raw-http";

const t = useEmulator();
const onInstance = (computeId: number) => ({ params: { computeId } });
const onConfig = (computeId: number, configId: number) => ({ params: { computeId, configId } });
const createConfig = (computeId: number, body: Record<string, unknown>) =>
  t.client.api.createConfig({ ...onInstance(computeId), body: body as never });
/** JSON our client would never send (`interfaces: null`), as the upstream Go client sends it. */
async function raw(method: string, path: string, body: unknown) {
  const answer = await rawRequest({
    method,
    url: `${t.emulator.url}${path}`,
    headers: { Authorization: `Bearer ${t.emulator.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
}

async function withDisks() {
  const made = await empty(t);
  const a = await t.client.api.createDisk({ ...onInstance(made.id), body: { label: "a", size: 100 } });
  await settle(t);
  const b = await t.client.api.createDisk({ ...onInstance(made.id), body: { label: "b", size: 100 } });
  await settle(t);
  return { made, a, b };
}

describe("limits and required fields", () => {
  it.each([
    ["label", { devices: {} }, /label is required/],
    ["label", { label: "", devices: {} }, /1\.\.48/],
    ["label", { label: "a".repeat(49), devices: {} }, /1\.\.48/],
    ["devices", { label: "x" }, /devices is required/],
    ["devices", { label: "x", devices: [] }, /devices must be an object/],
    ["devices", { label: "x", devices: { sdi: { disk_id: 1 } } }, /sda\.\.sdh/],
    ["run_level", { label: "x", devices: {}, run_level: "multi" }, /default, single, binbash/],
    ["virt_mode", { label: "x", devices: {}, virt_mode: "hvm" }, /paravirt or fullvirt/],
    ["root_device", { label: "x", devices: {}, root_device: "/dev/sda;rm" }, /letters, digits/],
    ["memory_limit", { label: "x", devices: {}, memory_limit: -1 }, /at least 0/],
    ["interfaces", { label: "x", devices: {}, interfaces: Array(4).fill({ purpose: "public" }) }, /1\.\.3/],
    ["devices.sde", { label: "x", devices: { sde: { disk_id: 1 } }, virt_mode: "fullvirt" }, /fullvirt/],
  ])("rejects %s: %j", async (field, body, reason) => {
    const { id } = await empty(t);
    await badRequest(createConfig(id, body), field, reason);
  });

  it("accepts a 48-character label", async () => {
    const { id } = await empty(t);
    await expect(createConfig(id, { label: "a".repeat(48), devices: {} })).resolves.toMatchObject({
      label: "a".repeat(48),
    });
  });

  it("needs an existing kernel and a memory limit within the instance's RAM", async () => {
    const { id } = await empty(t);
    await badRequest(
      createConfig(id, { label: "x", devices: {}, kernel: "compute/nope" }),
      "kernel",
      /not found/,
    );
    await badRequest(
      createConfig(id, { label: "x", devices: {}, memory_limit: 2049 }),
      "memory_limit",
      /2048/,
    );
    await expect(
      createConfig(id, { label: "x", devices: {}, kernel: "compute/grub2" }),
    ).resolves.toMatchObject({
      kernel: "compute/grub2",
    });
  });
});

describe("defaults", () => {
  it("uses the latest 64-bit kernel, run level default, paravirt, /dev/sda and the instance's RAM", async () => {
    const { id } = await empty(t, { type: "g6-standard-2" });
    const config = await createConfig(id, { label: "boot", devices: {} });
    expect(config).toMatchObject({
      label: "boot",
      comments: "",
      initrd: null,
      kernel: "compute/latest-64bit",
      run_level: "default",
      virt_mode: "paravirt",
      root_device: "/dev/sda",
      memory_limit: 4096,
      helpers: { devtmpfs_automount: false, network: true, distro: true },
      devices: { sda: null, sdh: null },
    });
  });

  it("answers interfaces: [] when interfaces are omitted or empty (no public interface object)", async () => {
    const { id } = await empty(t);
    for (const interfaces of [undefined, []]) {
      const config = await createConfig(id, { label: "x", devices: {}, interfaces });
      expect(config.interfaces).toEqual([]);
      await expect(t.client.api.getConfig(onConfig(id, config.id))).resolves.toMatchObject({
        interfaces: [],
      });
    }
  });

  it("stores comments: null as the real API answers it, an empty string", async () => {
    const { id } = await empty(t);
    const config = await createConfig(id, { label: "x", devices: {}, comments: null });
    expect(config.comments).toBe("");
    const updated = await t.client.api.updateConfig({
      ...onConfig(id, config.id),
      body: { comments: "note" },
    });
    expect(updated.comments).toBe("note");
    await expect(
      t.client.api.updateConfig({ ...onConfig(id, config.id), body: { comments: null } }),
    ).resolves.toMatchObject({ comments: "" });
  });
});

describe("interfaces: null (raw HTTP, as the upstream Go client sends it)", () => {
  it("means none on create", async () => {
    const { id } = await empty(t);
    const created = await raw("POST", `/compute/instances/${id}/configs`, {
      label: "go-config",
      devices: {},
      interfaces: null,
    });
    expect(created).toMatchObject({ status: 200, body: { label: "go-config", interfaces: [] } });
  });

  it("keeps the interfaces on update, while the other fields change", async () => {
    const { id } = await empty(t);
    const config = await createConfig(id, {
      label: "x",
      devices: {},
      interfaces: [{ purpose: "public" }, { purpose: "vlan", label: "backend" }],
    });
    const updated = await raw("PUT", `/compute/instances/${id}/configs/${config.id}`, {
      label: "y",
      comments: "",
      memory_limit: 0,
      init_rd: null,
      interfaces: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ label: "y", comments: "" });
    expect(updated.body.interfaces).toEqual(config.interfaces);
    const emptied = await t.client.api.updateConfig({ ...onConfig(id, config.id), body: { interfaces: [] } });
    expect(emptied.interfaces).toEqual([]);
  });
});

describe("devices", () => {
  it("maps disks of the instance, each once", async () => {
    const { made, a, b } = await withDisks();
    const config = await createConfig(made.id, {
      label: "x",
      devices: { sda: { disk_id: a.id }, sdb: { disk_id: b.id } },
    });
    expect(config.devices).toMatchObject({
      sda: { disk_id: a.id, volume_id: null },
      sdb: { disk_id: b.id, volume_id: null },
      sdc: null,
    });
    await badRequest(
      createConfig(made.id, { label: "x", devices: { sda: { disk_id: a.id }, sdb: { disk_id: a.id } } }),
      "devices.sdb.disk_id",
      /more than one device/,
    );
    const other = await empty(t);
    await badRequest(
      createConfig(other.id, { label: "x", devices: { sda: { disk_id: a.id } } }),
      "devices.sda.disk_id",
      /not a disk of this instance/,
    );
    await badRequest(
      createConfig(made.id, { label: "x", devices: { sda: { volume_id: 5 } } }),
      "devices.sda.volume_id",
    );
  });
});

describe("update and delete", () => {
  it("updates fields, keeps the rest, replaces devices and interfaces when given", async () => {
    const { made, a, b } = await withDisks();
    const config = await createConfig(made.id, {
      label: "x",
      devices: { sda: { disk_id: a.id } },
      comments: "c",
      interfaces: [{ purpose: "public" }],
    });
    const updated = await t.client.api.updateConfig({
      ...onConfig(made.id, config.id),
      body: {
        label: "y",
        helpers: { network: false },
        devices: { sdb: { disk_id: b.id } },
        run_level: "single",
      },
    });
    expect(updated).toMatchObject({
      label: "y",
      comments: "c",
      run_level: "single",
      helpers: { network: false, distro: true },
      devices: { sda: null, sdb: { disk_id: b.id } },
    });
    expect(updated.interfaces.map((i) => i.id)).toEqual(config.interfaces.map((i) => i.id));
    const replaced = await t.client.api.updateConfig({
      ...onConfig(made.id, config.id),
      body: { interfaces: [{ purpose: "vlan", label: "backend" }] },
    });
    expect(replaced.interfaces).toEqual([expect.objectContaining({ purpose: "vlan", label: "backend" })]);
    await badRequest(
      t.client.api.updateConfig({
        ...onConfig(made.id, config.id),
        body: { virt_mode: "fullvirt", devices: { sde: { disk_id: a.id } } },
      }),
      "devices.sde",
    );
  });

  it("cannot delete the profile the instance runs with, and emits create/update/delete events", async () => {
    const made = await deployed(t);
    const [running] = (await t.client.api.listConfigs(onInstance(made.id))).data;
    await badRequest(
      t.client.api.deleteConfig(onConfig(made.id, running!.id)),
      undefined,
      /running with this/,
    );
    const spare = await createConfig(made.id, { label: "spare", devices: {} });
    await t.client.api.updateConfig({ ...onConfig(made.id, spare.id), body: { comments: "x" } });
    await expect(t.client.api.deleteConfig(onConfig(made.id, spare.id))).resolves.toEqual({});
    await apiError(t.client.api.getConfig(onConfig(made.id, spare.id)), 404);
    const actions = (await t.control.events({ entity_id: made.id })).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith("compute_config"))).toEqual([
      "compute_config_create",
      "compute_config_update",
      "compute_config_delete",
    ]);
    await t.client.api.shutdownInstance(onInstance(made.id));
    await settle(t);
    await expect(t.client.api.deleteConfig(onConfig(made.id, running!.id))).resolves.toEqual({});
  });

  it("finds configs only through their instance and needs read_write to change them", async () => {
    const a = await empty(t, { label: "aaa" });
    const b = await empty(t, { label: "bbb" });
    const config = await createConfig(a.id, { label: "x", devices: {} });
    await apiError(t.client.api.getConfig(onConfig(b.id, config.id)), 404);
    const { token } = await t.control.seedUser({
      username: "viewer",
      restricted: true,
      grants: { compute: [{ id: a.id, permissions: "read_only", label: "aaa" }] } as never,
    });
    const viewer = t.clientFor(token);
    await expect(viewer.api.getConfig(onConfig(a.id, config.id))).resolves.toMatchObject({ label: "x" });
    await apiError(viewer.api.updateConfig({ ...onConfig(a.id, config.id), body: { label: "z" } }), 403);
  });
});
