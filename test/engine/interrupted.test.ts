/**
 * The `pulumi` CLI killed (SIGKILL) in the middle of creates, in a project of the user's own: the
 * provider process notices that its engine is gone and sends nothing more, and the next `up`
 * recognises what the interrupted creates made (an instance by its label, free before the POST; a
 * disk by the listing taken before it; an interface by the ID answered before its reboot's wait) and
 * converges with no orphan and no duplicate. The engine keeps the killed run's creates as pending
 * operations: the adopting `up` says once how to clear them, and the refresh it names leaves none.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect, ComputeClient, ControlClient } from "../../src/client";
import { imageEndpoints, instanceEndpoints, profileTokenEndpoints } from "../../src/contract";
import { startEmulator, type Emulator } from "../../src/emulator";
import { userProject, type UserProject } from "./harness";
import { endLeftBehind, killUpWhen, createsInFlight } from "./killed-runs";

jest.setTimeout(240_000);

const SERVER = `
import * as compute from "pulumi-compute";
const web = new compute.Instance("slow", {
  region: "us-iad",
  type: "g6-standard-1",
  label: "slow-1",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
});
`;
const DISK = `
const db = new compute.Instance("db", { region: "us-iad", type: "g6-standard-1", label: "db-1" });
const data = new compute.InstanceDisk("data", { computeId: db.id, label: "data", size: 1024, filesystem: "ext4" });
`;

const CONFIG = `
const boot = new compute.InstanceConfig("boot", { computeId: db.id, label: "boot", devices: { sda: data.id }, booted: true });
`;

const INTERFACE = `
const nic = new compute.ConfigInterface("public", {
  computeId: db.id,
  configId: boot.id,
  purpose: "public",
  position: 0,
  rebootOnChange: true,
});
`;

const IMAGE = `
const golden = new compute.Image("golden", { diskId: data.id, label: "golden" });
`;

const TOKEN = `
const ci = new compute.Token("ci", { label: "ci-token", scopes: "vpc:read_only" });
`;

/** Without a journal: an unlabelled instance (found by listing) and a labelled one (by its label). */
const ELSEWHERE = `
const spare = new compute.Instance("spare", {
  region: "us-iad",
  type: "g6-nanode-1",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
});
const late = new compute.Instance("late", {
  region: "us-iad",
  type: "g6-standard-1",
  label: "late-1",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
});
`;

