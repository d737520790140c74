/**
 * Previews a reviewer can trust, through the real engine: a program with every resource kind (a
 * `Tag` on instances that declare no `tags` among them) is clean on preview and refresh right after
 * `up`; a one-field change of each kind previews as exactly that field (a secret's too, its value
 * hidden), and nothing after a refresh shows inputs the program never declared; a label declared
 * both in an Instance's `tags` and through a `Tag` fails at preview naming both; the instance
 * assembled from parts reports `running` once `up` returns; destroy deletes every object the program
 * made and leaves the profile's settings and preferences as they were. No step of a preview
 * (create, update, replace) holds an input the program did not write: the engine events `--json`
 * prints, and the text of `--diff`.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import * as compute from "pulumi-compute";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(600_000);

const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKDSTJytVMZjpgr0oN150LkYvRDeA7o4HmZMj9WR09/8 ci@example";
const SCRIPT = '#!/bin/bash\n# <UDF name="site" label="Site name" example="a.test"/>\necho "$SITE"\n';

/** Each resource's inputs, by its name in the program; a test changes one field of one. */
type Shape = Record<string, Record<string, unknown>>;
const base: Shape = {
  net: { region: "us-iad", label: "previews-net", description: "a" },
  app: { label: "app", ipv4: "10.0.1.0/24" },
  key: { label: "previews-key", sshKey: KEY },
  setup: { label: "previews-setup", images: [IMAGE], script: SCRIPT, description: "a" },
  web: {
    region: "us-iad",
    type: "g6-nanode-1",
    label: "previews-web",
    image: IMAGE,
    rootPass: ROOT_PASS,
    stackscriptData: { site: "a.test" },
    backupsEnabled: true,
  },
  db: { region: "us-iad", type: "g6-standard-1", label: "previews-db" },
  root: { label: "root", size: 4096, image: IMAGE, rootPass: ROOT_PASS },
  swap: { label: "swap", size: 256, filesystem: "swap" },
  boot: { label: "boot", comments: "a", booted: true },
  nic: { purpose: "public", primary: true },
  both: { label: "previews-both" },
  ci: { label: "previews-ci", scopes: "computes:read_only" },
  me: { timezone: "Europe/Paris" },
  prefs: { preferences: { theme: "dark" } },
  golden: { label: "previews-golden", description: "a" },
  daily: { label: "previews-daily" },
};

/** One field changed per kind: the resource, the field, its new value and the step it makes. */
const ONE_FIELD: [kind: string, name: string, field: string, value: unknown, op: string][] = [
  ["Vpc", "net", "description", "b", "update"],
  ["Subnet", "app", "label", "app-2", "update"],
  ["SshKey", "key", "label", "previews-key-2", "update"],
  ["StackScript", "setup", "description", "b", "update"],
  ["Instance", "web", "group", "g", "update"],
  ["Instance (resized)", "web", "type", "g6-standard-1", "update"],
  ["Instance (a secret)", "web", "rootPass", "An0ther-secret!", "update"],
  ["InstanceDisk", "root", "label", "root-2", "update"],
  ["InstanceConfig", "boot", "comments", "b", "update"],
  ["ConfigInterface", "nic", "rebootOnChange", true, "update"],
  ["Tag", "both", "label", "previews-both-2", "replace"],
  ["Token", "ci", "label", "previews-ci-2", "update"],
  ["ProfileSettings", "me", "timezone", "Europe/Berlin", "update"],
  ["ProfilePreferences", "prefs", "preferences", { theme: "light" }, "update"],
  ["Image", "golden", "description", "b", "update"],
  ["Snapshot", "daily", "label", "previews-daily-2", "replace"],
];

