/**
 * InstanceConfig: check (device names, a disk on one device, fullvirt devices, root device, the
 * interface rules in camelCase with their position), diff (everything in place but computeId, the
 * API's choices), outputs in the shape asked (`any` NAT, chosen VPC addresses), and the provider
 * against a fast emulator: booted (boot, reboot from another config, shut down), a change to the
 * running config (a line by default, a reboot with rebootOnChange), lost creates, delete of the
 * config the instance runs with (shut down first). (The boot's timed-out wait and a delete of a gone
 * config: shared-stories.test.ts.)
 */
import { forgetListingReads } from "../../../../src/client/listing-reads";
import { diffInputs } from "../../../../src/provider/core/diff";
import { instanceConfigSpec } from "../../../../src/provider/instance/instance-config";
import { configure } from "../../../../src/provider/core/settings";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { empty, status } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import {
  expectOutputsRoundTrip,
  providerFor,
  useLogLines,
  useProviderSettings,
} from "../../../support/provider";
import { writeLines } from "../../../support/writes";

// Lifecycles run a thousand times faster than real time: a boot's 3 s take 3 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const { provider, checked, create } = providerFor(instanceConfigSpec);
const logged = useLogLines();

const failuresOf = async (news: Record<string, unknown>) =>
  (await provider.check!({}, { computeId: 12, label: "boot", devices: { sda: 1 }, ...news })).failures;

/** An empty instance with two ready disks. */
async function parts() {
  const instance = await empty(t);
  const disk = (label: string, size: number) =>
    t.client.api.createDisk({ params: { computeId: instance.id }, body: { label, size } });
  const root = await disk("root", 1000);
  await t.control.clock({ advance_ms: 60_000 });
  const swap = await disk("swap", 256);
  await t.control.clock({ advance_ms: 60_000 });
  return { computeId: instance.id, root: root.id, swap: swap.id };
}

/** A config through the provider that the instance runs with. */
async function booted() {
  const p = await parts();
  const made = await create({
    computeId: p.computeId,
    label: "boot",
    devices: { sda: p.root },
    booted: true,
  });
  await t.control.clearRequests();
  logged.length = 0;
  return { ...p, ...made };
}

