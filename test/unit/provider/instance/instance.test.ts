/**
 * Instance: check (rootPass with image, named; deploy fields need an image; backupId excludes it;
 * StackScript, user data and interfaces rules, some looked up in the API; secrets never shown), diff
 * (in place vs replace, values the API chose), outputs, and the provider against a fast emulator:
 * waits after create and update, power changes, password reset, resize and migration in place, PUT
 * fields, a private IPv4 added in place (privateIp true → false replaces; a lost answer is read
 * back), creates from a StackScript, a backup and with interfaces, lost creates with and without a
 * label. (A create's timed-out wait, a create refused before the API acted and delete:
 * shared-stories.test.ts.)
 */
import * as pagination from "../../../../src/client/pagination";
import { diffInputs } from "../../../../src/provider/core/diff";
import { INSTANCE_COMPUTED } from "../../../../src/provider/field-lists";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { DECLARED } from "../../../../src/provider/core/declared";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { deployed, IMAGE, ROOT_PASS, settle, status } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { providerFor, thrown, useLogLines, useProviderSettings } from "../../../support/provider";
import { publicKeyLine } from "../../../support/ssh-keys";
import { writeLines } from "../../../support/writes";

const ED25519 = publicKeyLine();
const SCRIPT =
  '#!/bin/bash\n# <UDF name="site" label="Site name" example="example.com"/>\n' +
  '# <UDF name="tier" label="Tier" oneOf="web,db" default="web"/>\necho "$SITE"\n';

// Lifecycles run a thousand times faster than real time: a create's 4 s take 4 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const { provider, checked, create } = providerFor(instanceSpec);
/** The provider's progress lines (console.log in the provider process). */
const logged = useLogLines();
const base = { region: "us-iad", type: "g6-standard-1", image: IMAGE, rootPass: ROOT_PASS };
const instances = async () => (await t.client.api.listInstances()).data;

