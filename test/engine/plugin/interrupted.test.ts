/**
 * The `pulumi` CLI killed (SIGKILL) in the middle of creates in the plugin form (Pulumi YAML, the
 * packed `pulumi-resource-compute` installed as users install it): the plugin notices that its engine is gone and sends nothing more,
 * and the next `up` recognises what the interrupted creates made (an Instance by its label, free
 * before the POST; an InstanceDisk by the listing taken before it) and converges with no orphan and
 * no duplicate; the refresh it names clears the killed run's pending creates. Interrupted with
 * Ctrl-C instead, the engine's Cancel ends the plugin's waits and the run keeps what it made.
 */
import { collect } from "../../../src/client";
import { instanceEndpoints } from "../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { installPackedPlugin } from "./packed-plugin";
import { yamlProject, type YamlProject } from "./yaml-project";
import { createsInFlight, descendants, endLeftBehind } from "../killed-runs";

jest.setTimeout(240_000);

let p: YamlProject;
/** What the killed CLIs started (the language host outlives the CLI): ended once the tests are done. */
const leftBehind: number[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instances = () => collect(p.client.each(instanceEndpoints.listInstances));
const requests = async (method: string, pattern: RegExp) =>
  (await p.control.requests()).filter((r) => r.method === method && pattern.test(r.path));

const web = {
  web: {
    type: "compute:index:Instance",
    properties: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "slow-1",
      image: IMAGE,
      rootPass: ROOT_PASS,
    },
  },
};
const dbAndDisk = {
  db: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: "db-1" },
  },
  data: {
    type: "compute:index:InstanceDisk",
    properties: { computeId: "${db.id}", label: "data", size: 1024, filesystem: "ext4" },
  },
};

/** Runs `pulumi up`, SIGKILLs the CLI once `ready` holds (checked every 50 ms), then `pulumi cancel`. */
async function killedUp(ready: () => Promise<boolean>): Promise<void> {
  const { child, done } = p.start("up", "--yes", "--skip-preview");
  try {
    for (let i = 0; !(await ready()); i++) {
      if (i > 1200) throw new Error("the moment to kill the CLI never came");
      await sleep(50);
    }
  } finally {
    if (child.pid !== undefined) leftBehind.push(...descendants(child.pid));
    child.kill("SIGKILL");
  }
  await done;
  // The killed CLI left the stack locked.
  await p.pulumi("cancel", "--yes");
}

const inFlight = () => createsInFlight(p.env.COMPUTE_JOURNAL_DIR!);

/** The operations the engine lists as pending in the stack's state. */
async function pendingOperations(): Promise<unknown[]> {
  const exported = JSON.parse(await p.pulumi("stack", "export")) as {
    deployment: { pending_operations?: unknown[] };
  };
  return exported.deployment.pending_operations ?? [];
}

/** The up after a killed one: it adopts, names the refresh that clears the pending creates, which then leaves none. */
async function convergingUp(kind: string): Promise<string> {
  expect(inFlight()).toEqual([kind]);
  const shown = await p.pulumi("up", "--yes", "--skip-preview");
  expect(shown).toContain("an interrupted `pulumi up` had created it");
  expect(inFlight()).toEqual([]);
  expect(shown).toContain("`pulumi refresh --clear-pending-creates`");
  expect(await pendingOperations()).not.toEqual([]);
  await p.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  expect(await pendingOperations()).toEqual([]);
  await p.pulumi("preview", "--expect-no-changes");
  return shown;
}

beforeAll(async () => {
  // The plugin as users run it: the packed bundle, installed (its process is not `bin/`'s).
  p = await yamlProject("plugin-interrupted", { plugin: "installed" });
  await installPackedPlugin(p);
});
afterAll(async () => {
  endLeftBehind(leftBehind);
  await p?.dispose();
});

test("after the CLI is killed during an instance's wait, the plugin sends no more requests", async () => {
  // The instance provisions for a minute: the create's wait polls meanwhile.
  await p.control.timings({ "instance.create": 60_000 });
  p.setProgram(web);
  await p.control.clearRequests();
  await killedUp(async () => (await requests("GET", /^\/compute\/instances\/\d+$/)).length >= 2);
  await sleep(2_000);
  await p.control.clearRequests();
  await sleep(5_000);
  expect(await p.control.requests()).toEqual([]);
});

test("the next up adopts the instance the killed run made: one instance, no change after", async () => {
  await p.control.timings({ "instance.create": 3_000 });
  await p.control.clock({ advance_ms: 120_000 });
  await convergingUp("Instance");
  const all = await instances();
  expect(all.map((i) => [i.label, i.status])).toEqual([["slow-1", "running"]]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::web"))!;
  expect(state.id).toBe(String(all[0]!.id));
});

test("killed right after a disk's create, the next up adopts the disk: one disk, no change after", async () => {
  p.setProgram({ ...web, ...dbAndDisk });
  await p.control.timings({ "disk.create": 60_000 });
  await p.control.clearRequests();
  await killedUp(async () => (await requests("POST", /^\/compute\/instances\/\d+\/disks$/)).length >= 1);
  await p.control.timings({ "disk.create": 3_000 });
  await p.control.clock({ advance_ms: 120_000 });
  await convergingUp("InstanceDisk");
  const db = (await instances()).find((i) => i.label === "db-1")!;
  const disks = (await p.client.api.listDisks({ params: { computeId: db.id } })).data;
  expect(disks.map((d) => [d.label, d.status])).toEqual([["data", "ready"]]);
  expect((await instances()).map((i) => i.label).sort()).toEqual(["db-1", "slow-1"]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::data"))!;
  expect(state.id).toBe(String(disks[0]!.id));
});

test("interrupted with Ctrl-C during an instance's wait, the run keeps its ID and the next up finishes it", async () => {
  p.setProgram({
    ...web,
    ...dbAndDisk,
    late: { ...web.web, properties: { ...web.web.properties, label: "late-1" } },
  });
  await p.control.timings({ "instance.create": 60_000 });
  await p.control.clearRequests();
  const { child, done } = p.start("up", "--yes", "--skip-preview");
  for (let i = 0; (await requests("GET", /^\/compute\/instances\/\d+$/)).length < 2; i++) {
    if (i > 1200) throw new Error("the instance's wait never began");
    await sleep(50);
  }
  // SIGINT, as Ctrl-C: the engine asks the plugin to cancel and waits for what is in flight.
  child.kill("SIGINT");
  const interrupted = await done;
  expect(interrupted.ok).toBe(false);
  expect(interrupted.shown).not.toMatch(/\n\s+at /);
  const late = (await instances()).filter((i) => i.label === "late-1");
  expect(late).toHaveLength(1);
  // The cancelled wait ended the create as a partial failure: the engine keeps the instance's ID.
  const kept = (await p.resources()).find((r) => r.urn.endsWith("::late"));
  expect(kept?.id).toBe(String(late[0]!.id));
  await p.control.timings({ "instance.create": 3_000 });
  await p.control.clock({ advance_ms: 120_000 });
  await p.pulumi("up", "--yes", "--skip-preview");
  const all = await instances();
  expect(all.map((i) => i.label).sort()).toEqual(["db-1", "late-1", "slow-1"]);
  expect(all.find((i) => i.label === "late-1")!.status).toBe("running");
  const state = (await p.resources()).find((r) => r.urn.endsWith("::late"))!;
  expect(state.id).toBe(String(late[0]!.id));
  await p.pulumi("preview", "--expect-no-changes");
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await instances()).toEqual([]);
});
