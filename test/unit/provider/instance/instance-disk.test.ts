/**
 * InstanceDisk: check (rootPass with image, label of an empty disk, deploy fields without image),
 * diff (in place vs replace, values the API chose), outputs, and the provider against a fast
 * emulator: the wait for `ready`, resize and password reset in place (shutting down and booting back
 * an instance that runs with the disk, or refusing without allowReboot; a resize's timed-out wait
 * keeps the boot back), two creates on one instance, lost creates, drift. (A create's timed-out wait,
 * a create refused before the API acted and delete: shared-stories.test.ts.)
 */
import { diffInputs } from "../../../../src/provider/core/diff";
import { PartialFailure } from "../../../../src/provider/core/errors";
import { instanceDiskSpec } from "../../../../src/provider/instance/instance-disk";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { empty, IMAGE, ROOT_PASS, seedStackScript, status } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import {
  expectOutputsRoundTrip,
  pointSettingsAt,
  providerFor,
  thrown,
  useLogLines,
  useProviderSettings,
} from "../../../support/provider";
import { publicKeyLine } from "../../../support/ssh-keys";
import { writeLines } from "../../../support/writes";

const ED25519 = publicKeyLine();

// Lifecycles run a thousand times faster than real time: a disk's 3 s take 3 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const { provider, checked, create } = providerFor(instanceDiskSpec);
const logged = useLogLines();

const disksOf = async (computeId: number) => (await t.client.api.listDisks({ params: { computeId } })).data;

/** An empty instance with a disk (made through the provider) on sda of a config it runs with. */
async function runningWith(news: Record<string, unknown>) {
  const instance = await empty(t);
  const made = await create({ computeId: instance.id, ...news });
  const config = await t.client.api.createConfig({
    params: { computeId: instance.id },
    body: { label: "boot", devices: { sda: { disk_id: Number(made.id) } } },
  });
  await t.client.api.bootInstance({ params: { computeId: instance.id }, body: { config_id: config.id } });
  await t.control.clock({ advance_ms: 60_000 });
  expect(await status(t, instance.id)).toBe("running");
  await t.control.clearRequests();
  return { ...made, computeId: instance.id, configId: config.id };
}

describe("check", () => {
  it("needs rootPass with an image, naming it without showing any value", async () => {
    const result = await provider.check!({}, { computeId: "12", size: 2000, image: IMAGE });
    expect(result.failures).toEqual([
      { property: "", reason: "rootPass: rootPass is required when deploying from an image" },
    ]);
    const weak = await provider.check!(
      {},
      { computeId: "12", size: 2000, image: IMAGE, rootPass: "weakweak" },
    );
    expect(weak.failures).toEqual([
      { property: "", reason: "rootPass: Password does not meet strength requirement" },
    ]);
    expect(JSON.stringify(weak.failures)).not.toContain("weakweak");
  });

  it("needs a label for an empty disk, and an image for deploy fields", async () => {
    const result = await provider.check!({}, { computeId: 12, size: 100, stackscriptId: 3 });
    expect(result.failures).toEqual([
      { property: "", reason: "label: label is required for an empty disk (one without image)" },
      { property: "", reason: "image: image is required with a StackScript (stackscriptId)" },
    ]);
    const keys = await provider.check!({}, { computeId: 12, size: 100, label: "d", authorizedUsers: ["me"] });
    expect(keys.failures).toEqual([
      {
        property: "authorizedUsers",
        reason: "authorizedUsers: authorizedUsers needs an image to deploy (an empty disk has none)",
      },
    ]);
  });

  it("takes a StackScript's id as a resource gives it (a decimal string), and names a bad one", () => {
    const base = { computeId: "12", size: 2000, image: IMAGE, rootPass: ROOT_PASS };
    expect(checked({ ...base, stackscriptId: "7" })).toMatchObject({ inputs: { stackscriptId: 7 } });
    expect(checked({ ...base, stackscriptId: "seven" }).failures).toEqual([
      { property: "stackscriptId", reason: "stackscriptId must be an integer ID" },
    ]);
  });

  it("names the property of a limit, and fills the defaults", () => {
    expect(checked({ computeId: "x", size: 0, label: "a".repeat(49), filesystem: "zfs" }).failures).toEqual([
      { property: "computeId", reason: "computeId must be an integer ID" },
      { property: "label", reason: "label must be 1..48 characters" },
      { property: "size", reason: "size must be at least 1 (MB)" },
      { property: "filesystem", reason: "filesystem must be one of raw, swap, ext3, ext4, initrd" },
    ]);
    expect(checked({ computeId: "12", size: 100, label: "data" }).inputs).toEqual({
      computeId: 12,
      size: 100,
      label: "data",
      allowReboot: true,
    });
  });

  it("lets unknown values through during preview", async () => {
    const result = await provider.check!(
      {},
      { computeId: UNKNOWN, size: 2000, image: IMAGE, rootPass: UNKNOWN },
    );
    expect(result.failures).toEqual([]);
  });
});