function program(shape: Shape) {
  /** The resource's inputs in this shape (typed by the caller: the table holds plain values). */
  const args = <T>(name: string, parents: Record<string, unknown> = {}) =>
    ({ ...parents, ...shape[name] }) as T;
  return async () => {
    const net = new compute.Vpc("net", args("net"));
    new compute.Subnet("app", args("app", { vpcId: net.id }));
    new compute.SshKey("key", args("key"));
    const setup = new compute.StackScript("setup", args("setup"));
    const web = new compute.Instance("web", args("web", { stackscriptId: setup.id }));
    const db = new compute.Instance("db", args("db"));
    const root = new compute.InstanceDisk("root", args("root", { computeId: db.id }));
    const swap = new compute.InstanceDisk("swap", args("swap", { computeId: db.id }));
    const devices = { sda: root.id, sdb: swap.id };
    const boot = new compute.InstanceConfig("boot", args("boot", { computeId: db.id, devices }));
    new compute.ConfigInterface("nic", args("nic", { computeId: db.id, configId: boot.id }));
    new compute.Tag("both", args("both", { instances: [web.id, db.id] }));
    new compute.Token("ci", args("ci"));
    new compute.ProfileSettings("me", args("me"));
    new compute.ProfilePreferences("prefs", args("prefs"));
    new compute.Image("golden", args("golden", { diskId: swap.id }));
    new compute.Snapshot("daily", args("daily", { computeId: web.id }));
    return { dbStatus: db.status, assembledStatus: boot.instanceStatus };
  };
}

/** Each resource's inputs that name a parent (an ID an earlier step computes). */
const PARENTS: Record<string, string[]> = {
  app: ["vpcId"],
  web: ["stackscriptId"],
  root: ["computeId"],
  swap: ["computeId"],
  boot: ["computeId", "devices"],
  nic: ["computeId", "configId"],
  both: ["instances"],
  golden: ["diskId"],
  daily: ["computeId"],
};

/** What the provider keeps to itself (the resource's context): never an input a step shows. */
const INTERNAL = /journalKey|importId|customTimeouts/;

interface Step {
  name: string;
  op: string;
  diffs: string[];
  kinds: Record<string, string>;
}

let e: EngineStack;

/** The steps a preview plans, but the unchanged ones. */
async function previewSteps(): Promise<Step[]> {
  const steps: Step[] = [];
  const internal: string[] = [];
  await e.stack.preview({
    onEvent: (event: EngineEvent) => {
      const m = event.resourcePreEvent?.metadata;
      // A replacement's create and delete steps follow its `replace` step.
      if (!m || ["same", "create-replacement", "delete-replaced"].includes(m.op)) return;
      const kinds = Object.entries(m.detailedDiff ?? {}).map(([k, d]) => [k, d.diffKind]);
      internal.push(...Object.keys({ ...m.old?.inputs, ...m.new?.inputs }).filter((k) => INTERNAL.test(k)));
      steps.push({
        name: m.urn.split("::").pop()!,
        op: m.op,
        diffs: m.diffs ?? [],
        kinds: Object.fromEntries(kinds),
      });
    },
  });
  expect(internal).toEqual([]);
  return steps;
}

beforeAll(async () => {
  e = await engineStack("previews");
  e.emulator.clock.setScale(20);
});
afterAll(async () => {
  await e?.dispose();
});

test("a preview of every kind's create shows the inputs the program wrote, and only them", async () => {
  e.setProgram(program(base));
  const inputsOf: Record<string, string[]> = {};
  let shown = "";
  await e.stack.preview({
    diff: true,
    onOutput: (out) => (shown += out),
    onEvent: (event: EngineEvent) => {
      const m = event.resourcePreEvent?.metadata;
      if (m?.op === "create" && m.type.includes(":dynamic/compute:"))
        inputsOf[m.urn.split("::").pop()!] = Object.keys(m.new?.inputs ?? {});
    },
  });
  expect(Object.keys(inputsOf).sort()).toEqual(Object.keys(base).sort());
  for (const [name, keys] of Object.entries(inputsOf)) {
    const written = [...Object.keys(base[name]!), ...(PARENTS[name] ?? []), "__provider"];
    expect({ name, keys: keys.sort() }).toEqual({ name, keys: written.sort() });
  }
  expect(shown).toContain("pulumi-nodejs:dynamic/compute:Vpc");
  expect(shown).not.toMatch(INTERNAL);
  expect(shown).not.toContain("__provider");
});

