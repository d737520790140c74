/**
 * ConfigInterface through the real engine, on the assembled example (an empty instance, two disks, a
 * config that boots them and leaves `interfaces` out) with a public and a vpc interface of their own:
 * up returns once the instance runs with both active; no-op preview/refresh (`nat11: any` and the
 * address the API chose are no diff); primary in place (reboot with rebootOnChange); positions kept
 * with the order endpoint (the instance shut down and booted back); subnetId replaces (the active
 * interface deleted first); drift (changed, deleted out of band); bad input and an inline list on the
 * same config refused at preview; without allowReboot an active interface is not deleted and the
 * error says what to do; a reboot whose wait times out keeps the ID and the next up converges; destroy.
 */
import { collect, status, waitForInstance } from "../../src/client";
import { instanceEndpoints, type ConfigInterface } from "../../src/contract";
import { assembledProgram, type AssembledShape } from "../../examples/instance-assembled";
import type { ConfigInterfaceShape } from "../../examples/config-interface";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(300_000);

let e: EngineStack;
let shape: AssembledShape;
let computeId: number;
let configId: number;
let app: number;
let db: number;

function program() {
  return async () => {
    // The interfaces' IDs among the outputs: when one fails, the program does not register its outputs
    // with an engine that is already ending the update.
    const { instance, config, nics } = assembledProgram(shape);
    return { instanceId: instance.id, configId: config.id, nicIds: nics.map((n) => n.id) };
  };
}
const up = async () => (await e.stack.up()).summary.resourceChanges;
const preview = async () => (await e.stack.preview()).changeSummary;
const nics = (): Promise<ConfigInterface[]> =>
  e.client.api.listInterfaces({ params: { computeId, configId } });
const summary = async () => (await nics()).map((i) => [i.purpose, i.active, i.primary, i.subnet_id]);
const instanceStatus = async () => (await e.client.api.getInstance({ params: { computeId } })).status;
const withNic = (name: string, change: Partial<ConfigInterfaceShape>) => {
  shape.interfaces = shape.interfaces!.map((n) => (n.name === name ? { ...n, ...change } : n));
  e.setProgram(program());
};

beforeAll(async () => {
  e = await engineStack("config-interface");
  // Lifecycles run 20 times faster: a boot's 3 s take 0.15 s.
  e.emulator.clock.setScale(20);
  const vpc = await e.client.api.createVpc({
    body: {
      label: "engine-nics",
      region: "us-iad",
      subnets: [
        { label: "app", ipv4: "10.0.1.0/24" },
        { label: "db", ipv4: "10.0.2.0/24" },
      ],
    },
  });
  [app, db] = vpc.subnets.map((s) => s.id) as [number, number];
  shape = {
    instance: { name: "server", region: "us-iad", type: "g6-standard-1", label: "engine-nics" },
    root: { name: "root", label: "root", size: 4000, image: IMAGE, rootPass: ROOT_PASS },
    swap: { name: "swap", label: "swap", size: 512, filesystem: "swap" },
    config: { name: "boot", label: "boot", booted: true },
    interfaces: [
      { name: "public", purpose: "public", position: 0, rebootOnChange: true },
      {
        name: "vpc",
        purpose: "vpc",
        subnetId: app,
        ipv4: { nat11: "any" },
        position: 1,
        rebootOnChange: true,
      },
    ],
  };
});
afterAll(async () => {
  await e?.dispose();
});

test("up adds both interfaces and returns once the instance runs with them active", async () => {
  e.setProgram(program());
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 7 });
  computeId = Number(result.outputs.instanceId!.value);
  configId = Number(result.outputs.configId!.value);
  expect(await instanceStatus()).toBe("running");
  expect(await summary()).toEqual([
    ["public", true, false, null],
    ["vpc", true, false, app],
  ]);
  const vpc = (await nics())[1]!;
  expect(vpc.ipv4).toMatchObject({ vpc: "10.0.1.2", nat_1_1: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) });
  // The outputs: what was asked in its shape (`any`), and the addresses the API chose.
  const resources = (await e.stack.exportStack()).deployment.resources as {
    urn: string;
    outputs: Record<string, unknown>;
  }[];
  expect(resources.find((r) => r.urn.endsWith("::vpc"))!.outputs).toMatchObject({
    ipv4: { nat11: "any" },
    vpcAddress: "10.0.1.2",
    nat11Address: vpc.ipv4!.nat_1_1,
    vpcId: vpc.vpc_id,
    position: 1,
    active: true,
  });
});

