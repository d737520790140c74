/**
 * `pulumi import compute:index:<Kind> NAME ID` in the plugin form for kinds beyond Vpc and Subnet:
 * a top-level kind by its ID (a tag by its label, the profile's settings by the username, an image
 * by `private/N`), a child by `PARENTID/ID` (an interface by `INSTANCEID/CONFIGID/ID`); each sends no
 * write, stores the inputs the object has that a program would write (no value equal to the spec's
 * default, none of what the API chose that means "not managed here"), and destroy then deletes what
 * was imported.
 */
import {
  imageEndpoints,
  instanceEndpoints,
  profileSshKeyEndpoints,
  stackScriptEndpoints,
} from "../../../src/contract";
import { collect, status, waitForDisk, waitForImage } from "../../../src/client";
import { publicKeyLine } from "../../support/ssh-keys";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;

beforeAll(async () => {
  // Lifecycles run 20 times faster: a disk is ready, an image captured, within a second.
  p = await yamlProject("plugin-import", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

async function imported(type: string, name: string, id: string) {
  await p.control.clearRequests();
  await p.pulumi("import", type, name, id, "--yes", "--protect=false");
  expect(await p.writes()).toEqual([]);
  return (await p.resources()).find((r) => r.urn.endsWith(`::${name}`))!;
}

test("an SSH key by its ID", async () => {
  const line = publicKeyLine();
  const key = await p.client.api.createProfileSshKey({ body: { label: "laptop", ssh_key: line } });
  const state = await imported("compute:index:SshKey", "laptop", String(key.id));
  expect(state).toMatchObject({ type: "compute:index:SshKey", id: String(key.id) });
  expect(state.inputs).toEqual({ label: "laptop", sshKey: line });
});

test("an instance by its ID, and its disk by INSTANCEID/DISKID", async () => {
  const instance = await p.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "imported-web" },
  });
  const state = await imported("compute:index:Instance", "web", String(instance.id));
  expect(state).toMatchObject({ type: "compute:index:Instance", id: String(instance.id) });
  expect(state.inputs).toMatchObject({ region: "us-iad", type: "g6-standard-1", label: "imported-web" });
  // The spec's defaults (booted, watchdog, no private IP, no backups, no group) and the tags (Tag
  // resources) are what a program leaves out.
  for (const key of ["booted", "watchdogEnabled", "privateIp", "backupsEnabled", "group", "tags"]) {
    expect(state.inputs).not.toHaveProperty(key);
  }

  const disk = await p.client.api.createDisk({
    params: { computeId: instance.id },
    body: { label: "data", size: 1024, filesystem: "ext4" },
  });
  const diskState = await imported("compute:index:InstanceDisk", "data", `${instance.id}/${disk.id}`);
  expect(diskState).toMatchObject({ type: "compute:index:InstanceDisk", id: String(disk.id) });
  expect(diskState.inputs).toMatchObject({
    computeId: String(instance.id),
    label: "data",
    size: 1024,
    filesystem: "ext4",
  });
});

test("a StackScript by its ID, a tag by its label, the profile's settings by the username", async () => {
  const script = await p.client.api.createStackScript({
    body: { label: "imported-setup", script: "#!/bin/sh\necho hi\n", images: ["any/all"] },
  });
  const scriptState = await imported("compute:index:StackScript", "setup", String(script.id));
  expect(scriptState.inputs).toMatchObject({ label: "imported-setup", images: ["any/all"] });
  for (const key of ["description", "revNote", "isPublic"])
    expect(scriptState.inputs).not.toHaveProperty(key);
  await p.client.api.createTag({ body: { label: "imported-tag" } });
  const tagState = await imported("compute:index:Tag", "tag", "imported-tag");
  expect(tagState).toMatchObject({ type: "compute:index:Tag", id: "imported-tag" });
  expect(tagState.inputs).toMatchObject({ label: "imported-tag" });
  const { username, timezone } = await p.client.api.getProfile();
  const settings = await imported("compute:index:ProfileSettings", "me", username);
  expect(settings).toMatchObject({ type: "compute:index:ProfileSettings", id: username });
  expect(settings.inputs).toMatchObject({ timezone });
});

test("a config by INSTANCEID/CONFIGID, its interface by INSTANCEID/CONFIGID/INTERFACEID, an image by private/N", async () => {
  const instance = await p.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "imported-db" },
  });
  const computeId = instance.id;
  const disk = await p.client.api.createDisk({
    params: { computeId },
    body: { label: "root", size: 1024, filesystem: "ext4" },
  });
  await waitForDisk(p.client, computeId, disk.id, status("ready"), { timeoutMs: 60_000 });
  const config = await p.client.api.createConfig({
    params: { computeId },
    body: { label: "boot", devices: { sda: { disk_id: disk.id } }, interfaces: [{ purpose: "public" }] },
  });
  const configState = await imported("compute:index:InstanceConfig", "boot", `${computeId}/${config.id}`);
  expect(configState).toMatchObject({ type: "compute:index:InstanceConfig", id: String(config.id) });
  // ID references as the schema types them: strings.
  expect(configState.inputs).toMatchObject({
    computeId: String(computeId),
    label: "boot",
    devices: { sda: String(disk.id) },
  });
  // Defaults (kernel, root device, run level, virtualisation mode, comments) and the interfaces
  // (ConfigInterface resources) are left out.
  for (const key of ["kernel", "rootDevice", "runLevel", "virtMode", "comments", "interfaces"]) {
    expect(configState.inputs).not.toHaveProperty(key);
  }
  const [nic] = await p.client.api.listInterfaces({ params: { computeId, configId: config.id } });
  const nicState = await imported(
    "compute:index:ConfigInterface",
    "public",
    `${computeId}/${config.id}/${nic!.id}`,
  );
  expect(nicState).toMatchObject({ type: "compute:index:ConfigInterface", id: String(nic!.id) });
  expect(nicState.inputs).toMatchObject({
    computeId: String(computeId),
    configId: String(config.id),
    purpose: "public",
  });
  const image = await p.client.api.createImage({ body: { disk_id: disk.id, label: "imported-golden" } });
  await waitForImage(p.client, image.id, status("available"), { timeoutMs: 60_000 });
  const imageState = await imported("compute:index:Image", "golden", image.id);
  expect(imageState).toMatchObject({ type: "compute:index:Image", id: image.id });
  expect(imageState.inputs).toMatchObject({ label: "imported-golden" });
  expect(imageState.inputs).not.toHaveProperty("cloudInit");
});

test("destroy deletes what was imported", async () => {
  await p.pulumi("destroy", "--yes");
  // The config's instance was not imported: it stays, without the config.
  const [left, ...others] = await collect(p.client.each(instanceEndpoints.listInstances));
  expect(others).toEqual([]);
  expect(left!.label).toBe("imported-db");
  expect((await p.client.api.listConfigs({ params: { computeId: left!.id } })).data).toEqual([]);
  expect(await collect(p.client.each(profileSshKeyEndpoints.listProfileSshKeys))).toEqual([]);
  expect(
    await collect(p.client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } })),
  ).toEqual([]);
  expect(await collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }))).toEqual(
    [],
  );
  expect((await p.client.api.listTags()).data).toEqual([]);
});
