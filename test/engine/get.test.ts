/**
 * A class's static `get` through the real engine: objects of every kind made through the API (a VPC
 * and its subnet, an SSH key, a token, a StackScript, an instance with its disk, config and VPC
 * interface, a tag on it, its snapshot, an image captured from its disk, the profile's settings and
 * preferences), then a TypeScript program that only `get`s them, a child by its `id` with its
 * parents' IDs as its state or by an ID that leads with them (`<computeId>/<diskId>`), as the
 * plugin form takes them (test/engine/plugin/import-option-kinds.test.ts). `up` writes nothing and
 * reads each value, the state holds no secret in plaintext, a refresh finds no change, a `get` of
 * an object that is not there fails naming it, the plugin reads them alike for a class given an
 * explicit `compute.Provider`, and `destroy` leaves every object in place.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as compute from "../../src";
import { status, waitForBackup, waitForDisk, waitForImage } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { publicKeyLine } from "../support/ssh-keys";
import { engineStack, type EngineStack } from "./harness";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const TYPE = "pulumi-nodejs:dynamic/compute:";

let emulator: Emulator;
let e: EngineStack;

beforeAll(async () => {
  emulator = await startEmulator({ speed: 20 });
  e = await engineStack("get", { emulator });
});
afterAll(async () => {
  await e?.dispose();
  await emulator?.close();
});

/** What the API holds, made through it (not by the provider), and the program's values. */
interface Made {
  ids: Record<string, string>;
  keyLine: string;
  tokenValue: string;
  username: string;
}
let made: Made;

test("the objects exist, made through the API", async () => {
  const api = e.client.api;
  const vpc = await api.createVpc({ body: { region: "us-iad", label: "got-net", description: "the net" } });
  const subnet = await api.createSubnet({
    params: { vpcId: vpc.id },
    body: { label: "app", ipv4: "10.0.1.0/24" },
  });
  const keyLine = publicKeyLine();
  const sshKey = await api.createProfileSshKey({ body: { label: "laptop", ssh_key: keyLine } });
  const token = await api.createProfileToken({
    body: { label: "ci", scopes: "computes:read_only", expiry: "2030-01-01T00:00:00" },
  });
  const script = await api.createStackScript({
    body: {
      label: "got-setup",
      script: '#!/bin/bash\n# <UDF name="greeting" label="Greeting" />\necho "$GREETING"\n',
      images: ["any/all"],
      description: "says hello",
    },
  });
  const instance = await api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "got-host", backups_enabled: true },
  });
  const computeId = instance.id;
  const disk = await api.createDisk({
    params: { computeId },
    body: { label: "root", size: 1024, filesystem: "ext4" },
  });
  await waitForDisk(e.client, computeId, disk.id, status("ready"), { timeoutMs: 60_000 });
  const image = await api.createImage({
    body: { disk_id: disk.id, label: "got-golden", description: "golden" },
  });
  await waitForImage(e.client, image.id, status("available"), { timeoutMs: 60_000 });
  const config = await api.createConfig({
    params: { computeId },
    body: {
      label: "boot",
      devices: { sda: { disk_id: disk.id } },
      interfaces: [
        { purpose: "public" },
        { purpose: "vpc", subnet_id: subnet.id, ipv4: { vpc: "10.0.1.5" } },
      ],
    },
  });
  const [, vpcNic] = await api.listInterfaces({ params: { computeId, configId: config.id } });
  await api.createTag({ body: { label: "got-tag", computes: [computeId] } });
  const snapshot = await api.createSnapshot({ params: { computeId }, body: { label: "nightly" } });
  await waitForBackup(e.client, computeId, snapshot.id, status("successful"), { timeoutMs: 60_000 });
  const { username } = await api.getProfile();
  await api.updateProfile({ body: { timezone: "Europe/Paris", email_notifications: false } });
  await api.updateProfilePreferences({ body: { theme: "dark" } });
  made = {
    ids: {
      vpc: String(vpc.id),
      subnet: String(subnet.id),
      sshKey: String(sshKey.id),
      token: String(token.id),
      script: String(script.id),
      compute: String(computeId),
      disk: String(disk.id),
      config: String(config.id),
      nic: String(vpcNic!.id),
      snapshot: String(snapshot.id),
      image: image.id,
    },
    keyLine,
    tokenValue: token.token!,
    username,
  };
});

/** The stack's state file as the backend keeps it. */
function checkpoint(): string {
  const file = (fs.readdirSync(path.join(e.dir, "state"), { recursive: true }) as string[])
    .map((f) => path.join(e.dir, "state", f))
    .find((f) => f.endsWith(`${path.sep}test.json`))!;
  return fs.readFileSync(file, "utf8");
}

