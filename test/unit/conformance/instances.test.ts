/** Compute instances against the running emulator, through our client: CRUD, create modes, per-instance lists (power: `instance-power.test.ts`). */
import {
  createBody,
  deployed,
  empty,
  IMAGE,
  seedImage,
  seedStackScript,
  settle,
  status,
} from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const create = (overrides: Record<string, unknown> = {}) =>
  t.client.api.createInstance({ body: createBody(overrides) as never });
const id = (computeId: number) => ({ params: { computeId } });

describe("auth", () => {
  it("needs computes:read_only to list and computes:read_write to create (a missing scope is 401)", async () => {
    const { token } = await t.control.seedUser({ username: "reader", scopes: "computes:read_only" });
    const reader = t.clientFor(token);
    await expect(reader.api.listInstances()).resolves.toMatchObject({ results: 0 });
    const err = await apiError(reader.api.createInstance({ body: createBody() as never }), 401);
    expect(err.errors[0]!.reason).toMatch(/not authorized to use this endpoint/);
    const other = await t.control.seedUser({ username: "vpc-only", scopes: "vpc:read_write" });
    await apiError(t.clientFor(other.token).api.listInstances(), 401);
  });

  it("needs add_computes to create; the creator gets read_write on its instance only", async () => {
    const owners = await empty(t, { label: "owners" });
    const denied = await t.control.seedUser({ username: "r1", restricted: true });
    await apiError(t.clientFor(denied.token).api.createInstance({ body: createBody() as never }), 403);

    const allowed = await t.control.seedUser({
      username: "r2",
      restricted: true,
      grants: { global: { add_computes: true } },
    });
    const client = t.clientFor(allowed.token);
    const mine = await client.api.createInstance({
      body: { region: "us-iad", type: "g6-nanode-1", label: "mine" },
    });
    const listed = await client.api.listInstances();
    expect(listed.data.map((i) => i.label)).toEqual(["mine"]);
    await expect(
      client.api.updateInstance({ ...id(mine.id), body: { label: "mine-2" } }),
    ).resolves.toMatchObject({
      label: "mine-2",
    });
    await apiError(client.api.getInstance(id(owners.id)), 404);
  });

  it("answers 403 to writes with a read_only grant", async () => {
    const a = await empty(t, { label: "shared" });
    const { token } = await t.control.seedUser({
      username: "r3",
      restricted: true,
      grants: { compute: [{ id: a.id, permissions: "read_only", label: "shared" }] } as never,
    });
    const client = t.clientFor(token);
    await expect(client.api.getInstance(id(a.id))).resolves.toMatchObject({ label: "shared" });
    await apiError(client.api.updateInstance({ ...id(a.id), body: { label: "zzz" } }), 403);
    await apiError(client.api.bootInstance(id(a.id)), 403);
    await apiError(client.api.deleteInstance(id(a.id)), 403);
  });

  it("lets only unrestricted users set tags", async () => {
    const { token } = await t.control.seedUser({
      username: "r4",
      restricted: true,
      grants: { global: { add_computes: true } },
    });
    const client = t.clientFor(token);
    await apiError(
      client.api.createInstance({ body: { region: "us-iad", type: "g6-nanode-1", tags: ["web"] } }),
      403,
    );
    const mine = await client.api.createInstance({ body: { region: "us-iad", type: "g6-nanode-1" } });
    await apiError(client.api.updateInstance({ ...id(mine.id), body: { tags: ["web"] } }), 403);
    const owned = await empty(t, { tags: ["web", "prod"] });
    expect(owned.tags).toEqual(["web", "prod"]);
  });
});

