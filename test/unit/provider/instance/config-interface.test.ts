/**
 * ConfigInterface: check names the property (per-purpose rules, position, a config with inline
 * interfaces), diff updates primary/ipv4/ipRanges/position in place and replaces the rest (old one
 * first), outputs round-trip with `any` kept, positions kept with the order endpoint, a lost create
 * adopted, a running config's change reported or rebooted, an active interface deleted only with
 * allowReboot.
 */
import { configInterfaceSpec, reordered } from "../../../../src/provider/instance/config-interface";
import { diffInputs } from "../../../../src/provider/core/diff";
import { noteInlineInterfaces } from "../../../../src/provider/instance/inline-interfaces";
import { empty, status } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import {
  expectOutputsRoundTrip,
  providerFor,
  thrown,
  useLogLines,
  useProviderSettings,
} from "../../../support/provider";
import { writeLines } from "../../../support/writes";

// Lifecycles run a thousand times faster than real time: a boot's 3 s take 3 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const { provider, checked, create } = providerFor(configInterfaceSpec);
const logged = useLogLines();

const failuresOf = async (news: Record<string, unknown>) =>
  (await provider.check!({}, { computeId: 12, configId: 7, ...news })).failures;

/** An empty instance with a ready disk and a config on it (no interfaces), and a VPC subnet. */
async function parts() {
  const instance = await empty(t);
  const disk = await t.client.api.createDisk({
    params: { computeId: instance.id },
    body: { label: "root", size: 1000 },
  });
  await t.control.clock({ advance_ms: 60_000 });
  const config = await t.client.api.createConfig({
    params: { computeId: instance.id },
    body: { label: "boot", devices: { sda: { disk_id: disk.id } } },
  });
  const vpc = await t.client.api.createVpc({
    body: { label: `net-${instance.id}`, region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
  });
  const on = { computeId: instance.id, configId: config.id };
  return { ...on, on, subnetId: vpc.subnets[0]!.id };
}

const idsOf = async (computeId: number, configId: number) =>
  (await t.client.api.listInterfaces({ params: { computeId, configId } })).map((i) => i.id);

async function bootInto(computeId: number, configId: number) {
  await t.client.api.bootInstance({ params: { computeId }, body: { config_id: configId } });
  await t.control.clock({ advance_ms: 60_000 });
  expect(await status(t, computeId)).toBe("running");
}

describe("check", () => {
  it("names the property of each per-purpose rule, in the inputs' spelling", async () => {
    expect(await failuresOf({ purpose: "vpc" })).toEqual([
      { property: "", reason: "subnetId: subnetId is required for vpc interfaces" },
    ]);
    expect(await failuresOf({ purpose: "public", ipv4: { nat11: "any" } })).toEqual([
      { property: "ipv4", reason: "ipv4: ipv4 is only allowed on vpc interfaces" },
    ]);
    expect(await failuresOf({ purpose: "vlan" })).toEqual([
      { property: "", reason: "label: label is required for vlan interfaces" },
    ]);
    expect(await failuresOf({ purpose: "vlan", label: "lan", primary: true })).toEqual([
      { property: "primary", reason: "primary: vlan interfaces cannot be primary" },
    ]);
    expect(await failuresOf({ purpose: "public", position: 3 })).toEqual([
      { property: "position", reason: "position: must be 0..2 (eth0..eth2)" },
    ]);
  });

  it("refuses an interface on a config that declares its interfaces inline", async () => {
    noteInlineInterfaces("70", true);
    expect(await failuresOf({ purpose: "public", configId: 70 })).toEqual([
      {
        property: "configId",
        reason: expect.stringMatching(/^configId: InstanceConfig 70 declares its interfaces inline/),
      },
    ]);
    noteInlineInterfaces("70", false);
    expect(await failuresOf({ purpose: "public", configId: 70 })).toEqual([]);
  });
});

describe("diff", () => {
  const inputs = checked({
    computeId: 12,
    configId: 7,
    purpose: "vpc",
    subnetId: 3,
    ipv4: { nat11: "any" },
  }).inputs;
  const olds = { ...inputs, active: true, vpcAddress: "10.0.1.2", position: 1, schemaVersion: 1 };

  it("is no change for the same inputs, whatever the position the API gave it", () => {
    expect(diffInputs(configInterfaceSpec, olds, inputs)).toMatchObject({ changes: false });
  });

  it.each([
    ["primary", true],
    ["ipv4", { nat11: "any", vpc: "10.0.1.9" }],
    ["ipRanges", ["10.0.1.64/28"]],
    ["position", 0],
  ])("updates %s in place", (key, value) => {
    expect(diffInputs(configInterfaceSpec, olds, { ...inputs, [key]: value })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("replaces on the subnet, deleting the old interface first", () => {
    expect(diffInputs(configInterfaceSpec, olds, { ...inputs, subnetId: 4 })).toMatchObject({
      replaces: ["subnetId"],
      deleteBeforeReplace: true,
    });
  });
});

describe("reordered", () => {
  it("moves the interface to its position, or last when the list is shorter", () => {
    expect(reordered([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(reordered([1, 2, 3], 1, 2)).toEqual([2, 3, 1]);
    expect(reordered([1], 1, 2)).toEqual([1]);
  });
});

describe("create", () => {
  it("outputs are the inputs and the computed fields, the same from read; NAT `any` stays `any`", async () => {
    const p = await parts();
    const { outs } = await expectOutputsRoundTrip(
      configInterfaceSpec,
      checked({
        ...p.on,
        purpose: "vpc",
        subnetId: p.subnetId,
        ipv4: { nat11: "any" },
        ipRanges: ["10.0.1.64/28"],
        position: 0,
      }).inputs,
      // A vpc interface has no label or IPAM address.
      ["label", "ipamAddress"],
    );
    expect(outs).toMatchObject({
      ipv4: { nat11: "any" },
      vpcAddress: "10.0.1.2",
      active: false,
      position: 0,
    });
    expect(outs.nat11Address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it("keeps its declared position with the order endpoint", async () => {
    const p = await parts();
    const { id: vpc } = await create({ ...p.on, purpose: "vpc", subnetId: p.subnetId });
    const { id: pub, outs } = await create({ ...p.on, purpose: "public", position: 0 });
    expect(await idsOf(p.computeId, p.configId)).toEqual([Number(pub), Number(vpc)]);
    expect(outs.position).toBe(0);
  });

  it("adopts the interface a lost create made", async () => {
    const p = await parts();
    await t.control.injectFault({
      status: 0,
      lost: true,
      method: "POST",
      path: `/compute/instances/${p.computeId}/configs/${p.configId}/interfaces`,
    });
    const { id } = await create({ ...p.on, purpose: "public" });
    expect(await idsOf(p.computeId, p.configId)).toEqual([Number(id)]);
  });

  it("on a running config: a line says a reboot is due; with rebootOnChange it reboots", async () => {
    const p = await parts();
    await bootInto(p.computeId, p.configId);
    await t.control.clearRequests();
    const { outs } = await create({ ...p.on, purpose: "public" });
    expect(outs.active).toBe(false);
    expect(logged.join("\n")).toMatch(/applies the interface when it reboots \(rebootOnChange: true/);
    expect(await writeLines(t.control)).not.toContain(`POST /compute/instances/${p.computeId}/reboot`);

    const { outs: rebooted } = await create({
      ...p,
      purpose: "vpc",
      subnetId: p.subnetId,
      rebootOnChange: true,
    });
    expect(await writeLines(t.control)).toContain(`POST /compute/instances/${p.computeId}/reboot`);
    expect(rebooted.active).toBe(true);
    expect(await status(t, p.computeId)).toBe("running");
  });
});

describe("delete", () => {
  it("shuts down, deletes and boots back an active interface with allowReboot; else says what to do", async () => {
    const p = await parts();
    const kept = await create({ ...p.on, purpose: "public", allowReboot: false });
    const removed = await create({ ...p.on, purpose: "vpc", subnetId: p.subnetId });
    await bootInto(p.computeId, p.configId);

    const err = await thrown(provider.delete!(kept.id, kept.outs));
    expect(err.message).toMatch(
      new RegExp(`^ConfigInterface ${kept.id} of InstanceConfig ${p.configId} is active .*allowReboot: true`),
    );
    expect(await idsOf(p.computeId, p.configId)).toContain(Number(kept.id));

    await t.control.clearRequests();
    await provider.delete!(removed.id, removed.outs);
    expect(await writeLines(t.control)).toEqual([
      `DELETE /compute/instances/${p.computeId}/configs/${p.configId}/interfaces/${removed.id}`,
      `POST /compute/instances/${p.computeId}/shutdown`,
      `DELETE /compute/instances/${p.computeId}/configs/${p.configId}/interfaces/${removed.id}`,
      `POST /compute/instances/${p.computeId}/boot`,
    ]);
    expect(await idsOf(p.computeId, p.configId)).toEqual([Number(kept.id)]);
    expect(await status(t, p.computeId)).toBe("running");
  });

  it("an interface the state saw active is looked at first: no DELETE the API must refuse", async () => {
    const p = await parts();
    const nic = await create({ ...p.on, purpose: "vpc", subnetId: p.subnetId });
    await bootInto(p.computeId, p.configId);
    const read = await provider.read!(nic.id, nic.outs);
    expect(read.props!.active).toBe(true);
    await t.control.clearRequests();
    await provider.delete!(nic.id, read.props!);
    const sent = await t.control.requests();
    expect(sent.filter((r) => r.status >= 400)).toEqual([]);
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${p.computeId}/shutdown`,
      `DELETE /compute/instances/${p.computeId}/configs/${p.configId}/interfaces/${nic.id}`,
      `POST /compute/instances/${p.computeId}/boot`,
    ]);
    expect(await idsOf(p.computeId, p.configId)).toEqual([]);
  });

  it("deleting several active interfaces at once shuts the instance down and boots it back once", async () => {
    const p = await parts();
    const nics = [
      await create({ ...p.on, purpose: "public" }),
      await create({ ...p.on, purpose: "vpc", subnetId: p.subnetId }),
    ];
    await bootInto(p.computeId, p.configId);
    await t.control.clearRequests();
    // The engine deletes the interfaces of a config in parallel.
    await Promise.all(nics.map((nic) => provider.delete!(nic.id, nic.outs)));
    const power = (await writeLines(t.control)).filter((w) => /\/(shutdown|boot|reboot)$/.test(w));
    expect(power).toEqual([
      `POST /compute/instances/${p.computeId}/shutdown`,
      `POST /compute/instances/${p.computeId}/boot`,
    ]);
    expect(await idsOf(p.computeId, p.configId)).toEqual([]);
    expect(await status(t, p.computeId)).toBe("running");
  });
});