test("a second preview and a refresh report no changes: nat11 any and the chosen address are no diff", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 7 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 7 });
});

test("primary changes in place, and rebootOnChange reboots the instance to apply it", async () => {
  const before = (await nics()).map((i) => i.id);
  await e.control.clearRequests();
  withNic("vpc", { primary: true });
  expect(await preview()).toEqual({ same: 6, update: 1 });
  expect(await up()).toEqual({ same: 6, update: 1 });
  expect(await e.writes()).toEqual([
    `PUT /compute/instances/${computeId}/configs/${configId}/interfaces/${before[1]}`,
    `POST /compute/instances/${computeId}/reboot`,
  ]);
  expect((await nics()).map((i) => [i.id, i.primary])).toEqual([
    [before[0], false],
    [before[1], true],
  ]);
  expect(await instanceStatus()).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
});

test("swapped positions are kept with the order endpoint: shut down, reorder, boot back", async () => {
  const [pub, vpc] = (await nics()).map((i) => i.id);
  await e.control.clearRequests();
  withNic("public", { position: 1 });
  withNic("vpc", { position: 0 });
  expect(await preview()).toEqual({ same: 5, update: 2 });
  expect(await up()).toEqual({ same: 5, update: 2 });
  expect((await nics()).map((i) => i.id)).toEqual([vpc, pub]);
  const orders = (await e.writes()).filter((w) => w.endsWith("/interfaces/order"));
  expect(orders.length).toBeGreaterThanOrEqual(1);
  expect((await e.writes()).filter((w) => w.endsWith("/shutdown")).length).toBe(orders.length);
  expect(await instanceStatus()).toBe("running");
  expect((await nics()).every((i) => i.active)).toBe(true);
  await e.stack.preview({ expectNoChanges: true });
});

test("a subnetId change replaces the interface, deleting the active one first", async () => {
  const before = (await nics()).find((i) => i.purpose === "vpc")!;
  withNic("vpc", { subnetId: db });
  expect(await preview()).toEqual({ same: 6, replace: 1 });
  expect(await up()).toEqual({ same: 6, replace: 1 });
  const after = await nics();
  expect(after.map((i) => [i.purpose, i.subnet_id, i.active])).toEqual([
    ["vpc", db, true],
    ["public", null, true],
  ]);
  expect(after[0]!.id).not.toBe(before.id);
  expect(await instanceStatus()).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
});

test("a primary changed out of band shows as drift in refresh, and up puts it back", async () => {
  const vpc = (await nics())[0]!;
  await e.client.api.updateInterface({
    params: { computeId, configId, interfaceId: vpc.id },
    body: { primary: false },
  });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 6, update: 1 });
  expect(await up()).toEqual({ same: 6, update: 1 });
  expect((await nics())[0]).toMatchObject({ id: vpc.id, primary: true });
  await e.stack.preview({ expectNoChanges: true });
});

test("an interface deleted out of band disappears on refresh, and up adds it back", async () => {
  const pub = (await nics()).find((i) => i.purpose === "public")!;
  // The API deletes only inactive interfaces: shut down, delete, boot.
  await e.client.api.shutdownInstance({ params: { computeId }, body: {} });
  await waitForInstance(e.client, computeId, status("offline"), { timeoutMs: 60_000 });
  await e.client.api.deleteInterface({ params: { computeId, configId, interfaceId: pub.id } });
  await e.client.api.bootInstance({ params: { computeId }, body: { config_id: configId } });
  await waitForInstance(e.client, computeId, status("running"), { timeoutMs: 60_000 });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 6, delete: 1 });
  expect(await up()).toEqual({ same: 6, create: 1 });
  expect(await summary()).toEqual([
    ["vpc", true, true, db],
    ["public", true, false, null],
  ]);
  await e.stack.preview({ expectNoChanges: true });
});