describe("check", () => {
  it("names devices outside sda..sdh, a disk on two devices, and fullvirt's missing devices", async () => {
    expect(await failuresOf({ devices: { sda: 1, sdz: 2 } })).toEqual([
      { property: "devices", reason: "devices: devices are named sda..sdh (not sdz)" },
    ]);
    expect(await failuresOf({ devices: { sda: 1, sdb: "1" } })).toEqual([
      {
        property: "devices",
        reason: "devices: disk 1 is on both sda and sdb; a disk can be on one device only",
      },
    ]);
    expect(await failuresOf({ devices: { sda: 1, sde: 2 }, virtMode: "fullvirt" })).toEqual([
      { property: "devices", reason: "devices: sde is unavailable in fullvirt mode (sda..sdd only)" },
    ]);
    expect(await failuresOf({ devices: { sdb: 1 } })).toEqual([
      {
        property: "",
        reason: "rootDevice: rootDevice /dev/sda names an empty device: give devices.sda a disk",
      },
    ]);
    expect(await failuresOf({ devices: { sda: "x" } })).toEqual([
      { property: "devices", reason: 'devices.sda: must be an integer ID (got "x")' },
    ]);
  });

  it("names each limit's property", async () => {
    expect(
      await failuresOf({ label: "", runLevel: "multi", memoryLimit: -1, helpers: { netwrk: true } }),
    ).toEqual([
      { property: "label", reason: "label: must be 1..48 characters" },
      {
        property: "helpers",
        reason:
          "helpers: helpers are updatedbDisabled, distro, modulesDep, network, devtmpfsAutomount (not netwrk)",
      },
      { property: "memoryLimit", reason: "memoryLimit: must be at least 0" },
      { property: "runLevel", reason: "runLevel: must be one of default, single, binbash" },
    ]);
  });

  it("checks interfaces with the API's rules, naming the position and the field in camelCase", async () => {
    expect(
      await failuresOf({
        interfaces: [
          { purpose: "public", primary: true },
          { purpose: "vpc", primary: true },
        ],
      }),
    ).toEqual([
      { property: "interfaces", reason: "interfaces[1].subnetId: subnetId is required for vpc interfaces" },
      { property: "interfaces", reason: "interfaces: at most one interface may be primary" },
    ]);
    const four = Array.from({ length: 4 }, (_, i) => ({ purpose: "vlan", label: `v${i}` }));
    expect(await failuresOf({ interfaces: four })).toEqual([
      { property: "interfaces", reason: "interfaces: must be 1..3 items" },
    ]);
    expect(
      await failuresOf({ interfaces: [{ purpose: "vpc", subnetId: 3, ipv4: { nat11: "nope" } }] }),
    ).toEqual([
      {
        property: "interfaces",
        reason: "interfaces[0].ipv4.nat11: ipv4.nat11 must be an IPv4 address or any",
      },
    ]);
    expect(await failuresOf({ interfaces: [{ purpose: "public", vlan: "x" }] })).toEqual([
      { property: "interfaces", reason: expect.stringMatching(/^interfaces\[0\]: .*vlan/) },
    ]);
  });

  it("fills the API's defaults, canonical devices and interfaces", () => {
    expect(
      checked({
        computeId: "12",
        label: "boot",
        devices: { sda: "5", sdb: null },
        interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId: "3", ipRanges: [], ipv4: {} }],
      }).inputs,
    ).toEqual({
      computeId: 12,
      label: "boot",
      comments: "",
      devices: { sda: 5 },
      kernel: "compute/latest-64bit",
      rootDevice: "/dev/sda",
      runLevel: "default",
      virtMode: "paravirt",
      rebootOnChange: false,
      interfaces: [
        { purpose: "public", primary: false },
        { purpose: "vpc", primary: false, subnetId: 3 },
      ],
    });
  });

  it("lets unknown values through during preview", async () => {
    expect(await failuresOf({ computeId: UNKNOWN, devices: { sda: UNKNOWN } })).toEqual([]);
    expect(await failuresOf({ interfaces: [{ purpose: "vpc", subnetId: UNKNOWN }] })).toEqual([]);
  });
});

describe("diff", () => {
  const inputs = checked({ computeId: 12, label: "boot", devices: { sda: 1, sdb: 2 } }).inputs;
  const olds = {
    ...inputs,
    memoryLimit: 2048,
    helpers: {
      updatedbDisabled: true,
      distro: true,
      modulesDep: true,
      network: true,
      devtmpfsAutomount: false,
    },
    interfaces: [],
    booted: true,
    schemaVersion: 1,
    __provider: "p",
  };

  it("reports no change for the same inputs, nor for what the API chose while left out", () => {
    expect(diffInputs(instanceConfigSpec, olds, inputs)).toMatchObject({ changes: false });
  });

  it.each([
    ["label", "boot-2"],
    ["comments", "hi"],
    ["devices", { sda: 1 }],
    ["helpers", { network: false }],
    ["kernel", "compute/latest-32bit"],
    ["memoryLimit", 1024],
    ["rootDevice", "/dev/sdb"],
    ["runLevel", "single"],
    ["virtMode", "fullvirt"],
    ["interfaces", [{ purpose: "public", primary: false }]],
    ["booted", false],
    ["rebootOnChange", true],
  ])("changes %s in place", (key, value) => {
    expect(diffInputs(instanceConfigSpec, olds, { ...inputs, [key]: value })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [key],
    });
  });

  it("replaces on computeId, creating the new config first", () => {
    expect(diffInputs(instanceConfigSpec, olds, { ...inputs, computeId: 13 })).toMatchObject({
      replaces: ["computeId"],
      deleteBeforeReplace: false,
    });
  });
});