let emulator: Emulator;
let client: ComputeClient;
let control: ControlClient;
let project: UserProject;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instances = () => collect(client.each(instanceEndpoints.listInstances));
const privateImages = () => collect(client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
const tokens = async (label: string) =>
  (await collect(client.each(profileTokenEndpoints.listProfileTokens))).filter((t) => t.label === label);
const requests = async (method: string, pattern: RegExp) =>
  (await control.requests()).filter((r) => r.method === method && pattern.test(r.path));

const journalDir = () => project.env.COMPUTE_JOURNAL_DIR!;
const inFlight = () => createsInFlight(journalDir());

/**
 * What the killed CLIs started: the engine starts its plugins in process groups of their own, and
 * the language host outlives the CLI (it waits on its port forever). Their PIDs, read from /proc
 * before the kill, go once the test is done with them (the provider stops by itself: a test says so).
 */
const leftBehind: number[] = [];

/** Runs `pulumi up`, SIGKILLs the CLI once `ready` holds (checked every 50 ms), then `pulumi cancel`. */
async function killedUp(ready: () => Promise<boolean>) {
  await killUpWhen(project, ready, leftBehind);
  // The killed CLI left the stack locked.
  await project.pulumi("cancel", "--yes");
}

beforeAll(async () => {
  emulator = await startEmulator();
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  control = new ControlClient(emulator.controlUrl);
  project = await userProject("interrupted", emulator, SERVER);
});

afterAll(async () => {
  endLeftBehind(leftBehind);
  await emulator?.close();
  project?.dispose();
});

test("after the CLI is killed during an instance's wait, the provider sends no more requests", async () => {
  // The instance provisions for a minute: the create's wait polls meanwhile.
  await control.timings({ "instance.create": 60_000 });
  await killedUp(async () => (await requests("GET", /^\/compute\/instances\/\d+$/)).length >= 2);
  await sleep(2_000);
  await control.clearRequests();
  await sleep(5_000);
  expect(await control.requests()).toEqual([]);
});

test("the next up adopts the instance the interrupted create made: one instance, no change after", async () => {
  await control.timings({ "instance.create": 4_000 });
  await control.clock({ advance_ms: 120_000 });
  const out = await project.pulumi("up", "--yes", "--skip-preview");
  expect(out).toContain("an interrupted `pulumi up` had created it; adopted");
  expect(out).toContain("once this `up` ends, `pulumi refresh --clear-pending-creates` clears them");
  const all = await instances();
  expect(all.map((i) => [i.label, i.status])).toEqual([["slow-1", "running"]]);
  expect(await pendingOperations()).not.toEqual([]);
  const upAgain = () => project.pulumi("up", "--yes", "--skip-preview", "--expect-no-changes");
  expect(await upAgain()).toMatch(/with 1 pending operations/);
  await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  expect(await pendingOperations()).toEqual([]);
  expect(await upAgain()).not.toMatch(/pending operations/);
  await project.pulumi("preview", "--expect-no-changes");
});

/** The operations the engine lists as pending in the stack's state. */
async function pendingOperations(): Promise<unknown[]> {
  const exported = JSON.parse(await project.pulumi("stack", "export")) as {
    deployment: { pending_operations?: unknown[] };
  };
  return exported.deployment.pending_operations ?? [];
}

test("killed right after a disk create, the next up adopts the disk: one disk, no change after", async () => {
  fs.appendFileSync(path.join(project.dir, "index.ts"), DISK);
  await control.timings({ "disk.create": 60_000 });
  await control.clearRequests();
  await killedUp(async () => (await requests("POST", /^\/compute\/instances\/\d+\/disks$/)).length >= 1);
  await control.timings({ "disk.create": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  await project.pulumi("up", "--yes", "--skip-preview");
  const db = (await instances()).find((i) => i.label === "db-1")!;
  const disks = (await client.api.listDisks({ params: { computeId: db.id } })).data;
  expect(disks.map((d) => [d.label, d.status])).toEqual([["data", "ready"]]);
  await project.pulumi("preview", "--expect-no-changes");
});

test("killed while a new config boots its instance, the next up adopts the config: one config, no change after", async () => {
  fs.appendFileSync(path.join(project.dir, "index.ts"), CONFIG);
  await control.timings({ "instance.boot": 60_000 });
  await control.clearRequests();
  await killedUp(async () => (await requests("POST", /^\/compute\/instances\/\d+\/configs$/)).length >= 1);
  await control.timings({ "instance.boot": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  const out = await project.pulumi("up", "--yes", "--skip-preview");
  expect(out).toContain("an interrupted `pulumi up` had created it");
  const db = (await instances()).find((i) => i.label === "db-1")!;
  const configs = (await client.api.listConfigs({ params: { computeId: db.id } })).data;
  expect(configs.map((c) => c.label)).toEqual(["boot"]);
  expect((await client.api.getInstance({ params: { computeId: db.id } })).status).toBe("running");
  await project.pulumi("preview", "--expect-no-changes");
});

test("killed while a new ConfigInterface reboots its instance, the next up adopts it: one interface, no change after", async () => {
  fs.appendFileSync(path.join(project.dir, "index.ts"), INTERFACE);
  await control.timings({ "instance.shutdown": 60_000 });
  await control.clearRequests();
  await killedUp(async () => (await requests("POST", /\/configs\/\d+\/interfaces$/)).length >= 1);
  await control.timings({ "instance.shutdown": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  const out = await project.pulumi("up", "--yes", "--skip-preview");
  expect(out).toContain("an interrupted `pulumi up` had created it; adopted");
  const db = (await instances()).find((i) => i.label === "db-1")!;
  const [config] = (await client.api.listConfigs({ params: { computeId: db.id } })).data;
  expect(config!.interfaces.map((i) => i.purpose)).toEqual(["public"]);
  await project.pulumi("preview", "--expect-no-changes");
});

test("killed during an image capture, the next up adopts the image: one image, no change after", async () => {
  fs.appendFileSync(path.join(project.dir, "index.ts"), IMAGE);
  await control.timings({ "image.capture": 60_000 });
  await control.clearRequests();
  await killedUp(async () => (await requests("POST", /^\/images$/)).length >= 1);
  await control.timings({ "image.capture": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  const out = await project.pulumi("up", "--yes", "--skip-preview");
  expect(out).toContain("an interrupted `pulumi up` had created it");
  expect((await privateImages()).map((i) => [i.label, i.status])).toEqual([["golden", "available"]]);
  await project.pulumi("preview", "--expect-no-changes");
});

test("killed while a token create is out, the next up revokes the token it made (its value is lost) and makes one", async () => {
  fs.appendFileSync(path.join(project.dir, "index.ts"), TOKEN);
  // The API takes 4 s to answer the create: the CLI is killed once the POST is on its way.
  await control.setFaultProfile({ latency_ms: 4_000, method: "POST", path: "/profile/tokens" });
  await killedUp(async () => inFlight().includes("Token"));
  await sleep(5_000);
  await control.clearFaultProfile();
  const [orphan] = await tokens("ci-token");
  expect(orphan).toBeDefined();
  const out = await project.pulumi("up", "--yes", "--skip-preview");
  expect(out).toContain(`an interrupted \`pulumi up\` had made token ${orphan!.id}`);
  const left = await tokens("ci-token");
  expect(left).toHaveLength(1);
  expect(left[0]!.id).not.toBe(orphan!.id);
  await project.pulumi("preview", "--expect-no-changes");
});

test("on a machine without the journal, the next up names what may be left over, and adopts nothing it cannot prove", async () => {
  fs.appendFileSync(path.join(project.dir, "index.ts"), ELSEWHERE);
  await control.timings({ "instance.create": 60_000 });
  await control.clearRequests();
  await killedUp(async () => (await requests("POST", /^\/compute\/instances$/)).length >= 2);
  await control.timings({ "instance.create": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  fs.rmSync(journalDir(), { recursive: true, force: true });
  const [leftover] = (await instances()).filter((i) => i.type === "g6-nanode-1");
  const late = (await instances()).find((i) => i.label === "late-1")!;

  // The labelled instance is not provably this stack's: the preview names it and how to take it.
  const refused = await project.pulumi("preview").then(
    () => "",
    (err: Error) => err.message,
  );
  expect(refused).toContain(
    `an Instance labelled "late-1" already exists (${late.id}) and is not this stack's`,
  );
  expect(refused).toContain(`{ import: "${late.id}" }`);
  const index = path.join(project.dir, "index.ts");
  const program = fs.readFileSync(index, "utf8");
  fs.writeFileSync(
    index,
    program.replace(/(new compute\.Instance\("late", \{[^}]*\})\)/, `$1, { import: "${late.id}" })`),
  );

  // The unlabelled instance is made again, and the one that matched before is named.
  const out = await project.pulumi("up", "--yes", "--skip-preview");
  expect(out).toMatch(
    new RegExp(`Instance in us-iad: created \\d+; ${leftover!.id} matched these inputs already`),
  );
  expect((await instances()).filter((i) => i.type === "g6-nanode-1")).toHaveLength(2);
  expect((await instances()).filter((i) => i.label === "late-1")).toHaveLength(1);
  await project.pulumi("preview", "--expect-no-changes");
  // The user removes what was left over.
  await client.api.deleteInstance({ params: { computeId: leftover!.id } });
});

test("destroy leaves nothing", async () => {
  await project.pulumi("destroy", "--yes");
  expect(await instances()).toEqual([]);
  expect(await privateImages()).toEqual([]);
  expect(await tokens("ci-token")).toEqual([]);
});
