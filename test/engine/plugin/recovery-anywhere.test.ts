/**
 * Issue 47 in the plugin form (Pulumi YAML): `pulumi up` SIGKILLed while creates are in flight, then
 * recovered on another machine (a fresh PULUMI_HOME and an empty journal, the same file backend)
 * with what docs/reliability.md tells a CI job to run. With `compute:recoveryKey`, and with no key at
 * all: the default provider's CheckConfig keeps a nonce in its inputs in the shared state (a secret),
 * which every machine gets back. Either way the recovering `up` adopts exactly what the killed run
 * made (a labelled and an unlabelled Instance, a Vpc): no orphan, no duplicate, no mark left, no
 * change after, and `destroy` leaves nothing.
 */
import * as fs from "node:fs";
import { collect } from "../../../src/client";
import { instanceEndpoints, tagEndpoints, vpcEndpoints } from "../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import {
  createsInFlight,
  descendants,
  endLeftBehind,
  moveToFreshMachine as moveToAnotherMachine,
} from "../killed-runs";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(240_000);

const KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const MARK = /pulumi-[0-9a-f]{40}/;

let p: YamlProject;
const machines: string[] = [];
/** What the killed CLIs started (the language host outlives the CLI): ended once the tests are done. */
const leftBehind: number[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const instances = () => collect(p.client.each(instanceEndpoints.listInstances));
const vpcs = () => collect(p.client.each(vpcEndpoints.listVpcs));
const requests = async (method: string, pattern: RegExp) =>
  (await p.control.requests()).filter((r) => r.method === method && pattern.test(r.path));

const program = {
  web: {
    type: "compute:index:Instance",
    properties: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "rw-web",
      image: IMAGE,
      rootPass: ROOT_PASS,
    },
  },
  spare: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-nanode-1", image: IMAGE, rootPass: ROOT_PASS },
  },
  net: {
    type: "compute:index:Vpc",
    properties: { region: "us-iad", label: "rw-net", description: "the app's network" },
  },
};

const moveToFreshMachine = () => moveToAnotherMachine(p, machines);

const inFlight = () => createsInFlight(p.env.COMPUTE_JOURNAL_DIR!);

/** The default provider's `recoveryNonce` in the state: as stored, and in plain text. */
async function storedNonce(): Promise<{ stored: unknown; plain: unknown }> {
  const exported = async (...flags: string[]) => {
    const { stdout } = await p.start("stack", "export", ...flags).done;
    const resources =
      (
        JSON.parse(stdout) as {
          deployment: { resources?: { type: string; inputs?: Record<string, unknown> }[] };
        }
      ).deployment.resources ?? [];
    return resources.find((r) => r.type === "pulumi:providers:compute")?.inputs?.recoveryNonce;
  };
  // `--show-secrets` shows a secret as `{<sig>, plaintext: <its JSON>}`.
  const shown = (await exported("--show-secrets")) as { plaintext?: string } | undefined;
  return { stored: await exported(), plain: shown?.plaintext && JSON.parse(shown.plaintext) };
}

/** Killed with both instances provisioning and the Vpc's POST unanswered, recovered on a fresh machine. */
async function killedAndRecovered(): Promise<void> {
  await p.control.timings({ "instance.create": 60_000 });
  await p.control.setFaultProfile({ latency_ms: 5_000, method: "POST", path: "/vpcs" });
  await p.control.clearRequests();
  const { child, done } = p.start("up", "--yes", "--skip-preview");
  try {
    // Both instance POSTs seen, and the Vpc's out (its journal entry is written right before it).
    const ready = async () =>
      (await requests("POST", /^\/compute\/instances$/)).length >= 2 && inFlight().includes("Vpc");
    for (let i = 0; !(await ready()); i++) {
      if (i > 1200) throw new Error("the moment to kill the CLI never came");
      await sleep(50);
    }
  } finally {
    if (child.pid !== undefined) leftBehind.push(...descendants(child.pid));
    child.kill("SIGKILL");
  }
  await done;
  await p.control.timings({ "instance.create": 3_000 });
  await p.control.clock({ advance_ms: 120_000 });
  for (let i = 0; (await vpcs()).length === 0 && i < 80; i++) await sleep(100);
  await p.control.clearFaultProfile();
  const made = (await instances()).map((i) => i.id);
  expect(made).toHaveLength(2);
  const [vpc] = await vpcs();
  expect(vpc!.description).toMatch(MARK);

  await moveToFreshMachine();
  await p.pulumi("cancel", "--yes");
  const shown = await p.pulumi("up", "--yes", "--skip-preview");
  await p.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  expect(shown).toContain("an interrupted `pulumi up` had created it");
  const all = await instances();
  expect(all.map((i) => i.id).sort()).toEqual(made.sort());
  expect(all.filter((i) => i.label === "rw-web")).toHaveLength(1);
  expect((await vpcs()).map((v) => [v.id, v.description])).toEqual([[vpc!.id, "the app's network"]]);
  expect(all.flatMap((i) => i.tags)).toEqual([]);
  expect((await collect(p.client.each(tagEndpoints.listTags))).map((t) => t.label)).toEqual([]);
  const state = await p.resources();
  expect(
    state
      .filter((r) => r.type === "compute:index:Instance")
      .map((r) => r.id)
      .sort(),
  ).toEqual(made.map(String).sort());
  expect(JSON.stringify(state)).not.toMatch(MARK);
  await p.pulumi("preview", "--expect-no-changes");
}

async function destroyLeavesNothing(): Promise<void> {
  await p.pulumi("destroy", "--yes", "--skip-preview");
  expect(await instances()).toEqual([]);
  expect(await vpcs()).toEqual([]);
}

beforeAll(async () => {
  p = await yamlProject("recovery-anywhere");
  p.setProgram(program);
});
afterAll(async () => {
  endLeftBehind(leftBehind);
  await p?.dispose();
  for (const dir of machines) fs.rmSync(dir, { recursive: true, force: true });
});

test("with compute:recoveryKey, a run killed during creates is recovered on a fresh machine", async () => {
  await p.pulumi("config", "set", "--secret", "compute:recoveryKey", KEY);
  await killedAndRecovered();
  await destroyLeavesNothing();
});

test("with no key, the nonce the provider keeps in the state (a secret) recovers it on a fresh machine", async () => {
  await p.pulumi("config", "rm", "compute:recoveryKey");
  const before = { machine: p.env.PULUMI_HOME };
  await killedAndRecovered();
  expect(p.env.PULUMI_HOME).not.toBe(before.machine);
  const { stored, plain } = await storedNonce();
  expect(plain).toMatch(/^[0-9a-f]{32}$/);
  // Encrypted in the state: its plain text is nowhere in what the state holds.
  expect(JSON.stringify(stored)).toContain("ciphertext");
  const { stdout } = await p.start("stack", "export").done;
  expect(stdout).not.toContain(plain as string);
  // A later run on yet another machine keeps it.
  await moveToFreshMachine();
  await p.pulumi("up", "--yes", "--skip-preview", "--expect-no-changes");
  expect((await storedNonce()).plain).toBe(plain);
  await destroyLeavesNothing();
});