describe("create", () => {
  it("outputs are the inputs and the computed fields, the same from read; NAT `any` stays `any`", async () => {
    const p = await parts();
    const vpc = await t.client.api.createVpc({
      body: { label: "net", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
    });
    const subnetId = vpc.subnets[0]!.id;
    const { outs } = await expectOutputsRoundTrip(
      instanceConfigSpec,
      checked({
        computeId: p.computeId,
        label: "boot",
        comments: "assembled",
        devices: { sda: p.root, sdb: p.swap },
        helpers: { network: false },
        kernel: "compute/latest-64bit",
        memoryLimit: 1024,
        rootDevice: "/dev/sda",
        runLevel: "default",
        virtMode: "paravirt",
        interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId, ipv4: { nat11: "any" } }],
        booted: false,
        rebootOnChange: false,
      }).inputs,
    );
    expect(outs.interfaces).toEqual([
      { purpose: "public", primary: false },
      { purpose: "vpc", primary: false, subnetId, ipv4: { nat11: "any" } },
    ]);
    const details = outs.interfaceDetails as { ipv4: { vpc: string; nat11: string } | null }[];
    expect(details[1]!.ipv4).toEqual({
      vpc: "10.0.1.2",
      nat11: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
    });
    expect(await writeLines(t.control)).not.toContain(`POST /compute/instances/${p.computeId}/boot`);
  });

  it("with booted: true boots the instance into the config and waits until it runs", async () => {
    const { computeId, id, outs } = await booted();
    expect(outs).toMatchObject({ booted: true });
    expect(await status(t, computeId)).toBe("running");
    const [boot] = await t.control.events({ action: "compute_boot" });
    expect(boot?.secondary_entity?.id).toBe(Number(id));
    expect((await provider.read!(id, outs)).props).toEqual(outs);
  });

  it("without booted, leaves the power alone and reports whether the instance runs with it", async () => {
    const p = await parts();
    await t.control.clearRequests();
    const { id, outs } = await create({ computeId: p.computeId, label: "boot", devices: { sda: p.root } });
    expect(outs).toMatchObject({ booted: false });
    expect(await writeLines(t.control)).toEqual([`POST /compute/instances/${p.computeId}/configs`]);
    await t.client.api.bootInstance({ params: { computeId: p.computeId }, body: {} });
    await t.control.clock({ advance_ms: 60_000 });
    expect((await provider.read!(id, outs)).props).toMatchObject({ booted: true });
  });

  it("adopts the config a lost create made", async () => {
    const p = await parts();
    await t.control.injectFault({
      status: 0,
      lost: true,
      method: "POST",
      path: `/compute/instances/${p.computeId}/configs`,
    });
    const { id } = await create({ computeId: p.computeId, label: "boot", devices: { sda: p.root } });
    const configs = (await t.client.api.listConfigs({ params: { computeId: p.computeId } })).data;
    expect(configs.map((c) => String(c.id))).toEqual([id]);
  });
});

