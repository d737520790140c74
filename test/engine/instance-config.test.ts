/**
 * InstanceConfig through the real engine, in the assembled example (an empty instance, two disks,
 * a config with a public and a vpc interface that boots them): up returns once the instance runs
 * with it; no-op preview/refresh (`nat11: any` and the VPC address the API chose are no diff); label,
 * kernel (a line says a reboot is due), run level with rebootOnChange (rebooted), interfaces and
 * booted in place; computeId replaces; drift; bad input at preview; a boot whose wait times out
 * keeps the ID and the next up converges; no secret in plaintext; destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../src/client";
import { configEndpoints, instanceEndpoints, type Config } from "../../src/contract";
import { assembledProgram, type AssembledShape } from "../../examples/instance-assembled";
import { instanceConfigProgram } from "../../examples/instance-config";
import { instanceDiskProgram } from "../../examples/instance-disk";
import { instanceProgram } from "../../examples/instance";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(240_000);

let e: EngineStack;
let shape: AssembledShape;
let computeId: number;
let subnetId: number;

function program() {
  return async () => {
    const { instance, config } = assembledProgram(shape);
    return { instanceId: instance.id, configId: config.id };
  };
}
const up = async () => (await e.stack.up()).summary.resourceChanges;
const preview = async () => (await e.stack.preview()).changeSummary;
const configs = () => collect(e.client.each(configEndpoints.listConfigs, { params: { computeId } }));
const theConfig = async (): Promise<Config> => {
  const found = await configs();
  expect(found).toHaveLength(1);
  return found[0]!;
};
const instanceStatus = async () => (await e.client.api.getInstance({ params: { computeId } })).status;

beforeAll(async () => {
  e = await engineStack("instance-config");
  // Lifecycles run 20 times faster: a boot's 3 s take 0.15 s.
  e.emulator.clock.setScale(20);
  const vpc = await e.client.api.createVpc({
    body: { label: "engine-net", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
  });
  subnetId = vpc.subnets[0]!.id;
  shape = {
    instance: { name: "server", region: "us-iad", type: "g6-standard-1", label: "engine-config" },
    root: { name: "root", label: "root", size: 4000, image: IMAGE, rootPass: ROOT_PASS },
    swap: { name: "swap", label: "swap", size: 512, filesystem: "swap" },
    config: {
      name: "boot",
      label: "boot",
      interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId, ipv4: { nat11: "any" } }],
      booted: true,
    },
  };
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates the config and returns once the instance runs with it, with no request refused", async () => {
  e.setProgram(program());
  await e.control.clearRequests();
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 5 });
  // The two disks are made one after another: neither POST meets the other's job ("busy").
  expect((await e.control.requests()).filter((r) => r.status >= 400)).toEqual([]);
  computeId = Number(result.outputs.instanceId!.value);
  expect(await instanceStatus()).toBe("running");
  const config = await theConfig();
  expect(String(config.id)).toBe(result.outputs.configId!.value);
  expect(config).toMatchObject({ kernel: "compute/latest-64bit", run_level: "default" });
  expect(config.interfaces.map((i) => [i.purpose, i.active, i.ipv4?.vpc])).toEqual([
    ["public", true, undefined],
    ["vpc", true, "10.0.1.2"],
  ]);
  expect(config.interfaces[1]!.ipv4!.nat_1_1).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
});

test("a second preview and a refresh report no changes: values the API filled in are no diff", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 5 });
});

test("label and comments change in place, with no reboot and no reboot line", async () => {
  const { id } = await theConfig();
  await e.control.clearRequests();
  shape.config = { ...shape.config, label: "boot-2", comments: "assembled" };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  const { result, shown } = await e.upShowing();
  expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(await theConfig()).toMatchObject({ id, label: "boot-2", comments: "assembled" });
  expect(await e.writes()).toEqual([`PUT /compute/instances/${computeId}/configs/${id}`]);
  expect(shown).not.toMatch(/reboot/);
});

test("a kernel change is made in place; by default no reboot, and a line says one is due", async () => {
  const { id } = await theConfig();
  await e.control.clearRequests();
  shape.config = { ...shape.config, kernel: "compute/latest-32bit" };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  const { result, shown } = await e.upShowing();
  expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(await theConfig()).toMatchObject({ id, kernel: "compute/latest-32bit" });
  expect(await e.writes()).toEqual([`PUT /compute/instances/${computeId}/configs/${id}`]);
  expect(shown).toContain(
    `InstanceConfig ${id} (boot-2): kernel changed; Instance ${computeId} runs with this config and applies ` +
      "the change when it reboots (rebootOnChange: true lets `pulumi up` reboot it)",
  );
});

test("with rebootOnChange, a run level change reboots the instance and waits until it runs", async () => {
  const { id } = await theConfig();
  await e.control.clearRequests();
  shape.config = { ...shape.config, runLevel: "single", rebootOnChange: true };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect(await theConfig()).toMatchObject({ id, run_level: "single" });
  expect(await e.writes()).toEqual([
    `PUT /compute/instances/${computeId}/configs/${id}`,
    `POST /compute/instances/${computeId}/reboot`,
  ]);
  expect(await instanceStatus()).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
});

test("the interface list changes in place", async () => {
  const { id } = await theConfig();
  shape.config = { ...shape.config, interfaces: [{ purpose: "public", primary: true }] };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  expect(await up()).toEqual({ same: 4, update: 1 });
  const config = await theConfig();
  expect(config.id).toBe(id);
  expect(config.interfaces.map((i) => [i.purpose, i.primary])).toEqual([["public", true]]);
  await e.stack.preview({ expectNoChanges: true });
});

test("booted: false shuts the instance down in place, and true boots it again", async () => {
  shape.config = { ...shape.config, booted: false };
  e.setProgram(program());
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect(await instanceStatus()).toBe("offline");
  shape.config = { ...shape.config, booted: true };
  e.setProgram(program());
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect(await instanceStatus()).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
});

test("a computeId change is shown as a replacement", async () => {
  const other = await e.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
  await e.control.clock({ advance_ms: 120_000 });
  // Its devices must be disks of the new instance: the API refuses another instance's (at preview).
  const disk = await e.client.api.createDisk({
    params: { computeId: other.id },
    body: { label: "d", size: 100 },
  });
  e.setProgram(async () => {
    const { instance } = instanceProgram(shape.instance);
    instanceDiskProgram(instance.id, shape.root);
    instanceDiskProgram(instance.id, shape.swap);
    instanceConfigProgram(String(other.id), { sda: disk.id }, shape.config);
  });
  expect(await preview()).toEqual({ same: 4, replace: 1 });
  await e.client.api.deleteInstance({ params: { computeId: other.id } });
});

test("a kernel changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await theConfig();
  await e.client.api.updateConfig({
    params: { computeId, configId: id },
    body: { kernel: "compute/latest-64bit" },
  });
  e.setProgram(program());
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect(await theConfig()).toMatchObject({ id, kernel: "compute/latest-32bit" });
  await e.stack.preview({ expectNoChanges: true });
});

test("a config deleted out of band disappears on refresh, and up creates and boots it again", async () => {
  const { id } = await theConfig();
  await e.client.api.shutdownInstance({ params: { computeId }, body: {} });
  await e.control.clock({ advance_ms: 60_000 });
  await e.client.api.deleteConfig({ params: { computeId, configId: id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 4, delete: 1 });
  expect(await up()).toEqual({ same: 4, create: 1 });
  const again = await theConfig();
  expect(again.id).not.toBe(id);
  expect(await instanceStatus()).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
});

test("bad input fails at preview naming the property, and nothing is written", async () => {
  await e.control.clearRequests();
  const withConfig =
    (devices: Record<string, unknown>, config: Partial<AssembledShape["config"]>) => async () => {
      const { instance } = instanceProgram(shape.instance);
      const { disk: root } = instanceDiskProgram(instance.id, shape.root);
      instanceConfigProgram(instance.id, { sda: root.id, ...devices }, { ...shape.config, ...config });
    };
  e.setProgram(withConfig({ sdz: 1 }, {}));
  const err = await failure(e.stack.preview());
  expect(err?.message).toMatch(/devices.*devices are named sda..sdh \(not sdz\)/s);
  expect(err?.message).not.toMatch(/^\s+at /m);
  e.setProgram(
    withConfig(
      {},
      {
        interfaces: [
          { purpose: "public", primary: true },
          { purpose: "vpc", subnetId, primary: true },
        ],
      },
    ),
  );
  expect((await failure(e.stack.preview()))?.message).toMatch(
    /interfaces.*at most one interface may be primary/s,
  );
  expect(await e.writes()).toEqual([]);
});

test("a boot whose wait times out keeps the config, and the next up converges", async () => {
  const { id } = await theConfig();
  shape.config = { ...shape.config, booted: false };
  e.setProgram(program());
  expect(await up()).toEqual({ same: 4, update: 1 });
  await e.stack.setConfig("compute:updateTimeoutSeconds", { value: "2" });
  e.emulator.jobs.timings.set("instance.boot", 3_600_000);
  shape.config = { ...shape.config, booted: true };
  e.setProgram(program());
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  expect(shown).toMatch(
    new RegExp(
      `InstanceConfig ${id} was updated, but Instance ${computeId} did not become running within 2s ` +
        "\\(last state: booting\\); .*; the next `pulumi up` continues from here",
    ),
  );
  expect(shown).not.toMatch(/^\s+at /m);
  const resources = (await e.stack.exportStack()).deployment.resources as { urn: string; id?: string }[];
  expect(resources.find((r) => r.urn.endsWith("::boot"))?.id).toBe(String(id));

  await e.control.clock({ advance_ms: 3_600_000 });
  e.emulator.jobs.timings.set("instance.boot", 3000);
  await e.stack.removeConfig("compute:updateTimeoutSeconds");
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect(await instanceStatus()).toBe("running");
  expect((await theConfig()).id).toBe(id);
  await e.stack.preview({ expectNoChanges: true });
});

test("the state on disk holds no root password in plaintext", async () => {
  const dir = path.join(e.dir, "state");
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(fs.readFileSync(file, "utf8").includes(ROOT_PASS)).toBe(false);
});

test("destroy shuts the instance down before it deletes its config, and leaves nothing", async () => {
  const { id } = await theConfig();
  await e.control.clearRequests();
  const result = await e.stack.destroy();
  expect((await e.writes()).slice(0, 2)).toEqual([
    `POST /compute/instances/${computeId}/shutdown`,
    `DELETE /compute/instances/${computeId}/configs/${id}`,
  ]);
  // No request the API refuses (a config's, an interface's or a disk's DELETE while the instance runs,
  // or while another disk's deletion runs): the only error answers are the 404s that confirm deletions.
  expect((await e.control.requests()).filter((r) => r.status >= 400 && r.status !== 404)).toEqual([]);
  expect(result.summary.resourceChanges).toEqual({ delete: 5 });
  expect(await collect(e.client.each(instanceEndpoints.listInstances))).toEqual([]);
  expect(e.emulator.store.table("configs").filter(() => true)).toEqual([]);
  expect(e.emulator.store.table("interfaces").filter(() => true)).toEqual([]);
});