describe("create validation", () => {
  it.each([
    ["ab", /3\.\.64/],
    ["a".repeat(65), /3\.\.64/],
    ["1abc", /begin with a letter/],
    ["web--1", /no two/],
    ["web_", /end with a letter or digit/],
    ["web 1", /only ASCII letters/],
  ])("rejects the label %j", async (label, reason) => {
    await badRequest(empty(t, { label }), "label", reason);
  });

  it("accepts labels at the limits and with single separators", async () => {
    await expect(empty(t, { label: "a".repeat(64) })).resolves.toMatchObject({ label: "a".repeat(64) });
    await expect(empty(t, { label: "web-1_a.b" })).resolves.toMatchObject({ label: "web-1_a.b" });
  });

  it("keeps labels unique and assigns a default label when none is given", async () => {
    await empty(t, { label: "same" });
    await badRequest(empty(t, { label: "same" }), "label", /unique/);
    const unnamed = await empty(t);
    expect(unnamed.label).toBe(`compute${unnamed.id}`);
    await badRequest(
      t.client.api.updateInstance({ ...id(unnamed.id), body: { label: "same" } }),
      "label",
      /unique/,
    );
  });

  it("requires an existing region and type", async () => {
    await badRequest(create({ region: undefined }), "region", /region is required/);
    await badRequest(create({ type: undefined }), "type", /type is required/);
    await badRequest(create({ region: "mars-1" }), "region", /does not exist/);
    await badRequest(create({ type: "g9-huge" }), "type", /does not exist/);
  });

  it("requires root_pass of 7..128 characters that is strong enough with an image", async () => {
    await badRequest(create({ root_pass: undefined }), "root_pass", /required/);
    await badRequest(create({ root_pass: "Ab1!" }), "root_pass", /7\.\.128/);
    await badRequest(create({ root_pass: `Ab1!${"x".repeat(125)}` }), "root_pass", /7\.\.128/);
    const err = await badRequest(create({ root_pass: "aaaaaaaaaa" }), "root_pass");
    expect(err.errors).toContainEqual({
      reason: "Password does not meet strength requirement",
      field: "root_pass",
    });
  });

  it("requires an existing, available image and refuses image with backup_id", async () => {
    await badRequest(create({ image: "compute/nope" }), "image", /not found/);
    const creating = seedImage(t, { status: "creating" });
    await badRequest(create({ image: creating }), "image", /only available images/);
    await badRequest(create({ backup_id: 1 }), "backup_id", /cannot be combined/);
  });

  it("deploys a private available image", async () => {
    const golden = seedImage(t, { label: "golden" });
    const made = await create({ image: golden });
    expect(made.image).toBe(golden);
  });

  it("checks StackScripts: an image it accepts (or any/all) and data of at most 65,535 characters", async () => {
    const only = seedStackScript(t, { images: ["compute/ubuntu22.04"] });
    await badRequest(create({ stackscript_id: only }), "image", /does not support/);
    await badRequest(
      create({ image: undefined, root_pass: undefined, stackscript_id: only }),
      "image",
      /required/,
    );
    await badRequest(create({ stackscript_id: 999 }), "stackscript_id", /not found/);
    const any = seedStackScript(t, { images: ["any/all"] });
    await badRequest(
      create({ stackscript_id: any, stackscript_data: { x: "y".repeat(65_530) } }),
      "stackscript_data",
      /65,535/,
    );
    await expect(create({ stackscript_id: any, stackscript_data: { x: "y" } })).resolves.toMatchObject({
      image: IMAGE,
    });
    expect(t.emulator.store.table("stackscripts").get(any)).toMatchObject({ deployments_total: 1 });
  });

  it("asks for the StackScript's required fields", async () => {
    const script =
      '#!/bin/bash\n# <UDF name="db_user" label="DB user" />\n# <UDF name="port" label="Port" default="80" />';
    const ss = seedStackScript(t, { script });
    await badRequest(create({ stackscript_id: ss }), "stackscript_data.db_user", /required/);
    await expect(create({ stackscript_id: ss, stackscript_data: { db_user: "app" } })).resolves.toBeDefined();
  });

  it("needs authorized users with a profile SSH key, and refuses firewalls (not emulated)", async () => {
    await badRequest(create({ authorized_users: ["ghost"] }), "authorized_users[0]", /no SSH key/);
    await badRequest(create({ authorized_users: ["owner"] }), "authorized_users[0]", /no SSH key/);
    t.emulator.store.table("ssh_keys").put({
      id: 1,
      user_id: 1,
      label: "laptop",
      ssh_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB7 me@laptop",
      created: "2024-01-01T00:00:00",
    });
    await expect(create({ authorized_users: ["owner"] })).resolves.toMatchObject({ status: "provisioning" });
    await badRequest(create({ authorized_keys: ["not a key"] }), "authorized_keys[0]", /public SSH keys/);
    await badRequest(create({ firewall_id: 7 }), "firewall_id", /not found/);
  });

  it("needs metadata support in the region and the image", async () => {
    const userData = Buffer.from("#cloud-config\n").toString("base64");
    await badRequest(
      create({ region: "us-east", metadata: { user_data: userData } }),
      "metadata.user_data",
      /region/,
    );
    await badRequest(
      create({ image: "compute/arch", metadata: { user_data: userData } }),
      "metadata.user_data",
    );
    await badRequest(create({ metadata: { user_data: "not base64!" } }), "metadata.user_data", /base64/);
    await expect(create({ metadata: { user_data: userData } })).resolves.toMatchObject({
      has_user_data: true,
    });
  });
});