test("up: the assembled instance runs when up returns; preview and refresh right after show nothing", async () => {
  e.setProgram(program(base));
  const up = await e.stack.up();
  // The config that booted it reports it running; the Instance's own status is from its create.
  expect(up.outputs.assembledStatus!.value).toBe("running");
  expect(up.outputs.dbStatus!.value).toBe("offline");
  await e.stack.preview({ expectNoChanges: true });
  await e.stack.refresh({ expectNoChanges: true });
  await e.stack.preview({ expectNoChanges: true });
});

test.each(ONE_FIELD)(
  "%s: a one-field change previews as exactly that field",
  async (_kind, name, field, value, op) => {
    e.setProgram(program({ ...base, [name]: { ...base[name], [field]: value } }));
    const steps = await previewSteps();
    expect(steps.map(({ name, op, diffs }) => ({ name, op, diffs }))).toEqual([{ name, op, diffs: [field] }]);
    // The detailed diff names the field, or the parts of it that change (`preferences.theme`).
    const named = new Set(Object.keys(steps[0]!.kinds).map((path) => path.split(/[.[]/)[0]));
    expect([...named]).toEqual([field]);
  },
);

test("an input the program adds or removes is an add or a delete, other inputs untouched", async () => {
  const { description: _, ...undescribed } = base.net!;
  e.setProgram(program({ ...base, net: undescribed }));
  expect(await previewSteps()).toEqual([
    { name: "net", op: "update", diffs: ["description"], kinds: { description: "delete" } },
  ]);
  e.setProgram(program({ ...base, db: { ...base.db, group: "g" } }));
  expect(await previewSteps()).toEqual([
    { name: "db", op: "update", diffs: ["group"], kinds: { group: "add" } },
  ]);
});

test("a label both in an Instance's tags and through a Tag listing it fails at preview, naming both", async () => {
  e.setProgram(program({ ...base, web: { ...base.web, tags: ["previews-both"] } }));
  await e.control.clearRequests();
  const failed = await failure(e.stack.preview());
  expect(failed?.message).toMatch(
    /Tag resource 'both'.*Instance web \(\d+\) declares the tag previews-both in its own tags too/,
  );
  expect(await e.writes()).toEqual([]);
});

test("a check message names the element and shows its value as JSON", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...base, db: { ...base.db, tags: ["fine-tag", "x"] } }));
  expect((await failure(e.stack.preview()))?.message).toMatch(
    /Instance resource 'db' has a problem: tags\[1\]: must be 3\.\.50 characters \(got "x"\)/,
  );
  e.setProgram(
    program({ ...base, web: { ...base.web, interfaces: [{ purpose: "public" }, { purpose: "vpc" }] } }),
  );
  const failed = (await failure(e.stack.preview()))?.message;
  expect(failed).toMatch(/interfaces\[1\]\.subnetId: subnetId is required for vpc interfaces/);
  expect(failed).not.toMatch(/map\[|\{\[/);
  expect(await e.writes()).toEqual([]);
});

test("destroy deletes every object the program made, and leaves the profile's settings and preferences as they are", async () => {
  e.setProgram(program(base));
  const result = await e.stack.destroy();
  // The 16 resources of the program and the stack itself.
  expect(result.summary.resourceChanges).toEqual({ delete: 17 });
  const tables = [
    ...["vpcs", "subnets", "ssh_keys", "stackscripts", "images"],
    ...["instances", "disks", "configs", "interfaces", "backups"],
  ] as const;
  const left = tables.map((table) => [table, e.emulator.store.table(table).all()]);
  expect(Object.fromEntries(left)).toEqual(Object.fromEntries(tables.map((table) => [table, []])));
  expect((await e.client.api.listTags()).data).toEqual([]);
  const tokens = (await e.client.api.listProfileTokens()).data.map((t) => t.label);
  expect(tokens).not.toContain(base.ci!.label);
  expect(await e.client.api.getProfile()).toMatchObject(base.me!);
  expect(await e.client.api.getProfilePreferences()).toEqual(base.prefs!.preferences);
});
