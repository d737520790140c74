/**
 * `pulumi import compute:index:<Kind> NAME ID` in the plugin form for kinds beyond Vpc and Subnet:
 * a top-level kind by its ID, a child by `PARENTID/ID`; each sends no write, stores the inputs the
 * object has, and destroy then deletes what was imported.
 */
import { collect } from "../../../src/client";
import { instanceEndpoints, profileSshKeyEndpoints } from "../../../src/contract";
import { publicKeyLine } from "../../support/ssh-keys";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;

beforeAll(async () => {
  p = await yamlProject("plugin-import");
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

  const disk = await p.client.api.createDisk({
    params: { computeId: instance.id },
    body: { label: "data", size: 1024, filesystem: "ext4" },
  });
  const diskState = await imported("compute:index:InstanceDisk", "data", `${instance.id}/${disk.id}`);
  expect(diskState).toMatchObject({ type: "compute:index:InstanceDisk", id: String(disk.id) });
  expect(diskState.inputs).toMatchObject({
    computeId: instance.id,
    label: "data",
    size: 1024,
    filesystem: "ext4",
  });
});

test("destroy deletes what was imported", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(instanceEndpoints.listInstances))).toEqual([]);
  expect(await collect(p.client.each(profileSshKeyEndpoints.listProfileSshKeys))).toEqual([]);
});