describe("diff", () => {
  const inputs = checked({
    computeId: 12,
    size: 2000,
    label: "root",
    image: IMAGE,
    rootPass: ROOT_PASS,
  }).inputs;
  const olds = { ...inputs, filesystem: "ext4", status: "ready", schemaVersion: 1, __provider: "p" };

  it("reports no change for the same inputs, nor for a filesystem the API chose", () => {
    expect(diffInputs(instanceDiskSpec, olds, inputs)).toMatchObject({ changes: false });
    const { label: _label, ...unlabeled } = inputs;
    expect(diffInputs(instanceDiskSpec, { ...olds, label: "Debian 12 Disk" }, unlabeled)).toMatchObject({
      changes: false,
    });
  });

  it("reports a change while the disk is not ready, or an instance is to boot back", () => {
    expect(diffInputs(instanceDiskSpec, { ...olds, status: "not ready" }, inputs)).toMatchObject({
      changes: true,
      changed: [],
    });
    expect(diffInputs(instanceDiskSpec, { ...olds, pending: "boot" }, inputs)).toMatchObject({
      changes: true,
    });
    // State written before schema version 3 named it `resumeBoot`.
    expect(diffInputs(instanceDiskSpec, { ...olds, resumeBoot: true }, inputs)).toMatchObject({
      changes: true,
    });
  });

  it.each([
    ["label", "root-2"],
    ["size", 4000],
    ["rootPass", "An0ther-secret"],
    ["allowReboot", false],
  ])("changes %s in place", (key, value) => {
    expect(diffInputs(instanceDiskSpec, olds, { ...inputs, [key]: value })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [key],
    });
  });

  it.each([
    ["computeId", 13],
    ["filesystem", "ext3"],
    ["image", "compute/ubuntu24.04"],
    ["authorizedKeys", []],
    ["authorizedUsers", ["someone"]],
    ["stackscriptId", 4],
    ["stackscriptData", { a: "b" }],
  ])("replaces on %s, creating the new disk first", (key, value) => {
    expect(diffInputs(instanceDiskSpec, olds, { ...inputs, [key]: value })).toMatchObject({
      replaces: [key],
      deleteBeforeReplace: false,
    });
  });
});

describe("create", () => {
  it("waits until ready; outputs are the inputs and the computed fields, the same from read", async () => {
    const instance = await empty(t);
    t.emulator.store.table("ssh_keys").put({
      id: 1,
      user_id: 1,
      label: "laptop",
      ssh_key: ED25519,
      created: "2024-01-01T00:00:00",
    });
    const stackscriptId = seedStackScript(t, {
      script: '#!/bin/bash\n# <UDF name="db_pass" label="DB password" />',
    });
    const { id, outs } = await expectOutputsRoundTrip(
      instanceDiskSpec,
      checked({
        computeId: instance.id,
        label: "root",
        size: 2000,
        filesystem: "ext4",
        image: IMAGE,
        rootPass: ROOT_PASS,
        authorizedKeys: [ED25519],
        authorizedUsers: ["owner"],
        stackscriptId,
        stackscriptData: { db_pass: "s3cret-db" },
      }).inputs,
    );
    expect(outs).toMatchObject({ status: "ready" });
    expect((await disksOf(instance.id)).map((d) => [String(d.id), d.status])).toEqual([[id, "ready"]]);
  });

  it("deploys an image, keeping rootPass as asked and the label the API chose", async () => {
    const instance = await empty(t);
    const { outs } = await create({ computeId: instance.id, size: 2000, image: IMAGE, rootPass: ROOT_PASS });
    expect(outs).toMatchObject({
      label: "Debian 12 Disk",
      filesystem: "ext4",
      image: IMAGE,
      rootPass: ROOT_PASS,
      status: "ready",
    });
    expect(await t.control.events({ action: "disk_create" })).toHaveLength(1);
  });
});

