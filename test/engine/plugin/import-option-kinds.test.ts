/**
 * The `import` resource option in the plugin form for every kind but Image (`import-option.test.ts`):
 * a VPC and its subnet, an SSH key, a token, a StackScript, an instance with its disk and config, a
 * tag given to the instance, its snapshot, a VPC interface of the config, the profile's settings and
 * preferences, all made through the API first and imported by one program that sets every input no
 * object holds, at values other than their defaults (a disk's and an interface's `allowReboot`, a
 * config's and an interface's `rebootOnChange`, a tag's instances). Importing writes nothing, the
 * preview shows each resource as an import, and neither the next preview nor a refresh finds a change;
 * the state then holds what the program says of them, and a delete acts on it. Then a `get` of each
 * kind reads it with no write, as the resource pages' "Look up an existing one" shows.
 */
import { status, waitForBackup, waitForDisk } from "../../../src/client";
import { publicKeyLine } from "../../support/ssh-keys";
import { opsOf, yamlProject, type YamlProject, secret } from "./yaml-project";

jest.setTimeout(240_000);

let p: YamlProject;

beforeAll(async () => {
  p = await yamlProject("plugin-import-option-kinds", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

test("every other kind, made through the API, is imported by one program writing nothing, and stays unchanged", async () => {
  const api = p.client.api;
  const vpc = await api.createVpc({
    body: { region: "us-iad", label: "imported-net", description: "the net" },
  });
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
      label: "imported-setup",
      script: '#!/bin/bash\n# <UDF name="greeting" label="Greeting" />\necho "$GREETING"\n',
      images: ["any/all"],
      description: "says hello",
      rev_note: "first",
    },
  });

  const instance = await api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "imported-host", backups_enabled: true },
  });
  const computeId = instance.id;
  const disk = await api.createDisk({
    params: { computeId },
    body: { label: "root", size: 1024, filesystem: "ext4" },
  });
  await waitForDisk(p.client, computeId, disk.id, status("ready"), { timeoutMs: 60_000 });
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
  await api.createTag({ body: { label: "imported-tag", computes: [computeId] } });
  const snapshot = await api.createSnapshot({ params: { computeId }, body: { label: "nightly" } });
  await waitForBackup(p.client, computeId, snapshot.id, status("successful"), { timeoutMs: 60_000 });
  const { username } = await api.getProfile();
  await api.updateProfile({ body: { timezone: "Europe/Paris", email_notifications: false } });
  await api.updateProfilePreferences({ body: { theme: "dark", sortKeys: { instances: "label" } } });

  const program = (
    tagged?: number[],
    more: Record<string, unknown> = {},
    outputs?: Record<string, unknown>,
  ) =>
    p.setProgram(
      {
        net: {
          type: "compute:index:Vpc",
          options: { import: String(vpc.id) },
          properties: { region: "us-iad", label: "imported-net", description: "the net" },
        },
        app: {
          type: "compute:index:Subnet",
          options: { import: `${vpc.id}/${subnet.id}` },
          properties: { vpcId: String(vpc.id), label: "app", ipv4: "10.0.1.0/24" },
        },
        laptop: {
          type: "compute:index:SshKey",
          options: { import: String(sshKey.id) },
          properties: { label: "laptop", sshKey: keyLine },
        },
        ci: {
          type: "compute:index:Token",
          options: { import: String(token.id) },
          properties: { label: "ci", scopes: "computes:read_only", expiry: "2030-01-01T00:00:00" },
        },
        setup: {
          type: "compute:index:StackScript",
          options: { import: String(script.id) },
          properties: {
            label: "imported-setup",
            script: secret(script.script),
            images: ["any/all"],
            description: "says hello",
            revNote: "first",
            isPublic: false,
          },
        },
        ...(tagged && {
          tag: {
            type: "compute:index:Tag",
            options: { import: "imported-tag" },
            properties: { label: "imported-tag", instances: tagged.map(String) },
          },
        }),
        host: {
          type: "compute:index:Instance",
          options: { import: String(computeId) },
          properties: {
            region: "us-iad",
            type: "g6-standard-1",
            label: "imported-host",
            backupsEnabled: true,
          },
        },
        root: {
          type: "compute:index:InstanceDisk",
          options: { import: `${computeId}/${disk.id}` },
          properties: {
            computeId: String(computeId),
            label: "root",
            size: 1024,
            filesystem: "ext4",
            allowReboot: false,
          },
        },
        boot: {
          type: "compute:index:InstanceConfig",
          options: { import: `${computeId}/${config.id}` },
          properties: {
            computeId: String(computeId),
            label: "boot",
            devices: { sda: String(disk.id) },
            rebootOnChange: true,
          },
        },
        nightly: {
          type: "compute:index:Snapshot",
          options: { import: `${computeId}/${snapshot.id}` },
          properties: { computeId: String(computeId), label: "nightly" },
        },
        nic: {
          type: "compute:index:ConfigInterface",
          options: { import: `${computeId}/${config.id}/${vpcNic!.id}` },
          properties: {
            computeId: String(computeId),
            configId: String(config.id),
            purpose: "vpc",
            subnetId: String(subnet.id),
            ipv4: { vpc: "10.0.1.5" },
            position: 1,
            allowReboot: false,
            rebootOnChange: true,
          },
        },
        me: {
          type: "compute:index:ProfileSettings",
          options: { import: username },
          properties: { timezone: "Europe/Paris", emailNotifications: false },
        },
        prefs: {
          type: "compute:index:ProfilePreferences",
          options: { import: username },
          properties: { preferences: { theme: "dark", sortKeys: { instances: "label" } } },
        },
        ...more,
      },
      outputs,
    );
  const names = [
    "net",
    "app",
    "laptop",
    "ci",
    "setup",
    "tag",
    "host",
    "root",
    "boot",
    "nightly",
    "nic",
    "me",
    "prefs",
  ];
  await p.control.clearRequests();
  // The instances a Tag manages must carry it: one that does not fails the preview, naming `instances`.
  program([computeId, computeId + 1]);
  expect(await p.failing("preview")).toMatch(
    /instances.*the imported Tag imported-tag holds \[\d+\], the program says \[\d+,\d+\]/,
  );
  program([computeId]);
  expect(opsOf(await p.previewJson())).toEqual(Object.fromEntries(names.map((n) => [n, "import"])));
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);

  // The next preview finds nothing to do (the provider counts), nor does a refresh, nor the next up.
  expect((await p.previewJson()).changeSummary).toEqual({ same: names.length + 1 });
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  await p.pulumi("up", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);

  // A delete acts on the instances the program gives the Tag (that up stored them), not on the
  // Read's default (none): the tag comes off the instance, and goes.
  program();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([`PUT /compute/instances/${computeId}`, "DELETE /tags/imported-tag"]);
  expect((await api.getInstance({ params: { computeId } })).tags).toEqual([]);

  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: names.length });
  expect(await p.writes()).toEqual([]);
  // What no object holds is the program's in the state once an up has stored the program's inputs.
  const outputs = Object.fromEntries((await p.resources()).map((r) => [r.urn.split("::").pop(), r.outputs]));
  expect(outputs.nic).toMatchObject({ allowReboot: false, rebootOnChange: true, position: 1 });
  expect(outputs.root).toMatchObject({ allowReboot: false });
  expect(outputs.boot).toMatchObject({ rebootOnChange: true });

  // A `get` of every kind (docs/resources' "Look up an existing one"): by its ID, a child's by the
  // import ID or by its id with the parents' in its state. The engine reads each, writing nothing,
  // and a program that drops them deletes nothing.
  const get = (kind: string, id: string | number, state?: Record<string, string>) => ({
    type: `compute:index:${kind}`,
    get: { id: String(id), ...(state && { state }) },
  });
  const gets = {
    gotNet: get("Vpc", vpc.id),
    gotApp: get("Subnet", subnet.id, { vpcId: String(vpc.id) }),
    gotLaptop: get("SshKey", sshKey.id),
    gotCi: get("Token", token.id),
    gotSetup: get("StackScript", script.id),
    gotHost: get("Instance", computeId),
    gotRoot: get("InstanceDisk", `${computeId}/${disk.id}`),
    gotBoot: get("InstanceConfig", config.id, { computeId: String(computeId) }),
    gotNightly: get("Snapshot", `${computeId}/${snapshot.id}`),
    gotNic: get("ConfigInterface", `${computeId}/${config.id}/${vpcNic!.id}`),
    gotMe: get("ProfileSettings", username),
    gotPrefs: get("ProfilePreferences", username),
  };
  const read = {
    net: "${gotNet.label}",
    app: "${gotApp.ipv4}",
    laptop: "${gotLaptop.label}",
    ci: "${gotCi.scopes}",
    setup: "${gotSetup.description}",
    host: "${gotHost.label}",
    root: "${gotRoot.size}",
    boot: "${gotBoot.label}",
    nightly: "${gotNightly.label}",
    nic: "${gotNic.subnetId}",
    me: "${gotMe.timezone}",
    prefs: "${gotPrefs.preferences.theme}",
  };
  program(undefined, gets, read);
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect(
    Object.fromEntries(await Promise.all(Object.keys(read).map(async (k) => [k, await p.output(k)]))),
  ).toEqual({
    net: "imported-net",
    app: "10.0.1.0/24",
    laptop: "laptop",
    ci: "computes:read_only",
    setup: "says hello",
    host: "imported-host",
    root: 1024,
    boot: "boot",
    nightly: "nightly",
    nic: String(subnet.id),
    me: "Europe/Paris",
    prefs: "dark",
  });
  const got = (await p.resources()).filter((r) => r.urn.split("::").pop()!.startsWith("got"));
  expect(got).toHaveLength(Object.keys(gets).length);
  for (const r of got) expect(r).toMatchObject({ external: true });
  program();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
});
