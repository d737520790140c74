/**
 * The `pulumi` CLI killed (SIGKILL) in the middle of creates, in a project of the user's own: the
 * provider process notices that its engine is gone and sends nothing more, and the next `up`
 * recognises what the interrupted creates made (an instance by its label, free before the POST; a
 * disk by the listing taken before it; an interface by the ID answered before its reboot's wait) and
 * converges with no orphan and no duplicate.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { collect, ComputeClient, ControlClient } from "../../src/client";
import { instanceEndpoints } from "../../src/contract";
import { startEmulator, type Emulator } from "../../src/emulator";
import { userProject, type UserProject } from "./harness";

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

const INTERFACE = `
const boot = new compute.InstanceConfig("boot", { computeId: db.id, label: "boot", devices: { sda: data.id }, booted: true });
const nic = new compute.ConfigInterface("public", {
  computeId: db.id,
  configId: boot.id,
  purpose: "public",
  position: 0,
  rebootOnChange: true,
});
`;

let emulator: Emulator;
let client: ComputeClient;
let control: ControlClient;
let project: UserProject;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instances = () => collect(client.each(instanceEndpoints.listInstances));
const requests = async (method: string, pattern: RegExp) =>
  (await control.requests()).filter((r) => r.method === method && pattern.test(r.path));

/** Runs `pulumi up`, SIGKILLs the CLI once `ready` holds (checked every 50 ms), then `pulumi cancel`. */
async function killedUp(ready: () => Promise<boolean>) {
  const cli = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive"], {
    cwd: project.dir,
    env: project.env,
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => cli.once("exit", resolve));
  try {
    for (let i = 0; !(await ready()); i++) {
      if (i > 1200) throw new Error("the moment to kill the CLI never came");
      await sleep(50);
    }
  } finally {
    cli.kill("SIGKILL");
  }
  await exited;
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
  const all = await instances();
  expect(all.map((i) => [i.label, i.status])).toEqual([["slow-1", "running"]]);
  await project.pulumi("preview", "--expect-no-changes");
});

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

test("destroy leaves nothing", async () => {
  await project.pulumi("destroy", "--yes");
  expect(await instances()).toEqual([]);
});