describe("update", () => {
  it("changes a running config without a reboot by default, saying one is due", async () => {
    const { computeId, id, outs, inputs } = await booted();
    const { outs: after } = await provider.update!(id, outs, {
      ...inputs,
      kernel: "compute/latest-32bit",
      label: "boot-2",
    });
    expect(after).toMatchObject({ kernel: "compute/latest-32bit", label: "boot-2", booted: true });
    expect(await writeLines(t.control)).not.toContain(`POST /compute/instances/${computeId}/reboot`);
    expect(logged).toContainEqual(
      `InstanceConfig ${id} (boot-2): kernel changed; Instance ${computeId} runs with this config and applies ` +
        "the change when it reboots (rebootOnChange: true lets `pulumi up` reboot it)",
    );
  });

  it("reboots to apply a change with rebootOnChange: true, and waits until it runs", async () => {
    const { computeId, id, outs, inputs } = await booted();
    const { outs: after } = await provider.update!(id, outs, {
      ...inputs,
      runLevel: "single",
      rebootOnChange: true,
    });
    expect(after).toMatchObject({ runLevel: "single", booted: true });
    expect(Object.keys(after)).not.toContain("pending");
    expect(await writeLines(t.control)).toEqual([
      `PUT /compute/instances/${computeId}/configs/${id}`,
      `POST /compute/instances/${computeId}/reboot`,
    ]);
    expect(await status(t, computeId)).toBe("running");
  });

  it("a label or comments change needs no reboot", async () => {
    const { computeId, id, outs, inputs } = await booted();
    await provider.update!(id, outs, { ...inputs, label: "boot-2", comments: "x", rebootOnChange: true });
    expect(await writeLines(t.control)).toEqual([`PUT /compute/instances/${computeId}/configs/${id}`]);
    expect(logged).toEqual([]);
  });

  it("booted: false shuts the instance down; true boots it again", async () => {
    const { computeId, id, outs, inputs } = await booted();
    const off = await provider.update!(id, outs, { ...inputs, booted: false });
    expect(off.outs).toMatchObject({ booted: false });
    expect(await status(t, computeId)).toBe("offline");
    const on = await provider.update!(id, off.outs, inputs);
    expect(on.outs).toMatchObject({ booted: true });
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${computeId}/shutdown`,
      `POST /compute/instances/${computeId}/boot`,
    ]);
  });

  it("booted: true reboots an instance running with another config into this one", async () => {
    const { computeId, id, outs, swap } = await booted();
    const other = await create({ computeId, label: "other", devices: { sda: swap }, booted: true });
    expect(other.outs).toMatchObject({ booted: true });
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${computeId}/configs`,
      `POST /compute/instances/${computeId}/reboot`,
    ]);
    expect((await provider.read!(id, outs)).props).toMatchObject({ booted: false });
  });

  it("replaces the interface list when it changes", async () => {
    const { computeId, id, outs, inputs } = await booted();
    const { outs: after } = await provider.update!(id, outs, {
      ...inputs,
      interfaces: [{ purpose: "public", primary: true }],
    });
    expect(after.interfaces).toEqual([{ purpose: "public", primary: true }]);
    expect(await writeLines(t.control)).toEqual([`PUT /compute/instances/${computeId}/configs/${id}`]);
  });
});

describe("read and delete", () => {
  it("shows a kernel changed out of band as drift, and a shutdown as booted: false", async () => {
    const { computeId, id, outs } = await booted();
    await t.client.api.updateConfig({
      params: { computeId, configId: Number(id) },
      body: { kernel: "compute/latest-32bit" },
    });
    await t.client.api.shutdownInstance({ params: { computeId }, body: {} });
    await t.control.clock({ advance_ms: 60_000 });
    expect((await provider.read!(id, outs)).inputs).toMatchObject({
      kernel: "compute/latest-32bit",
      booted: false,
    });
  });

  it("without access to events, a single config is the one it runs with; else what was known stays", async () => {
    const { computeId, root, id, outs } = await booted();
    const { token } = await t.control.seedUser({ username: "ops", scopes: "computes:read_write" });
    configure({ get: (key) => ({ "compute:apiUrl": t.emulator.url, "compute:token": token })[key] });
    expect((await provider.read!(id, outs)).props).toMatchObject({ booted: true });
    await t.client.api.createConfig({
      params: { computeId },
      body: { label: "other", devices: { sda: { disk_id: root } } },
    });
    expect((await provider.read!(id, { ...outs, booted: false })).props).toMatchObject({ booted: false });
    expect((await provider.read!(id, outs)).props).toMatchObject({ booted: true });
    await t.client.api.shutdownInstance({ params: { computeId }, body: {} });
    await t.control.clock({ advance_ms: 60_000 });
    // Another account's shutdown is seen by the next command (a new process), not from this one's
    // listing of instances.
    forgetListingReads();
    expect((await provider.read!(id, outs)).props).toMatchObject({ booted: false });
  });

  it("delete shuts down the instance running with the config, then deletes it", async () => {
    const { computeId, id, outs } = await booted();
    await t.control.clearRequests();
    await provider.delete!(id, outs);
    expect((await t.client.api.listConfigs({ params: { computeId } })).data).toEqual([]);
    expect(await status(t, computeId)).toBe("offline");
    // No request the API must refuse: the shutdown comes before the DELETE.
    const sent = await t.control.requests();
    expect(sent.filter((r) => r.status >= 400)).toEqual([]);
    expect(sent.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /compute/instances/${computeId}/shutdown`,
      `DELETE /compute/instances/${computeId}/configs/${id}`,
    ]);
  });
});
