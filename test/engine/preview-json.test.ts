/**
 * `pulumi preview --json` of a project of the user's own that creates every resource kind (one with
 * the `import` option, one with `customTimeouts`), through the CLI: each create step's inputs are the
 * ones the program wrote and `__provider` (the dynamic provider's own key), never the provider's
 * context (`journalKey`, `importId`, `customTimeouts`).
 */
import { startEmulator, type Emulator } from "../../src/emulator";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { userProject, type UserProject } from "./harness";

jest.setTimeout(300_000);

const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKDSTJytVMZjpgr0oN150LkYvRDeA7o4HmZMj9WR09/8 ci@example";

/** Each resource's inputs as the program writes them, by name (the program below spells them out). */
const WRITTEN: Record<string, string[]> = {
  net: ["region", "label"],
  app: ["vpcId", "label", "ipv4"],
  key: ["label", "sshKey"],
  setup: ["label", "images", "script"],
  web: ["region", "type", "label", "image", "rootPass", "stackscriptId"],
  db: ["region", "type", "label"],
  root: ["computeId", "label", "size", "image", "rootPass"],
  boot: ["computeId", "label", "devices", "booted"],
  nic: ["computeId", "configId", "purpose", "primary"],
  both: ["label", "instances"],
  ci: ["label", "scopes"],
  me: ["timezone"],
  prefs: ["preferences"],
  golden: ["diskId", "label"],
  daily: ["computeId", "label"],
  legacy: ["region", "label"],
};

const PROGRAM = `
import * as compute from "pulumi-compute";
const net = new compute.Vpc("net", { region: "us-iad", label: "json-net" });
new compute.Subnet("app", { vpcId: net.id, label: "app", ipv4: "10.0.1.0/24" });
new compute.SshKey("key", { label: "json-key", sshKey: ${JSON.stringify(KEY)} });
const setup = new compute.StackScript("setup", { label: "json-setup", images: [${JSON.stringify(IMAGE)}], script: "#!/bin/bash\\necho hi\\n" });
const web = new compute.Instance("web", { region: "us-iad", type: "g6-nanode-1", label: "json-web", image: ${JSON.stringify(IMAGE)}, rootPass: ${JSON.stringify(ROOT_PASS)}, stackscriptId: setup.id }, { customTimeouts: { create: "20m" } });
const db = new compute.Instance("db", { region: "us-iad", type: "g6-standard-1", label: "json-db" });
const root = new compute.InstanceDisk("root", { computeId: db.id, label: "root", size: 4096, image: ${JSON.stringify(IMAGE)}, rootPass: ${JSON.stringify(ROOT_PASS)} });
const boot = new compute.InstanceConfig("boot", { computeId: db.id, label: "boot", devices: { sda: root.id }, booted: true });
new compute.ConfigInterface("nic", { computeId: db.id, configId: boot.id, purpose: "public", primary: true });
new compute.Tag("both", { label: "json-both", instances: [web.id, db.id] });
new compute.Token("ci", { label: "json-ci", scopes: "computes:read_only" });
new compute.ProfileSettings("me", { timezone: "Europe/Paris" });
new compute.ProfilePreferences("prefs", { preferences: { theme: "dark" } });
new compute.Image("golden", { diskId: root.id, label: "json-golden" });
new compute.Snapshot("daily", { computeId: web.id, label: "json-daily" });
new compute.Vpc("legacy", { region: "us-iad", label: "json-legacy" }, { import: process.env.LEGACY_ID });
`;

interface Step {
  op: string;
  urn: string;
  newState?: { type: string; inputs?: Record<string, unknown> };
}

let emulator: Emulator;
let project: UserProject;

beforeAll(async () => {
  emulator = await startEmulator();
  project = await userProject("preview-json", emulator, PROGRAM);
});
afterAll(async () => {
  await emulator?.close();
  project?.dispose();
});

test("every kind's create shows the inputs the program wrote, and __provider, nothing else", async () => {
  const legacy = await fetch(`${emulator.url}/vpcs`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.token}`, "content-type": "application/json" },
    body: JSON.stringify({ region: "us-iad", label: "json-legacy" }),
  }).then((r) => r.json() as Promise<{ id: number }>);
  project.env.LEGACY_ID = String(legacy.id);
  const { steps } = JSON.parse(await project.pulumi("preview", "--json")) as { steps: Step[] };
  const inputsOf = Object.fromEntries(
    steps
      .filter((s) => s.newState?.type.includes(":dynamic/compute:"))
      .map((s) => [
        s.urn.split("::").pop()!,
        { op: s.op, keys: Object.keys(s.newState!.inputs ?? {}).sort() },
      ]),
  );
  expect(Object.keys(inputsOf).sort()).toEqual(Object.keys(WRITTEN).sort());
  const kinds = new Set(steps.map((s) => s.newState?.type).filter((t) => t?.includes(":dynamic/compute:")));
  expect(kinds.size).toBe(14);
  for (const [name, written] of Object.entries(WRITTEN)) {
    expect({ name, ...inputsOf[name] }).toEqual({
      name,
      // The class takes the import to the provider: the engine plans a create.
      op: "create",
      keys: [...written, "__provider"].sort(),
    });
  }
});