/** A program that only reads: every kind by `get`, each read value exported. */
function gets() {
  const { ids, username } = made;
  const net = compute.Vpc.get("net", ids.vpc!);
  const app = compute.Subnet.get("app", ids.subnet!, { vpcId: ids.vpc! });
  const laptop = compute.SshKey.get("laptop", ids.sshKey!);
  const ci = compute.Token.get("ci", ids.token!);
  const setup = compute.StackScript.get("setup", ids.script!);
  const host = compute.Instance.get("host", ids.compute!);
  // A child by an ID that leads with its parents', or by its `id` with theirs as its state.
  const root = compute.InstanceDisk.get("root", `${ids.compute}/${ids.disk}`);
  const boot = compute.InstanceConfig.get("boot", ids.config!, { computeId: ids.compute! });
  const nic = compute.ConfigInterface.get("nic", `${ids.compute}/${ids.config}/${ids.nic}`);
  const nightly = compute.Snapshot.get("nightly", ids.snapshot!, { computeId: ids.compute! });
  // A tag's `instances` are those its state lists that carry it (the ones a Tag resource manages).
  const tag = compute.Tag.get("tag", "got-tag", { instances: [Number(ids.compute)] });
  const golden = compute.Image.get("golden", ids.image!);
  const me = compute.ProfileSettings.get("me", username);
  const prefs = compute.ProfilePreferences.get("prefs", username);
  return {
    net: net.label,
    netRegion: net.region,
    app: app.ipv4,
    appVpc: app.vpcId,
    laptop: laptop.sshKey,
    ci: ci.scopes,
    ciToken: ci.token,
    setup: setup.description,
    setupFields: setup.userDefinedFields.apply((fields) => fields.map((f) => f.name)),
    host: host.label,
    hostBackups: host.backupsEnabled,
    root: root.size,
    rootCompute: root.computeId,
    boot: boot.devices,
    nic: nic.subnetId,
    nicAddress: nic.vpcAddress,
    nightly: nightly.label,
    tag: tag.instances,
    golden: golden.label,
    goldenStatus: golden.status,
    me: me.timezone,
    prefs: prefs.preferences,
  };
}

