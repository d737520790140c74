/**
 * InstanceDisk through the real engine, in the assembled example (an empty instance, a root disk
 * from an image, a swap disk, a config that boots them): up waits until the disks are ready and the
 * instance runs; no-op preview/refresh; label, size (shutting the running instance down and booting
 * it back) and rootPass in place; an image change replaces; drift; bad input at preview; a resize
 * whose wait times out keeps the ID and the next up converges (booting the instance back); no
 * secret in plaintext in the state; destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../src/client";
import { diskEndpoints, instanceEndpoints, type Disk } from "../../src/contract";
import { assembledProgram, type AssembledShape } from "../../examples/instance-assembled";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(240_000);

const NEW_PASS = "An0ther-secret";
const DB_PASS = "Udf-s3cret-value";

let e: EngineStack;
let shape: AssembledShape;
let computeId: number;

function program() {
  return async () => {
    const { instance, root, swap, config } = assembledProgram(shape);
    return { instanceId: instance.id, rootId: root.id, swapId: swap.id, configId: config.id };
  };
}
const up = async () => (await e.stack.up()).summary.resourceChanges;
const preview = async () => (await e.stack.preview()).changeSummary;
const disks = () => collect(e.client.each(diskEndpoints.listDisks, { params: { computeId } }));
const labelled = async (label: string): Promise<Disk> => {
  const found = (await disks()).filter((d) => d.label === label);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const instanceStatus = async () => (await e.client.api.getInstance({ params: { computeId } })).status;

beforeAll(async () => {
  e = await engineStack("instance-disk");
  // Lifecycles run 20 times faster: a disk's 3 s take 0.15 s.
  e.emulator.clock.setScale(20);
  const stackscript = await e.client.api.createStackScript({
    body: {
      label: "db-setup",
      images: [IMAGE],
      script: '#!/bin/bash\n# <UDF name="db_pass" label="Database password" />',
    },
  });
  shape = {
    instance: { name: "server", region: "us-iad", type: "g6-standard-1", label: "engine-disk" },
    root: {
      name: "root",
      label: "root",
      size: 4000,
      image: IMAGE,
      rootPass: ROOT_PASS,
      stackscriptId: stackscript.id,
      stackscriptData: { db_pass: DB_PASS },
    },
    swap: { name: "swap", label: "swap", size: 512, filesystem: "swap" },
    config: { name: "boot", label: "boot", booted: true },
  };
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates the disks, waits until they are ready, and the config boots them", async () => {
  e.setProgram(program());
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 5 });
  computeId = Number(result.outputs.instanceId!.value);
  // The engine creates independent resources in parallel: the API's order is not the program's.
  const byLabel = (await disks()).sort((x, y) => x.label.localeCompare(y.label));
  expect(byLabel.map((d) => [d.label, d.size, d.filesystem, d.status])).toEqual([
    ["root", 4000, "ext4", "ready"],
    ["swap", 512, "swap", "ready"],
  ]);
  expect(await instanceStatus()).toBe("running");
});

test("a second preview and a refresh both report no changes", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 5 });
});

test("a label edit is an in-place update", async () => {
  const { id } = await labelled("swap");
  shape.swap.label = "swap-2";
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect((await labelled("swap-2")).id).toBe(id);
});

test("a size change resizes in place: the running instance is shut down and booted back", async () => {
  const { id } = await labelled("swap-2");
  await e.control.clearRequests();
  shape.swap.size = 768;
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  const { result, shown } = await e.upShowing();
  expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(await labelled("swap-2")).toMatchObject({ id, size: 768, status: "ready" });
  expect(await instanceStatus()).toBe("running");
  expect((await writes(e.control)).map((r) => `${r.method} ${r.path}`)).toEqual([
    `POST /compute/instances/${computeId}/shutdown`,
    `POST /compute/instances/${computeId}/disks/${id}/resize`,
    `POST /compute/instances/${computeId}/boot`,
  ]);
  expect(shown).toContain(`InstanceDisk ${id} (swap-2): resizing from 512 MB to 768 MB`);
});

test("a rootPass change is reset in place, not a replacement", async () => {
  const { id } = await labelled("root");
  shape.root.rootPass = NEW_PASS;
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 4, update: 1 });
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect((await labelled("root")).id).toBe(id);
  expect(await e.control.events({ action: "password_reset" })).toHaveLength(1);
  expect(await instanceStatus()).toBe("running");
});

test("an image change replaces the disk (the new one first), and the config follows it", async () => {
  const old = await labelled("root");
  shape.root = {
    ...shape.root,
    image: "compute/debian11",
    stackscriptId: undefined,
    stackscriptData: undefined,
  };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 3, replace: 1, update: 1 });
  const { result, shown } = await e.upShowing();
  expect(result.summary.resourceChanges).toEqual({ same: 3, replace: 1, update: 1 });
  const root = await labelled("root");
  expect(root.id).not.toBe(old.id);
  const [config] = (await e.client.api.listConfigs({ params: { computeId } })).data;
  expect(config!.devices.sda?.disk_id).toBe(root.id);
  // The instance runs with the config: the device change waits for a reboot the user decides.
  expect(shown).toMatch(
    /devices changed; Instance \d+ runs with this config and applies the change when it reboots/,
  );
  await e.stack.preview({ expectNoChanges: true });
});

test("a label changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await labelled("swap-2");
  await e.client.api.updateDisk({ params: { computeId, diskId: id }, body: { label: "by-hand" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect((await labelled("swap-2")).id).toBe(id);
  await e.stack.preview({ expectNoChanges: true });
});

test("a disk deleted out of band disappears on refresh, and up creates it again", async () => {
  const { id } = await labelled("swap-2");
  await e.client.api.deleteDisk({ params: { computeId, diskId: id } });
  await e.control.clock({ advance_ms: 60_000 });
  // The API also empties the config's device that held it: drift of the config too.
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 3, delete: 1, update: 1 });
  expect(await up()).toEqual({ same: 3, create: 1, update: 1 });
  const again = await labelled("swap-2");
  expect(again.id).not.toBe(id);
  expect(again.status).toBe("ready");
  await e.stack.preview({ expectNoChanges: true });
});

test("bad input fails at preview naming the property, and nothing is written", async () => {
  await e.control.clearRequests();
  e.setProgram(async () => {
    assembledProgram({ ...shape, root: { ...shape.root, rootPass: undefined } });
  });
  const err = await failure(e.stack.preview());
  expect(err?.message).toMatch(/rootPass.*rootPass is required when deploying from an image/s);
  expect(err?.message).not.toMatch(/^\s+at /m);
  e.setProgram(async () => {
    assembledProgram({ ...shape, swap: { ...shape.swap, label: undefined } });
  });
  expect((await failure(e.stack.preview()))?.message).toMatch(/label is required for an empty disk/);
  expect(await writes(e.control)).toEqual([]);
});

test("a resize whose wait times out keeps the disk, and the next up converges and boots back", async () => {
  const { id } = await labelled("swap-2");
  await e.stack.setConfig("compute:updateTimeoutSeconds", { value: "2" });
  e.emulator.jobs.timings.set("disk.resize", 3_600_000);
  shape.swap.size = 1024;
  e.setProgram(program());
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  expect(shown).toMatch(
    new RegExp(
      `InstanceDisk ${id} was updated, but InstanceDisk ${id} did not become ready within 2s ` +
        "\\(last state: not ready\\); .*; the next `pulumi up` continues from here",
    ),
  );
  expect(shown).not.toMatch(/^\s+at /m);
  expect(await instanceStatus()).toBe("offline");
  const resources = (await e.stack.exportStack()).deployment.resources as {
    urn: string;
    id?: string;
    outputs?: Record<string, unknown>;
  }[];
  const kept = resources.find((r) => r.urn.endsWith("::swap"));
  expect(kept).toMatchObject({ id: String(id), outputs: { size: 1024, __pending: "boot" } });

  await e.control.clock({ advance_ms: 3_600_000 });
  e.emulator.jobs.timings.set("disk.resize", 3000);
  await e.stack.removeConfig("compute:updateTimeoutSeconds");
  expect(await up()).toEqual({ same: 4, update: 1 });
  expect(await labelled("swap-2")).toMatchObject({ id, size: 1024, status: "ready" });
  expect(await instanceStatus()).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
});

test("the state on disk holds neither root password nor StackScript data in plaintext", async () => {
  const dir = path.join(e.dir, "state");
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const secret of [ROOT_PASS, NEW_PASS, DB_PASS]) expect(text.includes(secret)).toBe(false);
  }
});

test("destroy leaves the emulator with no disks, configs or instances", async () => {
  const result = await e.stack.destroy();
  expect(result.summary.resourceChanges).toEqual({ delete: 5 });
  expect(await collect(e.client.each(instanceEndpoints.listInstances))).toEqual([]);
  expect(e.emulator.store.table("disks").filter(() => true)).toEqual([]);
  expect(e.emulator.store.table("configs").filter(() => true)).toEqual([]);
});
