/**
 * Instance's create-time sources and its other fields through the real engine, on one stack: from a
 * StackScript with its data and user data, with a public and a vpc interface (`nat11: any` and the
 * VPC address the API chose are no diff), and from another instance's snapshot; alerts, backup
 * schedule, watchdog and region (a migration) in place; drift of the watchdog; replacements of the
 * create-time fields at preview and one through up; privateIp false → true in place, true → false a
 * replacement at preview; bad input at preview with no API write; the
 * API's refusal of a firewall in one line; no StackScript data or user data in plaintext in the
 * state (exported or on disk); destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../src/client";
import { configEndpoints, instanceEndpoints, type Instance } from "../../src/contract";
import { instanceProgram, type InstanceShape } from "../../examples/instance";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(300_000);

const SCRIPT = '#!/bin/bash\n# <UDF name="site" label="Site name" example="example.com"/>\necho "$SITE"\n';
const SITE = "site-marker-4242.example";
/** The key that marks a secret value in Pulumi's state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const USER_DATA_TEXT = "#cloud-config\nruncmd: [echo userdata-marker-7731]\n";
const USER_DATA = Buffer.from(USER_DATA_TEXT).toString("base64");

let e: EngineStack;
let scriptId: number;
let subnetId: number;
let backupId: number;
let sourceId: number;
let scripted: InstanceShape;
let networked: InstanceShape;
let restored: InstanceShape;

function program(...shapes: InstanceShape[]) {
  return async () =>
    Object.fromEntries(shapes.map((shape) => [`${shape.name}Id`, instanceProgram(shape).instance.id]));
}
const all = () => program(scripted, networked, restored);
const preview = async () => (await e.stack.preview()).changeSummary;
const up = async () => (await e.stack.up()).summary.resourceChanges;
const instances = () => collect(e.client.each(instanceEndpoints.listInstances));
const labelled = async (label: string): Promise<Instance> => {
  const found = (await instances()).filter((i) => i.label === label);
  expect(found).toHaveLength(1);
  return found[0]!;
};

beforeAll(async () => {
  e = await engineStack("instance-deploy");
  // Lifecycles run 20 times faster: a create's 4 s take 0.2 s, a migration's 10 s 0.5 s.
  e.emulator.clock.setScale(20);
  const script = await e.client.api.createStackScript({
    body: { label: "engine-site", images: [IMAGE], script: SCRIPT },
  });
  scriptId = script.id;
  const vpc = await e.client.api.createVpc({
    body: { label: "engine-net", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
  });
  subnetId = vpc.subnets[0]!.id;
  // A first instance with a snapshot, made outside the stack.
  const source = await e.client.api.createInstance({
    body: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "engine-source",
      image: IMAGE,
      root_pass: ROOT_PASS,
      backups_enabled: true,
    },
  });
  sourceId = source.id;
  await e.control.clock({ advance_ms: 60_000 });
  const snapshot = await e.client.api.createSnapshot({
    params: { computeId: source.id },
    body: { label: "golden" },
  });
  await e.control.clock({ advance_ms: 60_000 });
  expect(
    (await e.client.api.getBackup({ params: { computeId: source.id, backupId: snapshot.id } })).status,
  ).toBe("successful");
  backupId = snapshot.id;

  scripted = {
    name: "scripted",
    region: "us-iad",
    type: "g6-standard-1",
    label: "engine-scripted",
    image: IMAGE,
    rootPass: ROOT_PASS,
    stackscriptId: scriptId,
    stackscriptData: { site: SITE },
    metadata: { userData: USER_DATA },
    backupsEnabled: true,
  };
  networked = {
    name: "networked",
    region: "us-iad",
    type: "g6-standard-1",
    label: "engine-networked",
    image: IMAGE,
    rootPass: ROOT_PASS,
    interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId, ipv4: { nat11: "any" } }],
  };
  restored = {
    name: "restored",
    region: "us-iad",
    type: "g6-standard-1",
    label: "engine-restored",
    backupId,
  };
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates from a StackScript, with interfaces and from a snapshot, returning once each runs", async () => {
  e.setProgram(all());
  expect(await up()).toEqual({ create: 4 });

  const fromScript = await labelled("engine-scripted");
  expect(fromScript).toMatchObject({ status: "running", image: IMAGE, has_user_data: true });
  expect(
    (await e.client.api.getStackScript({ params: { stackscriptId: scriptId } })).deployments_active,
  ).toBe(1);

  const withInterfaces = await labelled("engine-networked");
  expect(withInterfaces.status).toBe("running");
  const [config] = await collect(
    e.client.each(configEndpoints.listConfigs, { params: { computeId: withInterfaces.id } }),
  );
  expect(config!.interfaces.map((i) => i.purpose)).toEqual(["public", "vpc"]);
  expect(config!.interfaces[1]!.ipv4).toEqual({
    vpc: expect.stringMatching(/^10\.0\.1\./),
    nat_1_1: withInterfaces.ipv4[0],
  });

  const fromBackup = await labelled("engine-restored");
  expect(fromBackup).toMatchObject({ status: "running", image: null });
  const disks = await e.client.api.listDisks({ params: { computeId: fromBackup.id } });
  expect(disks.data.map((d) => d.filesystem).sort()).toEqual(["ext4", "swap"]);
});

test("a second preview and a refresh report no changes (values the API filled in included)", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 4 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 4 });
});

test("alerts, backup schedule, watchdog and region change in place", async () => {
  const before = { scripted: await labelled("engine-scripted"), restored: await labelled("engine-restored") };
  scripted = {
    ...scripted,
    alerts: { cpu: 50, transferQuota: 0 },
    backupsSchedule: { day: "Sunday", window: "W4" },
    watchdogEnabled: false,
  };
  restored = { ...restored, region: "fr-par" };
  e.setProgram(all());
  expect(await preview()).toEqual({ same: 2, update: 2 });
  expect(await up()).toEqual({ same: 2, update: 2 });
  expect(await labelled("engine-scripted")).toMatchObject({
    id: before.scripted.id,
    status: "running",
    alerts: { cpu: 50, io: 10000, transfer_quota: 0 },
    backups: { enabled: true, schedule: { day: "Sunday", window: "W4" } },
    watchdog_enabled: false,
  });
  const moved = await labelled("engine-restored");
  expect(moved).toMatchObject({ id: before.restored.id, region: "fr-par", status: "running" });
  expect(moved.ipv4).not.toEqual(before.restored.ipv4);
  await e.stack.preview({ expectNoChanges: true });
});

test("a watchdog changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await labelled("engine-scripted");
  await e.client.api.updateInstance({ params: { computeId: id }, body: { watchdog_enabled: true } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 3, update: 1 });
  expect(await up()).toEqual({ same: 3, update: 1 });
  expect(await labelled("engine-scripted")).toMatchObject({ id, watchdog_enabled: false });
  await e.stack.preview({ expectNoChanges: true });
});

test("create-time fields replace: preview shows each, and up replaces", async () => {
  const replaces = async (...shapes: InstanceShape[]) => {
    e.setProgram(program(...shapes));
    return preview();
  };
  expect(
    await replaces({ ...scripted, stackscriptData: { site: "other.example" } }, networked, restored),
  ).toEqual({
    same: 3,
    replace: 1,
  });
  expect(await replaces({ ...scripted, metadata: { userData: "YQ==" } }, networked, restored)).toEqual({
    same: 3,
    replace: 1,
  });
  expect(await replaces({ ...scripted, authorizedUsers: ["someone"] }, networked, restored)).toEqual({
    same: 3,
    replace: 1,
  });
  expect(await replaces(scripted, { ...networked, swapSize: 256 }, restored)).toEqual({
    same: 3,
    replace: 1,
  });

  const { id } = await labelled("engine-networked");
  networked = { ...networked, interfaces: [{ purpose: "public" }], swapSize: 256 };
  e.setProgram(all());
  expect(await preview()).toEqual({ same: 3, replace: 1 });
  expect(await up()).toEqual({ same: 3, replace: 1 });
  const again = await labelled("engine-networked");
  expect(again.id).not.toBe(id);
  expect(again.status).toBe("running");
  const disks = await e.client.api.listDisks({ params: { computeId: again.id } });
  expect(disks.data.find((d) => d.filesystem === "swap")?.size).toBe(256);
  await e.stack.preview({ expectNoChanges: true });
});

test("privateIp false → true changes in place (the same instance gets a private IPv4); true → false replaces", async () => {
  const before = await labelled("engine-restored");
  expect(before.ipv4).toHaveLength(1);
  restored = { ...restored, privateIp: true };
  e.setProgram(all());
  expect(await preview()).toEqual({ same: 3, update: 1 });
  expect(await up()).toEqual({ same: 3, update: 1 });
  const after = await labelled("engine-restored");
  expect(after).toMatchObject({ id: before.id, status: "running" });
  expect(after.ipv4).toEqual([before.ipv4[0], expect.stringMatching(/^192\.168\.\d+\.\d+$/)]);
  expect(Number(after.ipv4[1]!.split(".")[2])).toBeGreaterThanOrEqual(128);
  await e.stack.preview({ expectNoChanges: true });

  e.setProgram(program(scripted, networked, { ...restored, privateIp: false }));
  expect(await preview()).toEqual({ same: 3, replace: 1 });
  e.setProgram(all());
});

test("bad input fails at preview naming the property, never showing secrets, and nothing is written", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...scripted, stackscriptData: {} }, networked, restored));
  const missing = await failure(e.stack.preview());
  expect(missing?.message).toMatch(
    new RegExp(`stackscriptData\\.site: site is required by StackScript ${scriptId} \\(Site name\\)`),
  );
  e.setProgram(program(scripted, networked, { ...restored, image: IMAGE }));
  const both = await failure(e.stack.preview());
  expect(both?.message).toMatch(/backupId.*backupId cannot be combined with image/s);
  e.setProgram(program({ ...scripted, metadata: { userData: "not base64!" } }, networked, restored));
  const bad = await failure(e.stack.preview());
  expect(bad?.message).toMatch(/metadata\.userData: must be base64-encoded/);
  expect(bad?.message).not.toContain("not base64!");
  for (const err of [missing, both, bad]) expect(err?.message).not.toContain(SITE);
  expect(await e.writes()).toEqual([]);
});

test("a firewall the API does not know fails the up in one line naming firewallId; nothing is created", async () => {
  const before = (await instances()).length;
  e.setProgram(
    program(scripted, networked, restored, {
      name: "guarded",
      region: "us-iad",
      type: "g6-standard-1",
      label: "engine-guarded",
      image: IMAGE,
      rootPass: ROOT_PASS,
      firewallId: 42,
    }),
  );
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  expect(shown).toContain(
    "Instance create: [400] [firewallId] Firewall 42 not found (POST /compute/instances)",
  );
  expect(shown).not.toMatch(/^\s+at /m);
  expect(await instances()).toHaveLength(before);
  e.setProgram(all());
});

test("the state holds neither the StackScript data nor the user data in plaintext", async () => {
  // The Automation API exports with secrets shown, each inside its secret envelope: outside them,
  // no secret value may appear.
  const deployment = (await e.stack.exportStack()).deployment as unknown;
  const envelopes: Record<string, number> = {};
  const outsideSecrets = (value: unknown, key = ""): unknown => {
    if (Array.isArray(value)) return value.map((v) => outsideSecrets(v));
    if (value === null || typeof value !== "object") return value;
    if (SECRET_SIG in value) {
      envelopes[key] = (envelopes[key] ?? 0) + 1;
      return "[secret]";
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, outsideSecrets(v, k)]));
  };
  const exported = JSON.stringify(outsideSecrets(deployment));
  expect(exported).toContain("engine-scripted");
  for (const plain of [SITE, USER_DATA, "userdata-marker-7731", ROOT_PASS]) {
    expect(exported.includes(plain)).toBe(false);
  }
  // Inputs and outputs of the scripted instance.
  expect(envelopes).toMatchObject({ stackscriptData: 2, metadata: 2 });
  // On disk, secrets are encrypted.
  const files = (fs.readdirSync(path.join(e.dir, "state"), { recursive: true }) as string[])
    .map((f) => path.join(e.dir, "state", f))
    .filter((f) => fs.statSync(f).isFile());
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const plain of [SITE, USER_DATA, "userdata-marker-7731"]) expect(text.includes(plain)).toBe(false);
  }
});

test("destroy leaves only the instance made outside the stack", async () => {
  e.setProgram(all());
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 4 });
  expect((await instances()).map((i) => i.id)).toEqual([sourceId]);
});