test("a program that only gets them writes nothing and reads each value", async () => {
  const { ids } = made;
  e.setProgram(async () => gets());
  await e.control.clearRequests();
  const started = Date.now();
  const result = await e.stack.up();
  console.log(`get: 14 objects read by up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(await e.writes()).toEqual([]);
  // (A read is no change: the summary counts the stack alone.)
  expect(result.summary.resourceChanges).toEqual({ create: 1 });
  const outputs = Object.fromEntries(Object.entries(result.outputs).map(([key, out]) => [key, out.value]));
  expect(outputs).toEqual({
    net: "got-net",
    netRegion: "us-iad",
    app: "10.0.1.0/24",
    appVpc: Number(ids.vpc),
    laptop: made.keyLine,
    ci: "computes:read_only",
    ciToken: made.tokenValue.slice(0, 16),
    setup: "says hello",
    setupFields: ["greeting"],
    host: "got-host",
    hostBackups: true,
    root: 1024,
    rootCompute: Number(ids.compute),
    boot: { sda: Number(ids.disk) },
    nic: Number(ids.subnet),
    nicAddress: "10.0.1.5",
    nightly: "nightly",
    tag: [Number(ids.compute)],
    golden: "got-golden",
    goldenStatus: "available",
    me: "Europe/Paris",
    prefs: { theme: "dark" },
  });
  // The token's value, secret as a created token's.
  expect(result.outputs.ciToken!.secret).toBe(true);
});

test("the state holds every object as read, external, and no secret in plaintext", async () => {
  const resources = (await e.stack.exportStack()).deployment.resources as {
    type: string;
    id?: string;
    external?: boolean;
  }[];
  const got = resources.filter((r) => r.type.startsWith(TYPE));
  expect(got).toHaveLength(14);
  for (const r of got) expect(r).toMatchObject({ external: true });
  const text = checkpoint();
  expect(text.includes(made.tokenValue.slice(0, 16))).toBe(false);
  expect(text.includes(e.emulator.token)).toBe(false);
});

test("a second up and a refresh find nothing changed, writing nothing", async () => {
  await e.control.clearRequests();
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 15 });
  const up = await e.stack.up();
  expect(up.summary.resourceChanges).toEqual({ same: 1 });
  expect(await e.writes()).toEqual([]);
});

test("a get of an object that is not there fails naming it, and an ID missing a parent's says which forms it takes", async () => {
  e.setProgram(async () => ({ gone: compute.Vpc.get("gone", "999999").label }));
  await expect(e.stack.up()).rejects.toThrow(/Vpc read: \[404\] Not found \(GET \/vpcs\/999999\)/);
  e.setProgram(async () => ({ app: compute.Subnet.get("app", made.ids.subnet!).label }));
  await expect(e.stack.up()).rejects.toThrow(
    /Subnet read: Subnet import ID must be vpcId\/subnetId, not \d+/,
  );
  expect(await e.writes()).toEqual([]);
});

test("with an explicit provider, the plugin reads them the same way, writing nothing", async () => {
  // The plugin from this checkout, as a project names a local plugin.
  const settings = await e.stack.workspace.projectSettings();
  await e.stack.workspace.saveProjectSettings(
    Object.assign(settings, { plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] } }),
  );
  const { ids } = made;
  e.setProgram(async () => {
    const provider = new compute.Provider("explicit", {
      apiUrl: e.emulator.url,
      token: pulumi.secret(e.emulator.token),
    });
    const app = compute.Subnet.get("app-explicit", `${ids.vpc}/${ids.subnet}`, undefined, { provider });
    const ci = compute.Token.get("ci-explicit", ids.token!, undefined, { provider });
    return { app: app.label, appVpc: app.vpcId, ci: ci.label, ciToken: ci.token };
  });
  await e.control.clearRequests();
  const result = await e.stack.up();
  expect(await e.writes()).toEqual([]);
  expect(result.outputs).toMatchObject({
    app: { value: "app" },
    appVpc: { value: Number(ids.vpc) },
    ci: { value: "ci" },
    ciToken: { value: made.tokenValue.slice(0, 16), secret: true },
  });
  expect(checkpoint().includes(made.tokenValue.slice(0, 16))).toBe(false);
  e.setProgram(async () => ({
    gone: compute.Vpc.get("gone", "999999", undefined, {
      provider: new compute.Provider("explicit", {
        apiUrl: e.emulator.url,
        token: pulumi.secret(e.emulator.token),
      }),
    }).label,
  }));
  // The plugin answers it gone, as for the other languages' `get`, and the engine fails it.
  await expect(e.stack.up()).rejects.toThrow(/resource '999999' does not exist/);
  expect(await e.writes()).toEqual([]);
});

test("destroy forgets them and leaves every object in place", async () => {
  e.setProgram(async () => gets());
  await e.stack.up();
  await e.control.clearRequests();
  const result = await e.stack.destroy();
  // The engine discards what it read, deleting nothing but the stack.
  expect(result.summary.resourceChanges).toEqual({ delete: 1, discard: 14 });
  expect(await e.writes()).toEqual([]);
  const api = e.client.api;
  const { ids } = made;
  const computeId = Number(ids.compute);
  expect(await api.getVpc({ params: { vpcId: Number(ids.vpc) } })).toMatchObject({ label: "got-net" });
  expect(
    await api.getSubnet({ params: { vpcId: Number(ids.vpc), vpcSubnetId: Number(ids.subnet) } }),
  ).toMatchObject({ label: "app" });
  expect(await api.getProfileSshKey({ params: { sshKeyId: Number(ids.sshKey) } })).toMatchObject({
    label: "laptop",
  });
  expect(await api.getProfileToken({ params: { tokenId: Number(ids.token) } })).toMatchObject({
    label: "ci",
  });
  expect(await api.getStackScript({ params: { stackscriptId: Number(ids.script) } })).toMatchObject({
    label: "got-setup",
  });
  expect(await api.getInstance({ params: { computeId } })).toMatchObject({
    label: "got-host",
    tags: ["got-tag"],
  });
  expect(await api.getDisk({ params: { computeId, diskId: Number(ids.disk) } })).toMatchObject({
    label: "root",
  });
  expect(await api.getConfig({ params: { computeId, configId: Number(ids.config) } })).toMatchObject({
    label: "boot",
  });
  expect(
    (await api.listInterfaces({ params: { computeId, configId: Number(ids.config) } })).map((i) => i.id),
  ).toContain(Number(ids.nic));
  expect(await api.getBackup({ params: { computeId, backupId: Number(ids.snapshot) } })).toMatchObject({
    label: "nightly",
  });
  expect(await api.getImage({ params: { imageId: ids.image! } })).toMatchObject({ label: "got-golden" });
  expect(await api.getProfile()).toMatchObject({ timezone: "Europe/Paris" });
  expect(await api.getProfilePreferences()).toMatchObject({ theme: "dark" });
});
