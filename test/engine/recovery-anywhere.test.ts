/**
 * Issue 47 in the TypeScript form: `pulumi up` SIGKILLed while creates are in flight, then recovered
 * on another machine (a fresh PULUMI_HOME and an empty journal, the same file backend) with only what
 * docs/reliability.md tells a CI job to run: `pulumi cancel`, `pulumi up`, `pulumi refresh
 * --clear-pending-creates`. With `compute:recoveryKey` set, each create's POST marks its object (an
 * Instance's tags, a Vpc's description), and the recovering `up` adopts exactly what the killed run
 * made: no orphan, no duplicate, no mark left, no change after, and `destroy` leaves nothing. An
 * object that holds the label with another stack's mark is refused, and a stale journal entry on the
 * machine that was killed adopts nothing once another machine has settled its create.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect, ComputeClient, ControlClient } from "../../src/client";
import { instanceEndpoints, tagEndpoints, vpcEndpoints } from "../../src/contract";
import { startEmulator, type Emulator } from "../../src/emulator";
import { markOf } from "../../src/provider/core/stack-marks";
import { userProject, type UserProject } from "./harness";
import {
  createsInFlight,
  endLeftBehind,
  killUpWhen,
  type Machine,
  moveToFreshMachine as moveToAnotherMachine,
  useMachine as useMachineIn,
} from "./killed-runs";

jest.setTimeout(240_000);

const KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const WEB = `
import * as compute from "pulumi-compute";
const web = new compute.Instance("web", {
  region: "us-iad",
  type: "g6-standard-1",
  label: "rw-web",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
});
`;
const SPARE = `
const spare = new compute.Instance("spare", {
  region: "us-iad",
  type: "g6-nanode-1",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
});
`;
const NET = `
const net = new compute.Vpc("net", { region: "us-iad", label: "rw-net", description: "the app's network" });
`;

let emulator: Emulator;
let client: ComputeClient;
let control: ControlClient;
let project: UserProject;
const machines: string[] = [];
const leftBehind: number[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instances = () => collect(client.each(instanceEndpoints.listInstances));
const vpcs = () => collect(client.each(vpcEndpoints.listVpcs));
const requests = async (method: string, pattern: RegExp) =>
  (await control.requests()).filter((r) => r.method === method && pattern.test(r.path));
const setProgram = (program: string) => fs.writeFileSync(path.join(project.dir, "index.ts"), program);

const moveToFreshMachine = () => moveToAnotherMachine(project, machines);
const useMachine = (machine: Machine) => useMachineIn(project, machine);

const inFlight = () => createsInFlight(project.env.COMPUTE_JOURNAL_DIR!);

/** Runs `pulumi up` and SIGKILLs the CLI once `ready` holds (checked every 50 ms); the stack stays locked. */
async function killedUp(ready: () => Promise<boolean>) {
  await killUpWhen(project, ready, leftBehind);
}

/** The operations the engine lists as pending in the stack's state. */
async function pendingOperations(): Promise<unknown[]> {
  const exported = JSON.parse(await project.pulumi("stack", "export")) as {
    deployment: { pending_operations?: unknown[] };
  };
  return exported.deployment.pending_operations ?? [];
}

/** Marks (`pulumi-<hex>`) on any object or among the account's tags. */
async function marksLeft(): Promise<string[]> {
  const isMark = (t: string) => /^pulumi-[0-9a-f]{40}$/.test(t) || / ?pulumi-[0-9a-f]{40}$/.test(t);
  const tags = (await collect(client.each(tagEndpoints.listTags))).map((t) => t.label);
  return [
    ...tags.filter(isMark),
    ...(await instances()).flatMap((i) => i.tags.filter(isMark)),
    ...(await vpcs()).map((v) => v.description).filter(isMark),
  ];
}

/** What a CI job runs after a cancelled one, on a fresh machine (docs/reliability.md). */
async function recoverElsewhere(): Promise<string> {
  await moveToFreshMachine();
  await project.pulumi("cancel", "--yes");
  const shown = await project.pulumi("up", "--yes", "--skip-preview");
  await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  return shown;
}

/**
 * Killed at `moment` while the instances provision and the Vpc's POST is answered (5 s: a create
 * that returns, and has its mark taken off, just before the kill is in the window the engine has not
 * yet recorded, which no machine can prove: docs/reliability.md), recovered elsewhere: exactly what
 * the killed run made is the stack's.
 */