test("bad input fails at preview naming the property, and nothing is written", async () => {
  const good = shape.interfaces!;
  await e.control.clearRequests();
  const cases: [Partial<ConfigInterfaceShape>, RegExp][] = [
    [{ subnetId: undefined }, /subnetId.*subnetId is required for vpc interfaces/s],
    [{ position: 3 }, /position: must be 0..2/s],
    [{ label: "lan" }, /label: must be empty for vpc interfaces/s],
  ];
  for (const [change, message] of cases) {
    withNic("vpc", change);
    const err = await failure(e.stack.preview());
    expect(err?.message).toMatch(message);
    expect(err?.message).not.toMatch(/^\s+at /m);
    shape.interfaces = good;
  }
  expect(await e.writes()).toEqual([]);
});

test("a config that declares its interfaces inline and ConfigInterfaces on it fail at preview", async () => {
  await e.control.clearRequests();
  shape.config = { ...shape.config, interfaces: [{ purpose: "public" }] };
  e.setProgram(program());
  const err = await failure(e.stack.preview());
  expect(err?.message).toMatch(
    new RegExp(`configId.*InstanceConfig ${configId} declares its interfaces inline`, "s"),
  );
  expect(await e.writes()).toEqual([]);
  shape.config = { ...shape.config, interfaces: undefined };
  e.setProgram(program());
  await e.stack.preview({ expectNoChanges: true });
});

test("without allowReboot an active interface is not deleted, and the error says what to do", async () => {
  const kept = shape.interfaces!;
  withNic("public", { allowReboot: false });
  expect(await up()).toEqual({ same: 6, update: 1 });
  const pub = (await nics()).find((i) => i.purpose === "public")!;
  shape.interfaces = kept.filter((n) => n.name !== "public");
  e.setProgram(program());
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  expect(shown).toMatch(
    new RegExp(
      `ConfigInterface ${pub.id} of InstanceConfig ${configId} is active on Instance ${computeId}.*allowReboot: true`,
    ),
  );
  expect(shown).not.toMatch(/^\s+at /m);
  expect((await nics()).map((i) => i.id)).toContain(pub.id);

  // As the error says: allow it, then remove it.
  shape.interfaces = kept;
  e.setProgram(program());
  expect(await up()).toEqual({ same: 6, update: 1 });
  shape.interfaces = kept.filter((n) => n.name !== "public");
  e.setProgram(program());
  expect(await up()).toEqual({ same: 6, delete: 1 });
  expect(await summary()).toEqual([["vpc", true, true, db]]);
  expect(await instanceStatus()).toBe("running");
  shape.interfaces = kept;
});

test("a reboot whose wait times out keeps the new interface, and the next up converges", async () => {
  await e.stack.setConfig("compute:createTimeoutSeconds", { value: "2" });
  e.emulator.jobs.timings.set("instance.boot", 3_600_000);
  e.setProgram(program());
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  const pub = (await nics()).find((i) => i.purpose === "public")!;
  expect(shown).toMatch(
    new RegExp(
      `ConfigInterface ${pub.id} was created, but Instance ${computeId} did not become running within 2s` +
        ".*the next `pulumi up` continues from here",
    ),
  );
  const resources = (await e.stack.exportStack()).deployment.resources as { urn: string; id?: string }[];
  expect(resources.find((r) => r.urn.endsWith("::public"))?.id).toBe(String(pub.id));

  await e.control.clock({ advance_ms: 3_600_000 });
  e.emulator.jobs.timings.set("instance.boot", 3000);
  await e.stack.removeConfig("compute:createTimeoutSeconds");
  expect(await up()).toEqual({ same: 6, update: 1 });
  expect((await nics()).map((i) => i.id)).toContain(pub.id);
  expect((await nics()).every((i) => i.active)).toBe(true);
  await e.stack.preview({ expectNoChanges: true });
});

test("destroy removes the interfaces and everything else", async () => {
  const result = await e.stack.destroy();
  expect(result.summary.resourceChanges).toEqual({ delete: 7 });
  expect(await collect(e.client.each(instanceEndpoints.listInstances))).toEqual([]);
  expect(e.emulator.store.table("interfaces").filter(() => true)).toEqual([]);
});