describe("check", () => {
  // The engine prints a failing property's value, a secret's too: rootPass is named in the reason.
  it("needs rootPass with an image, naming rootPass, and only then", async () => {
    const result = await provider.check!({}, { region: "us-iad", type: "g6-standard-1", image: IMAGE });
    expect(result.failures).toEqual([
      { property: "", reason: "rootPass: rootPass is required when deploying from an image" },
    ]);
    const empty = await provider.check!({}, { region: "us-iad", type: "g6-standard-1", rootPass: ROOT_PASS });
    expect(empty.failures).toEqual([
      { property: "", reason: "rootPass: rootPass needs an image to deploy (an empty instance has no disk)" },
    ]);
  });

  it("reports a bad rootPass without the property's value; other properties as usual", async () => {
    const result = await provider.check!({}, { ...base, rootPass: "aaaaaaaa", tags: ["x"] });
    expect(result.failures).toEqual([
      { property: "", reason: "rootPass: Password does not meet strength requirement" },
      { property: "tags", reason: 'tags[0]: must be 3..50 characters (got "x")' },
    ]);
  });

  it("names the property with the contract's reason, never the password's value", () => {
    const { failures } = checked({ ...base, rootPass: "aaaaaaaa", label: "1bad", tags: ["x"] });
    expect(failures).toEqual([
      expect.objectContaining({ property: "label" }),
      { property: "rootPass", reason: "Password does not meet strength requirement" },
      { property: "tags[0]", reason: "tags must be 3..50 characters" },
    ]);
    expect(JSON.stringify(failures)).not.toContain("aaaaaaaa");
  });

  it("fills the API's defaults and leaves the label and tags to the API", () => {
    expect(checked(base).inputs).toEqual({
      ...base,
      booted: true,
      group: "",
      privateIp: false,
      backupsEnabled: false,
      watchdogEnabled: true,
    });
  });

  it("takes IDs as strings too (a resource's id)", () => {
    expect(checked({ ...base, stackscriptId: "12", firewallId: 3 }).inputs).toMatchObject({
      stackscriptId: 12,
      firewallId: 3,
    });
  });

  it("refuses a backupId with an image, and deploy fields with a backup, naming each", async () => {
    const withImage = await provider.check!({}, { ...base, backupId: 5 });
    expect(withImage.failures).toEqual([
      {
        property: "backupId",
        reason: "backupId: backupId cannot be combined with image: the instance is restored from the backup",
      },
    ]);
    const restore = await provider.check!(
      {},
      { region: "us-iad", type: "g6-standard-1", backupId: 5, swapSize: 256, authorizedKeys: [ED25519] },
    );
    expect(restore.failures!.map((f) => f.reason.split(":")[0])).toEqual(["authorizedKeys", "swapSize"]);
    expect(restore.failures![0]!.reason).toBe(
      "authorizedKeys: authorizedKeys cannot be combined with backupId (a restore brings the backup's disks, configs and root password)",
    );
  });

  it("needs an image for a StackScript, interfaces or user data, and a StackScript for its data", async () => {
    const empty = { region: "us-iad", type: "g6-standard-1" };
    const result = await provider.check!(
      {},
      { ...empty, stackscriptId: 4, interfaces: [{ purpose: "public" }], swapSize: 0 },
    );
    expect(result.failures).toEqual([
      {
        property: "stackscriptId",
        reason: "stackscriptId: stackscriptId needs an image to deploy (an empty instance has no disk)",
      },
      {
        property: "interfaces",
        reason: "interfaces: interfaces needs an image to deploy (an empty instance has no disk)",
      },
      {
        property: "swapSize",
        reason: "swapSize: swapSize needs an image to deploy (an empty instance has no disk)",
      },
    ]);
    const data = await provider.check!({}, { ...base, stackscriptData: { site: "s3cret-value" } });
    expect(data.failures).toEqual([
      {
        property: "",
        reason:
          "stackscriptData: stackscriptData needs stackscriptId (the StackScript whose fields it fills in)",
      },
    ]);
    expect(JSON.stringify(data.failures)).not.toContain("s3cret-value");
  });

  it("applies the interface rules of the contract, and needs at least one", async () => {
    const two = await provider.check!(
      {},
      {
        ...base,
        interfaces: [
          { purpose: "public", primary: true },
          { purpose: "vpc", subnetId: 1, primary: true },
        ],
      },
    );
    expect(two.failures).toEqual([
      { property: "interfaces", reason: "interfaces: at most one interface may be primary" },
    ]);
    const none = await provider.check!({}, { ...base, interfaces: [] });
    expect(none.failures).toEqual([
      {
        property: "interfaces",
        reason: "interfaces: must hold 1..3 interfaces (left out: the API's public interface)",
      },
    ]);
  });

  it("reports bad user data without its value, and a schedule without backups", async () => {
    const result = await provider.check!(
      {},
      { ...base, metadata: { userData: "not base64!" }, backupsSchedule: { day: "Sunday" } },
    );
    expect(result.failures).toEqual([{ property: "", reason: "metadata.userData: must be base64-encoded" }]);
    expect(JSON.stringify(result.failures)).not.toContain("not base64!");
    const schedule = await provider.check!({}, { ...base, backupsSchedule: { day: "Sunday", window: "W4" } });
    expect(schedule.failures).toEqual([
      {
        property: "backupsSchedule",
        reason:
          "backupsSchedule: backupsSchedule needs backupsEnabled: true (the schedule is of the backup service)",
      },
    ]);
    const badWindow = await provider.check!(
      {},
      { ...base, backupsEnabled: true, backupsSchedule: { window: "W3" } },
    );
    expect(badWindow.failures).toEqual([
      {
        property: "backupsSchedule",
        reason: 'backupsSchedule.window: must be one of W0, W2, ..., W22 or Scheduling (got "W3")',
      },
    ]);
    const alerts = await provider.check!({}, { ...base, alerts: { transferQuota: 120, disk: 1 } });
    expect(alerts.failures).toEqual([
      { property: "alerts", reason: "alerts.transferQuota: must be 0..100 (got 120)" },
      {
        property: "alerts",
        reason: "alerts: alerts are cpu, io, networkIn, networkOut, transferQuota (not disk)",
      },
    ]);
  });

  it("looks the StackScript up: it must exist, support the image and get its required fields", async () => {
    const script = await t.client.api.createStackScript({
      body: { label: "site-setup", images: ["compute/ubuntu24.04"], script: SCRIPT },
    });
    await t.control.clearRequests();
    const missing = await provider.check!({}, { ...base, stackscriptId: script.id + 100 });
    expect(missing.failures).toEqual([
      { property: "stackscriptId", reason: `stackscriptId: StackScript ${script.id + 100} not found` },
    ]);
    const result = await provider.check!(
      {},
      { ...base, stackscriptId: script.id, stackscriptData: { tier: "gold", token: "s3cret-value" } },
    );
    expect(result.failures).toEqual([
      {
        property: "image",
        reason: `image: StackScript ${script.id} (site-setup) does not support image ${IMAGE}; it supports compute/ubuntu24.04`,
      },
      {
        property: "",
        reason: `stackscriptData.site: site is required by StackScript ${script.id} (Site name)`,
      },
      { property: "", reason: "stackscriptData.tier: tier must be one of web,db" },
    ]);
    expect(JSON.stringify(result.failures)).not.toContain("s3cret-value");
    expect(await writeLines(t.control)).toEqual([]);
    // An instance made already passes: nothing is looked up for unchanged values.
    const inputs = {
      ...base,
      image: "compute/ubuntu24.04",
      stackscriptId: script.id,
      stackscriptData: { site: "a" },
    };
    await t.control.clearRequests();
    expect((await provider.check!(checked(inputs).inputs, inputs)).failures).toEqual([]);
    expect(await t.control.requests()).toEqual([]);
  });

  it("looks up where user data can go: a region with Metadata, a cloud-init image", async () => {
    const userData = Buffer.from("#cloud-config\n").toString("base64");
    const result = await provider.check!(
      {},
      { ...base, region: "us-east", image: "compute/alpine3.19", metadata: { userData } },
    );
    expect(result.failures).toEqual([
      {
        property: "",
        reason: "metadata.userData: User data needs a region with Metadata; us-east has none",
      },
      {
        property: "",
        reason: "metadata.userData: User data needs an image with cloud-init; compute/alpine3.19 has none",
      },
    ]);
    expect((await provider.check!({}, { ...base, metadata: { userData } })).failures).toEqual([]);
  });

  it("lets unknown values through during preview", async () => {
    const result = await provider.check!({}, { ...base, image: UNKNOWN, rootPass: UNKNOWN });
    expect(result.failures).toEqual([]);
  });
});