async function trial(moment: () => Promise<boolean>) {
  await control.timings({ "instance.create": 60_000 });
  await control.setFaultProfile({ latency_ms: 5_000, method: "POST", path: "/vpcs" });
  await control.clearRequests();
  // At the moment, once the Vpc's POST is out too (its journal entry is written right before it).
  await killedUp(async () => (await moment()) && inFlight().includes("Vpc"));
  await control.timings({ "instance.create": 3_000 });
  await control.clock({ advance_ms: 120_000 });
  for (let i = 0; (await vpcs()).length === 0 && i < 80; i++) await sleep(100);
  await control.clearFaultProfile();
  // The killed run's provider took no mark off: its engine never got the IDs.
  expect(await requests("DELETE", /^\/tags\//)).toEqual([]);
  expect((await instances()).map((i) => i.tags)).toEqual(
    (await instances()).map(() => [expect.stringMatching(/^pulumi-[0-9a-f]{40}$/)]),
  );
  const madeBefore = (await instances()).map((i) => i.id);
  expect(madeBefore.length).toBeGreaterThan(0);
  // The Vpc's POST was still unanswered at the kill: what it made carries the mark in its description.
  const vpcMade = await vpcs();
  expect(vpcMade.map((v) => v.description)).toEqual([
    expect.stringMatching(/^the app's network pulumi-[0-9a-f]{40}$/),
  ]);

  const shown = await recoverElsewhere();
  expect(shown).toContain("an interrupted `pulumi up` had created it");
  const all = await instances();
  expect(all.filter((i) => i.label === "rw-web")).toHaveLength(1);
  expect(all.filter((i) => i.type === "g6-nanode-1")).toHaveLength(1);
  expect(all).toHaveLength(2);
  // Every object the killed run made is the stack's now: no orphan.
  expect(all.map((i) => i.id)).toEqual(expect.arrayContaining(madeBefore));
  expect((await vpcs()).map((v) => [v.id, v.label, v.description])).toEqual([
    [vpcMade[0]!.id, "rw-net", "the app's network"],
  ]);
  expect(await marksLeft()).toEqual([]);
  expect(await pendingOperations()).toEqual([]);
  await project.pulumi("preview", "--expect-no-changes");
  await project.pulumi("destroy", "--yes", "--skip-preview");
  expect(await instances()).toEqual([]);
  expect(await vpcs()).toEqual([]);
}

beforeAll(async () => {
  emulator = await startEmulator();
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  control = new ControlClient(emulator.controlUrl);
  project = await userProject("recovery-anywhere", emulator, WEB + SPARE + NET);
  await project.pulumi("config", "set", "--secret", "compute:recoveryKey", KEY);
});

afterAll(async () => {
  endLeftBehind(leftBehind);
  await emulator?.close();
  project?.dispose();
  for (const dir of machines) fs.rmSync(dir, { recursive: true, force: true });
});

test("killed with both instance creates provisioning, recovered on a fresh machine: no orphan, duplicate or mark", async () => {
  await trial(async () => (await requests("POST", /^\/compute\/instances$/)).length >= 2);
});

test("killed as the first instance create is seen, recovered on a fresh machine", async () => {
  await trial(async () => (await requests("POST", /^\/compute\/instances$/)).length >= 1);
});

test("killed 1.5 s into both instances' waits, recovered on a fresh machine", async () => {
  let seen: number | undefined;
  await trial(async () => {
    if ((await requests("POST", /^\/compute\/instances$/)).length < 2) return false;
    seen ??= Date.now();
    return Date.now() - seen >= 1_500;
  });
});

test("an instance holding the label with another stack's mark is not this stack's, on any machine", async () => {
  setProgram(WEB);
  const otherMark = markOf("another stack's key", "recovery-anywhere/test/Instance/web");
  const other = await client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "rw-web", tags: [otherMark] },
  });
  await moveToFreshMachine();
  const refused = await project.pulumi("preview").then(
    () => "",
    (err: Error) => err.message,
  );
  expect(refused).toContain(
    `an Instance labelled "rw-web" already exists (${other.id}) and is not this stack's`,
  );
  expect((await instances()).map((i) => i.id)).toEqual([other.id]);
  await client.api.deleteInstance({ params: { computeId: other.id } });
  await control.clock({ advance_ms: 60_000 });
});

test("a stale journal entry adopts nothing once another machine settled its create", async () => {
  setProgram(WEB);
  // Machine A is killed while its instance POST is answered: its journal holds the create.
  const a = await moveToFreshMachine();
  await control.timings({ "instance.create": 3_000 });
  await control.setFaultProfile({ latency_ms: 4_000, method: "POST", path: "/compute/instances" });
  await killedUp(async () => inFlight().includes("Instance"));
  await sleep(5_000);
  await control.clearFaultProfile();
  await control.clock({ advance_ms: 60_000 });
  // Machine B recovers the stack, then destroys it; someone takes the label.
  await recoverElsewhere();
  await project.pulumi("destroy", "--yes", "--skip-preview");
  const someone = await client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "rw-web" },
  });
  // Back on machine A, whose entry says the label was free before its POST.
  useMachine(a);
  expect(inFlight()).toEqual(["Instance"]);
  const refused = await project.pulumi("up", "--yes", "--skip-preview").then(
    () => "",
    (err: Error) => err.message,
  );
  expect(refused).toContain(
    `an Instance labelled "rw-web" already exists (${someone.id}) and is not this stack's`,
  );
  expect((await instances()).map((i) => [i.id, i.tags])).toEqual([[someone.id, []]]);
  const exported = JSON.parse(await project.pulumi("stack", "export")) as {
    deployment: { resources?: { id?: string }[] };
  };
  expect((exported.deployment.resources ?? []).map((r) => r.id)).not.toContain(String(someone.id));
  await client.api.deleteInstance({ params: { computeId: someone.id } });
});