describe("created record", () => {
  it("takes specs from the type, alerts from its vCPUs, one public IPv4 and a SLAAC IPv6", async () => {
    const made = await create({ type: "g6-standard-2", label: "web-1" });
    expect(made).toMatchObject({
      label: "web-1",
      region: "us-iad",
      type: "g6-standard-2",
      image: IMAGE,
      status: "provisioning",
      hypervisor: "kvm",
      group: "",
      tags: [],
      has_user_data: false,
      watchdog_enabled: true,
      specs: { disk: 81920, memory: 4096, vcpus: 2, gpus: 0, transfer: 4000 },
      alerts: { cpu: 180, io: 10000, network_in: 10, network_out: 10, transfer_quota: 80 },
      backups: {
        enabled: false,
        available: true,
        last_successful: null,
        schedule: { day: null, window: null },
      },
    });
    expect(made.ipv4).toHaveLength(1);
    expect(made.ipv6).toMatch(/^[0-9a-f:]+\/128$/);
    const other = await create();
    expect(other.ipv4[0]).not.toBe(made.ipv4[0]);
  });

  it("adds a private IPv4 with private_ip", async () => {
    const made = await create({ private_ip: true });
    expect(made.ipv4).toHaveLength(2);
    expect(made.ipv4[1]).toMatch(/^192\.168\.(1[2-9]\d|2\d\d)\./);
  });

  it("provisions, then runs: an image disk (type disk minus swap), a swap disk and a default config", async () => {
    const made = await create({ swap_size: 1024 });
    const disks = await t.client.api.listDisks(id(made.id));
    expect(disks.data.map((d) => [d.label, d.size, d.filesystem, d.status])).toEqual([
      ["Debian 12 Disk", 51200 - 1024, "ext4", "not ready"],
      ["1024 MB Swap Image", 1024, "swap", "not ready"],
    ]);
    await settle(t);
    expect(await status(t, made.id)).toBe("running");
    const ready = await t.client.api.listDisks(id(made.id));
    expect(ready.data.map((d) => d.status)).toEqual(["ready", "ready"]);
    const configs = await t.client.api.listConfigs(id(made.id));
    expect(configs.data).toHaveLength(1);
    expect(configs.data[0]).toMatchObject({
      label: "My Debian 12 Disk Profile",
      kernel: "compute/latest-64bit",
      root_device: "/dev/sda",
      devices: { sda: { disk_id: disks.data[0]!.id }, sdb: { disk_id: disks.data[1]!.id }, sdc: null },
      // No interfaces given: public networking, but no interface object (as the real API answers).
      interfaces: [],
      comments: "",
      initrd: null,
    });
  });

  it("uses a 512 MB swap disk by default and stays offline with booted: false", async () => {
    const made = await create({ booted: false });
    const disks = await t.client.api.listDisks(id(made.id));
    expect(disks.data.map((d) => d.size)).toEqual([51200 - 512, 512]);
    await settle(t);
    expect(await status(t, made.id)).toBe("offline");
  });

  it("creates an empty instance offline, without disks or configs", async () => {
    const made = await empty(t);
    expect(made).toMatchObject({ status: "offline", image: null });
    await expect(t.client.api.listDisks(id(made.id))).resolves.toMatchObject({ results: 0 });
    await expect(t.client.api.listConfigs(id(made.id))).resolves.toMatchObject({ results: 0 });
    await badRequest(empty(t, { interfaces: [{ purpose: "public" }] }), "interfaces", /need an image/);
  });

  it("records compute_create started, then finished", async () => {
    const made = await create();
    expect(await t.control.events({ action: "compute_create" })).toEqual([
      expect.objectContaining({
        status: "started",
        entity: expect.objectContaining({ id: made.id, type: "compute" }),
      }),
    ]);
    await settle(t);
    await status(t, made.id);
    const [event] = await t.control.events({ action: "compute_create" });
    expect(event).toMatchObject({
      status: "finished",
      percent_complete: 100,
      secondary_entity: { id: IMAGE },
    });
  });
});

describe("update and delete", () => {
  it("updates label, group, alerts, watchdog and backup schedule, and emits compute_update", async () => {
    const made = await empty(t);
    const updated = await t.client.api.updateInstance({
      ...id(made.id),
      body: {
        label: "renamed",
        group: "g",
        watchdog_enabled: false,
        alerts: { cpu: 50 },
        backups: { schedule: { day: "Monday", window: "W10" } },
      },
    });
    expect(updated).toMatchObject({
      label: "renamed",
      group: "g",
      watchdog_enabled: false,
      alerts: { cpu: 50, io: 10000 },
      backups: { schedule: { day: "Monday", window: "W10" } },
    });
    await badRequest(
      t.client.api.updateInstance({
        ...id(made.id),
        body: { backups: { schedule: { window: "W3" as never } } },
      }),
      "backups.schedule.window",
    );
    expect(await t.control.events({ action: "compute_update" })).toHaveLength(1);
  });

  it("deletes an instance with its disks and configs", async () => {
    const made = await deployed(t);
    await expect(t.client.api.deleteInstance(id(made.id))).resolves.toEqual({});
    await apiError(t.client.api.getInstance(id(made.id)), 404);
    await apiError(t.client.api.listDisks(id(made.id)), 404);
    expect(t.emulator.store.table("disks").all()).toEqual([]);
    expect(t.emulator.store.table("configs").all()).toEqual([]);
    expect(await t.control.events({ action: "compute_delete" })).toHaveLength(1);
  });

  it("lists no node balancers or volumes (those products are not emulated)", async () => {
    const made = await empty(t);
    await expect(t.client.api.listInstanceNodeBalancers(id(made.id))).resolves.toMatchObject({ data: [] });
    await expect(t.client.api.listInstanceVolumes(id(made.id))).resolves.toMatchObject({ data: [] });
    await apiError(t.client.api.listInstanceVolumes(id(made.id + 100)), 404);
  });
});