describe("diff", () => {
  const inputs = checked({ ...base, label: "web-1", authorizedKeys: [ED25519] }).inputs;
  const olds = { ...inputs, status: "running", schemaVersion: 1, __provider: "p" };

  it("reports no change for the same inputs", () => {
    expect(diffInputs(instanceSpec, olds, inputs)).toMatchObject({ changes: false });
  });

  it("keeps a label the API chose while the program leaves it out", () => {
    const { label: _label, ...unlabeled } = inputs;
    expect(diffInputs(instanceSpec, { ...olds, label: "compute12" }, unlabeled)).toMatchObject({
      changes: false,
    });
  });

  it("keeps alerts and a backup schedule the API chose while the program leaves them out", () => {
    const chosen = { ...olds, alerts: { cpu: 90, io: 10000 }, backupsSchedule: { day: "Monday" } };
    expect(diffInputs(instanceSpec, chosen, inputs)).toMatchObject({ changes: false });
    // State written before these inputs existed: the defaults hold.
    const { watchdogEnabled: _w, ...older } = olds as Record<string, unknown>;
    expect(diffInputs(instanceSpec, older, inputs)).toMatchObject({ changes: false });
  });

  it("reports a change while the instance is not at rest, so the next up waits again", () => {
    expect(diffInputs(instanceSpec, { ...olds, status: "provisioning" }, inputs)).toMatchObject({
      changes: true,
      replaces: [],
      changed: [],
    });
    expect(diffInputs(instanceSpec, { ...olds, status: "stopped" }, inputs)).toMatchObject({
      changes: false,
    });
  });

  it.each([
    ["label", "web-2"],
    ["tags", ["web"]],
    ["group", "g"],
    ["booted", false],
    ["type", "g6-standard-2"],
    ["rootPass", "An0ther-secret"],
    ["backupsEnabled", true],
    ["region", "fr-par"],
    ["alerts", { cpu: 50 }],
    ["backupsSchedule", { day: "Sunday" }],
    ["watchdogEnabled", false],
    ["privateIp", true],
  ])("changes %s in place", (key, value) => {
    expect(diffInputs(instanceSpec, olds, { ...inputs, [key]: value })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [key],
    });
  });

  it.each([
    ["image", "compute/ubuntu24.04"],
    ["authorizedKeys", []],
    ["authorizedUsers", ["admin"]],
    ["stackscriptId", 7],
    ["stackscriptData", { site: "b" }],
    ["backupId", 9],
    ["firewallId", 3],
    ["interfaces", [{ purpose: "public", primary: false }]],
    ["metadata", { userData: "YQ==" }],
    ["swapSize", 1024],
  ])("replaces on %s, deleting first only when the unique label is kept", (key, value) => {
    expect(diffInputs(instanceSpec, olds, { ...inputs, [key]: value })).toMatchObject({
      replaces: [key],
      deleteBeforeReplace: true,
    });
    expect(diffInputs(instanceSpec, olds, { ...inputs, [key]: value, label: "web-2" })).toMatchObject({
      replaces: [key],
      deleteBeforeReplace: false,
    });
    const { label: _label, ...unlabeled } = inputs;
    expect(diffInputs(instanceSpec, olds, { ...unlabeled, [key]: value })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });

  it("replaces on privateIp true → false only, deleting first only when the unique label is kept", () => {
    const withPrivate = { ...olds, privateIp: true };
    const news = { ...inputs, privateIp: false };
    expect(diffInputs(instanceSpec, withPrivate, news)).toEqual({
      changes: true,
      replaces: ["privateIp"],
      deleteBeforeReplace: true,
      changed: ["privateIp"],
    });
    expect(diffInputs(instanceSpec, withPrivate, { ...news, label: "web-2" })).toMatchObject({
      replaces: ["privateIp"],
      deleteBeforeReplace: false,
    });
    // Left out: the default, false.
    const { privateIp: _p, ...without } = inputs;
    expect(diffInputs(instanceSpec, withPrivate, without)).toMatchObject({ replaces: ["privateIp"] });
    expect(diffInputs(instanceSpec, withPrivate, { ...inputs, privateIp: true })).toMatchObject({
      changes: false,
      replaces: [],
    });
    // With privateIp kept, other changes stay in place.
    expect(diffInputs(instanceSpec, withPrivate, { ...inputs, privateIp: true, group: "g" })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("takes an unknown privateIp as a possible removal: a replacement only when one is held", () => {
    const news = { ...inputs, privateIp: UNKNOWN };
    expect(diffInputs(instanceSpec, { ...olds, privateIp: true }, news)).toMatchObject({
      replaces: ["privateIp"],
    });
    expect(diffInputs(instanceSpec, olds, news)).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("create", () => {
  it("waits until the instance runs; outputs are the inputs and the computed fields, the same from read", async () => {
    const { id, outs, inputs } = await create({
      ...base,
      label: "web-1",
      authorizedKeys: [ED25519],
      tags: ["web"],
      group: "front",
      privateIp: true,
      backupsEnabled: true,
    });
    expect(await status(t, Number(id))).toBe("running");
    // Every input but the create-time ones not given (a restore's, a StackScript's, ...) and the
    // backup schedule, which the API has not set yet.
    const notGiven = [
      "backupsSchedule",
      "authorizedUsers",
      "stackscriptId",
      "stackscriptData",
      "backupId",
      "firewallId",
      "interfaces",
      "metadata",
      "swapSize",
    ];
    expect(Object.keys(outs).sort()).toEqual(
      [...Object.keys(instanceSpec.inputs.shape), ...INSTANCE_COMPUTED, "__schemaVersion", DECLARED]
        .filter((key) => !notGiven.includes(key))
        .sort(),
    );
    expect(outs).toMatchObject({ ...inputs, status: "running" });
    expect(outs.ipv4).toHaveLength(2);
    // Left out, alerts and the backup schedule are the API's.
    expect(outs.alerts).toEqual({ cpu: 90, io: 10000, networkIn: 10, networkOut: 10, transferQuota: 80 });
    const record = await t.client.api.getInstance({ params: { computeId: Number(id) } });
    const every = Object.fromEntries(Object.keys(instanceSpec.inputs.shape).map((key) => [key, 1]));
    expect(Object.keys(instanceSpec.toOutputs(record, every)).sort()).toEqual(
      [...Object.keys(instanceSpec.inputs.shape), ...INSTANCE_COMPUTED].sort(),
    );
    const read = await provider.read!(id, outs);
    expect(read.props).toEqual(outs);
    // Only what the program declared: alerts the API chose are no input (a refresh never shows them removed).
    expect(read.inputs).toEqual(inputs);
  });

  it("waits until offline with booted: false", async () => {
    const { id, outs } = await create({ ...base, booted: false });
    expect(outs).toMatchObject({ status: "offline", booted: false, label: `compute${id}` });
    expect(await status(t, Number(id))).toBe("offline");
  });

  it("leaves an empty instance offline: its configs boot it, so booted is not acted on", async () => {
    const { id, outs } = await create({ region: "us-iad", type: "g6-standard-1" });
    expect(outs).toMatchObject({ status: "offline", booted: true });
    // Absent, not undefined: the host cannot send undefined to the engine.
    expect(Object.keys(outs)).not.toContain("image");
    expect(Object.values(outs)).not.toContain(undefined);
    expect(await writeLines(t.control)).toEqual(["POST /compute/instances"]);
    expect((await provider.read!(id, outs)).props).toEqual(outs);
  });
});

describe("create from other sources", () => {
  it("deploys a StackScript with its data and waits until the instance runs", async () => {
    const script = await t.client.api.createStackScript({
      body: { label: "site-setup", images: [IMAGE], script: SCRIPT },
    });
    const { id, outs } = await create({
      ...base,
      label: "scripted",
      stackscriptId: String(script.id),
      stackscriptData: { site: "example.com" },
    });
    expect(outs).toMatchObject({
      stackscriptId: script.id,
      stackscriptData: { site: "example.com" },
      status: "running",
    });
    expect(
      (await t.client.api.getStackScript({ params: { stackscriptId: script.id } })).deployments_active,
    ).toBe(1);
    expect((await provider.read!(id, outs)).props).toEqual(outs);
  });

  it("restores another instance's backup and waits until it runs", async () => {
    const source = await deployed(t, { backups_enabled: true });
    const snapshot = await t.client.api.createSnapshot({
      params: { computeId: source.id },
      body: { label: "golden" },
    });
    await settle(t);
    const { id, outs } = await create({ region: "us-iad", type: "g6-standard-1", backupId: snapshot.id });
    expect(outs).toMatchObject({ backupId: snapshot.id, booted: true, status: "running" });
    expect(Object.keys(outs)).not.toContain("image");
    const disks = await t.client.api.listDisks({ params: { computeId: Number(id) } });
    expect(disks.data.map((d) => d.filesystem).sort()).toEqual(["ext4", "swap"]);
  });

  it("gives the create's config its interfaces; values the API fills in are no diff", async () => {
    const vpc = await t.client.api.createVpc({
      body: { label: "net", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
    });
    const subnetId = vpc.subnets[0]!.id;
    const { id, outs, inputs } = await create({
      ...base,
      interfaces: [
        { purpose: "public" },
        { purpose: "vpc", subnetId: String(subnetId), ipv4: { nat11: "any" } },
      ],
    });
    expect(outs.interfaces).toEqual([
      { purpose: "public", primary: false },
      { purpose: "vpc", primary: false, subnetId, ipv4: { nat11: "any" } },
    ]);
    const [config] = (await t.client.api.listConfigs({ params: { computeId: Number(id) } })).data;
    expect(config!.interfaces[1]!.ipv4).toMatchObject({
      vpc: expect.stringMatching(/^10\.0\.1\./),
      nat_1_1: outs.ipv4 && (outs.ipv4 as string[])[0],
    });
    const read = await provider.read!(id, outs);
    expect(read.props).toEqual(outs);
    expect(diffInputs(instanceSpec, read.props!, inputs)).toMatchObject({ changes: false });
  });

  it("reports the API's refusal in one line naming the input, and creates nothing", async () => {
    const { inputs } = checked({ ...base, label: "guarded", firewallId: 42 });
    const err = await thrown(provider.create(inputs));
    expect(err.message).toBe(
      "Instance create: [400] [firewallId] Firewall 42 not found (POST /compute/instances)",
    );
    expect(await instances()).toEqual([]);
  });
});

describe("a create whose answer is lost", () => {
  it("adopts the instance by its label", async () => {
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/compute/instances" });
    const { id } = await create({ ...base, label: "web-1" });
    expect((await instances()).map((i) => String(i.id))).toEqual([id]);
    expect(await status(t, Number(id))).toBe("running");
  });

  it("without a label, adopts the one new instance the create made", async () => {
    await t.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
    await t.control.injectFault({ status: 0, lost: true, method: "POST", path: "/compute/instances" });
    const { id } = await create(base);
    expect(await instances()).toHaveLength(2);
    expect(await status(t, Number(id))).toBe("running");
  });

  it("without a label, adopts the restore the create made, not an empty instance made meanwhile", async () => {
    const source = await deployed(t, { backups_enabled: true });
    const snapshot = await t.client.api.createSnapshot({
      params: { computeId: source.id },
      body: { label: "golden" },
    });
    await settle(t);
    // Once the create has listed the instances: another client makes an empty one, and the
    // create's own answer is lost.
    const listing = jest.requireActual<typeof import("../../../../src/client/pagination")>(
      "../../../../src/client/pagination",
    );
    const realCollect = listing.collect;
    let lists = 0;
    let empty: number | undefined;
    jest.spyOn(pagination, "collect").mockImplementation(async (items) => {
      const listed = await realCollect(items);
      if (++lists === 1) {
        empty = (await t.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } })).id;
        await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/compute/instances" });
      }
      return listed;
    });
    const { id } = await create({ region: "us-iad", type: "g6-standard-1", backupId: snapshot.id });
    expect(lists).toBe(2);
    expect([String(empty), String(source.id)]).not.toContain(id);
    expect(await instances()).toHaveLength(3);
    expect(await status(t, Number(id))).toBe("running");
  });
});

describe("update", () => {
  it("sends only the changed fields of the PUT", async () => {
    const { id, outs, inputs } = await create({ ...base, label: "web-1", tags: ["web"] });
    await t.control.clearRequests();
    const news = { ...inputs, group: "front" };
    const updated = await provider.update!(id, outs, news);
    expect(updated.outs).toMatchObject({ ...news, status: "running" });
    expect((await t.control.requests()).filter((r) => r.method === "PUT")).toHaveLength(1);
    expect(await writeLines(t.control)).toEqual([`PUT /compute/instances/${id}`]);
  });

  it("shuts down and boots again for booted, waiting each time", async () => {
    const { id, outs, inputs } = await create(base);
    const off = await provider.update!(id, outs, { ...inputs, booted: false });
    expect(off.outs).toMatchObject({ status: "offline", booted: false });
    const on = await provider.update!(id, off.outs, inputs);
    expect(on.outs).toMatchObject({ status: "running", booted: true });
    expect(await writeLines(t.control)).toEqual([
      "POST /compute/instances",
      `POST /compute/instances/${id}/shutdown`,
      `POST /compute/instances/${id}/boot`,
    ]);
  });

  it("resets the root password in place: shut down, reset, boot back", async () => {
    const { id, outs, inputs } = await create(base);
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, rootPass: "An0ther-secret" });
    expect(after).toMatchObject({ status: "running", rootPass: "An0ther-secret" });
    expect(await writeLines(t.control)).toEqual([
      `POST /compute/instances/${id}/shutdown`,
      `POST /compute/instances/${id}/password`,
      `POST /compute/instances/${id}/boot`,
    ]);
    expect(await t.control.events({ action: "password_reset" })).toHaveLength(1);
    expect(logged).toEqual([
      `Instance ${id} (compute${id}): shutting down`,
      `Instance ${id} (compute${id}): resetting the root password`,
      `Instance ${id} (compute${id}): booting`,
    ]);
  });

  it("leaves a shut-down instance offline after a password reset", async () => {
    const { id, outs, inputs } = await create({ ...base, booted: false });
    await t.control.clearRequests();
    await provider.update!(id, outs, { ...inputs, rootPass: "An0ther-secret" });
    expect(await writeLines(t.control)).toEqual([`POST /compute/instances/${id}/password`]);
    expect(await status(t, Number(id))).toBe("offline");
  });

  it("resizes in place and waits until the instance runs again", async () => {
    const { id, outs, inputs } = await create(base);
    const { outs: after } = await provider.update!(id, outs, { ...inputs, type: "g6-standard-2" });
    expect(after).toMatchObject({ type: "g6-standard-2", status: "running", specs: { vcpus: 2 } });
  });

  it("does not resize again when an earlier resize finished after its wait failed", async () => {
    const { id, outs, inputs } = await create(base);
    await t.client.api.resizeInstance({ params: { computeId: Number(id) }, body: { type: "g6-standard-2" } });
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, type: "g6-standard-2" });
    expect(after).toMatchObject({ type: "g6-standard-2", status: "running" });
    expect(await writeLines(t.control)).toEqual([]);
  });

  it("sends alerts, the backup schedule and the watchdog in one PUT; outputs hold only the alerts asked", async () => {
    const { id, outs, inputs } = await create({ ...base, backupsEnabled: true });
    await t.control.clearRequests();
    const news = {
      ...inputs,
      alerts: { cpu: 50, transferQuota: 0 },
      backupsSchedule: { day: "Sunday", window: "W4" },
      watchdogEnabled: false,
    };
    const { outs: after } = await provider.update!(id, outs, news);
    expect(after).toMatchObject({
      alerts: { cpu: 50, transferQuota: 0 },
      backupsSchedule: { day: "Sunday", window: "W4" },
      watchdogEnabled: false,
      status: "running",
    });
    expect(await writeLines(t.control)).toEqual([`PUT /compute/instances/${id}`]);
    expect(await t.client.api.getInstance({ params: { computeId: Number(id) } })).toMatchObject({
      alerts: { cpu: 50, io: 10000, network_in: 10, network_out: 10, transfer_quota: 0 },
      backups: { schedule: { day: "Sunday", window: "W4" } },
      watchdog_enabled: false,
    });
    expect(diffInputs(instanceSpec, after, news)).toMatchObject({ changes: false });
  });

  it("migrates to another region in place and waits until it runs there", async () => {
    const { id, outs, inputs } = await create(base);
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, region: "fr-par" });
    expect(after).toMatchObject({ region: "fr-par", status: "running" });
    expect(after.ipv4).not.toEqual(outs.ipv4);
    expect(await writeLines(t.control)).toEqual([`POST /compute/instances/${id}/migrate`]);
    expect(logged).toContain(`Instance ${id} (compute${id}): migrating from us-iad to fr-par`);
    // A migration that finished after its wait failed is not sent again.
    await t.control.clearRequests();
    await provider.update!(id, { ...after, region: "us-iad" }, { ...inputs, region: "fr-par" });
    expect(await writeLines(t.control)).toEqual([]);
  });

  it("enables and cancels backups", async () => {
    const { id, outs, inputs } = await create(base);
    const on = await provider.update!(id, outs, { ...inputs, backupsEnabled: true });
    expect(on.outs).toMatchObject({ backupsEnabled: true, backups: { enabled: true } });
    const off = await provider.update!(id, on.outs, inputs);
    expect(off.outs).toMatchObject({ backupsEnabled: false });
  });
});