describe("two creates on one instance", () => {
  it("go one after another: the second waits until the first disk is ready, and no POST is refused", async () => {
    const instance = await empty(t);
    // A disk takes 1 s to make here: retried blind, the refused create would be refused again.
    await t.control.timings({ "disk.create": 1_000_000 });
    try {
      await t.control.clearRequests();
      const made = await Promise.all([
        create({ computeId: instance.id, label: "one", size: 100 }),
        create({ computeId: instance.id, label: "two", size: 100 }),
      ]);
      expect(made.map((m) => m.outs.status)).toEqual(["ready", "ready"]);
      // The engine creates an instance's disks in parallel: the second lists the disks once the first
      // POST is answered, sees that disk being made, and waits for it (no blind retries).
      const log = await t.control.requests();
      expect(log.filter((r) => r.status >= 400)).toEqual([]);
      expect(log.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([200, 200]);
    } finally {
      await t.control.timings({ "disk.create": 3_000 });
    }
  }, 20_000);
});

describe("two deletes on one instance", () => {
  it("go one after another: no DELETE is refused as busy", async () => {
    const instance = await empty(t);
    const disks = [
      await create({ computeId: instance.id, label: "one", size: 100 }),
      await create({ computeId: instance.id, label: "two", size: 100 }),
    ];
    // A deletion takes 1 s here: long enough for a second DELETE to meet the first's job.
    const before = (await t.control.timings())["disk.delete"]!;
    await t.control.timings({ "disk.delete": 1_000_000 });
    await t.control.clearRequests();
    try {
      // The engine deletes an instance's disks in parallel.
      await Promise.all(disks.map((d) => provider.delete!(d.id, d.outs)));
    } finally {
      await t.control.timings({ "disk.delete": before });
    }
    const log = await t.control.requests();
    expect(log.filter((r) => r.status >= 400 && r.status !== 404)).toEqual([]);
    expect(log.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(
      disks.map((d) => `/compute/instances/${instance.id}/disks/${d.id}`),
    );
    expect((await t.client.api.listDisks({ params: { computeId: instance.id } })).data).toEqual([]);
  }, 20_000);
});

describe("a create whose answer is lost", () => {
  it("adopts the one new disk with its label, not an older one of the same label", async () => {
    const instance = await empty(t);
    const older = await t.client.api.createDisk({
      params: { computeId: instance.id },
      body: { label: "data", size: 100 },
    });
    await t.control.clock({ advance_ms: 60_000 });
    await t.control.injectFault({
      status: 502,
      lost: true,
      method: "POST",
      path: `/compute/instances/${instance.id}/disks`,
    });
    const { id } = await create({ computeId: instance.id, label: "data", size: 100 });
    expect(id).not.toBe(String(older.id));
    expect(await disksOf(instance.id)).toHaveLength(2);
    expect(logged).toContain(
      `InstanceDisk data on Instance ${instance.id}: the create's answer was lost, but the API had created it (${id}); adopted`,
    );
  });
});

describe("update", () => {
  it("renames in place with one PUT", async () => {
    const instance = await empty(t);
    const { id, outs, inputs } = await create({ computeId: instance.id, label: "data", size: 100 });
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, label: "data-2" });
    expect(after).toMatchObject({ label: "data-2", status: "ready" });
    expect(await writeLines(t.control)).toEqual([`PUT /compute/instances/${instance.id}/disks/${id}`]);
  });

  it("resizes the disk of an offline instance without power actions, and waits until ready", async () => {
    const instance = await empty(t);
    const { id, outs, inputs } = await create({ computeId: instance.id, label: "data", size: 100 });
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, size: 300 });
    expect(after).toMatchObject({ size: 300, status: "ready" });
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${instance.id}/disks/${id}/resize`,
    ]);
  });

  it("shuts down an instance that runs with the disk, resizes, and boots it back into its config", async () => {
    const { id, outs, inputs, computeId, configId } = await runningWith({ label: "root", size: 100 });
    const { outs: after } = await provider.update!(id, outs, { ...inputs, size: 50 });
    expect(after).toMatchObject({ size: 50, status: "ready" });
    expect(Object.keys(after)).not.toContain("pending");
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${computeId}/shutdown`,
      `POST /compute/instances/${computeId}/disks/${id}/resize`,
      `POST /compute/instances/${computeId}/boot`,
    ]);
    expect(await status(t, computeId)).toBe("running");
    const [boot] = await t.control.events({ action: "compute_boot" });
    expect(boot?.secondary_entity?.id).toBe(configId);
    expect(logged).toEqual([
      `Instance ${computeId} (compute${computeId}): shutting down (to resize InstanceDisk ${id} (root))`,
      `InstanceDisk ${id} (root): resizing from 100 MB to 50 MB`,
      `Instance ${computeId} (compute${computeId}): booting (back, after the change to InstanceDisk ${id} (root))`,
    ]);
  });

  it("with allowReboot: false, refuses to shut the instance down and says what to do", async () => {
    const { id, outs, inputs, computeId, configId } = await runningWith({ label: "root", size: 100 });
    const err = await thrown(provider.update!(id, outs, { ...inputs, size: 50, allowReboot: false }));
    expect(err.message).toBe(
      `InstanceDisk ${id} (root): Instance ${computeId} (compute${computeId}) runs with config ${configId} ` +
        "(boot), which holds this disk, and must be shut down to resize this disk; allowReboot is false, so " +
        "shut it down yourself (or set allowReboot: true) and run `pulumi up` again",
    );
    expect(err.stack).toBe("");
    expect(await writeLines(t.control)).toEqual([]);
  });

  it("resets the root password in place through the disk's password endpoint", async () => {
    const { id, outs, inputs, computeId } = await runningWith({
      label: "root",
      size: 2000,
      image: IMAGE,
      rootPass: ROOT_PASS,
    });
    const { outs: after } = await provider.update!(id, outs, { ...inputs, rootPass: "An0ther-secret" });
    expect(after).toMatchObject({ rootPass: "An0ther-secret", status: "ready" });
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${computeId}/shutdown`,
      `POST /compute/instances/${computeId}/disks/${id}/password`,
      `POST /compute/instances/${computeId}/boot`,
    ]);
    expect(logged.join("\n")).not.toContain("An0ther-secret");
  });

  it("when the wait after a resize fails, keeps the boot back for the next update", async () => {
    const { id, outs, inputs, computeId } = await runningWith({ label: "root", size: 100 });
    t.emulator.jobs.timings.set("disk.resize", 3_600_000);
    try {
      pointSettingsAt(t, { "compute:updateTimeoutSeconds": "0.5" });
      const err = await thrown(provider.update!(id, outs, { ...inputs, size: 50 }));
      expect(err).toBeInstanceOf(PartialFailure);
      expect(err.properties).toMatchObject({ size: 50, status: "not ready", __pending: "boot" });
      expect(await status(t, computeId)).toBe("offline");
      await t.control.clock({ advance_ms: 3_600_000 });
      const { outs: after } = await provider.update!(id, err.properties as never, { ...inputs, size: 50 });
      expect(after).toMatchObject({ size: 50, status: "ready" });
      expect(Object.keys(after)).not.toContain("pending");
      expect(await status(t, computeId)).toBe("running");
    } finally {
      t.emulator.jobs.timings.set("disk.resize", 3000);
    }
  });
});

describe("read and delete", () => {
  it("shows a label changed out of band as drift", async () => {
    const instance = await empty(t);
    const { id, outs } = await create({ computeId: instance.id, label: "data", size: 100 });
    await t.client.api.updateDisk({
      params: { computeId: instance.id, diskId: Number(id) },
      body: { label: "x" },
    });
    expect((await provider.read!(id, outs)).inputs).toMatchObject({ label: "x" });
  });
});