describe("privateIp false → true in place", () => {
  const addresses = `/compute/instances/`;

  it("allocates the private IPv4 with one POST; the same instance holds it after its public one", async () => {
    const { id, outs, inputs } = await create({ ...base, label: "web-1" });
    expect(outs.privateIp).toBe(false);
    await t.control.clearRequests();
    const news = { ...inputs, privateIp: true };
    expect(diffInputs(instanceSpec, outs, news)).toMatchObject({ changes: true, replaces: [] });
    const { outs: after } = await provider.update!(id, outs, news);
    expect(after).toMatchObject({ privateIp: true, status: "running" });
    const ipv4 = after.ipv4 as string[];
    expect(ipv4).toEqual([(outs.ipv4 as string[])[0], expect.stringMatching(/^192\.168\./)]);
    expect(Number(ipv4[1]!.split(".")[2])).toBeGreaterThanOrEqual(128);
    expect(await writeLines(t.control)).toEqual([`POST ${addresses}${id}/ips`]);
    const api = await t.client.api.getInstance({ params: { computeId: Number(id) } });
    expect(api.ipv4).toEqual(ipv4);
    expect(logged).toEqual([
      `Instance ${id} (web-1): allocating a private IPv4 (the guest configures it at its next boot)`,
    ]);
    expect(diffInputs(instanceSpec, after, news)).toMatchObject({ changes: false });
    // The other direction replaces.
    expect(diffInputs(instanceSpec, after, inputs)).toMatchObject({ replaces: ["privateIp"] });
  });

  it("does not send the POST twice when its answer is lost: the instance's addresses show it", async () => {
    const { id, outs, inputs } = await create(base);
    await t.control.clearRequests();
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: `${addresses}${id}/ips` });
    const { outs: after } = await provider.update!(id, outs, { ...inputs, privateIp: true });
    expect(after).toMatchObject({ privateIp: true });
    expect(after.ipv4).toHaveLength(2);
    expect(await writeLines(t.control)).toEqual([`POST ${addresses}${id}/ips`]);
    expect(logged).toContain(
      `Instance ${id} (compute${id}): allocate a private IPv4: the answer was lost, but the API had acted`,
    );
  });

  it("sends it again when the API did not act, and not at all when an earlier one had", async () => {
    const { id, outs, inputs } = await create(base);
    await t.control.clearRequests();
    await t.control.injectFault({ status: 502, method: "POST", path: `${addresses}${id}/ips` });
    const { outs: after } = await provider.update!(id, outs, { ...inputs, privateIp: true });
    expect(after.ipv4).toHaveLength(2);
    expect(await writeLines(t.control)).toEqual([`POST ${addresses}${id}/ips`, `POST ${addresses}${id}/ips`]);
    // State that missed the allocation (an update that failed after it): nothing is sent.
    await t.control.clearRequests();
    const again = await provider.update!(id, outs, { ...inputs, privateIp: true });
    expect(again.outs).toMatchObject({ privateIp: true, ipv4: after.ipv4 });
    expect(await writeLines(t.control)).toEqual([]);
  });
});

describe("read and delete", () => {
  it("shows a power change made out of band as drift of booted", async () => {
    const { id, outs } = await create(base);
    await t.client.api.shutdownInstance({ params: { computeId: Number(id) }, body: {} });
    await t.control.clock({ advance_ms: 60_000 });
    expect((await provider.read!(id, outs)).inputs).toMatchObject({ booted: false });
  });
});
