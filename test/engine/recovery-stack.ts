/**
 * Issue 47's stack, the same in both forms: 15 resources of seven kinds (Vpcs, Subnets, an SSH key, a
 * StackScript, labelled and unlabelled Instances, an empty Instance assembled from InstanceDisks and
 * an InstanceConfig). A trial SIGKILLs `pulumi up` while creates of one wave are in flight, at a
 * moment drawn at random within the wave, then recovers on another machine (a fresh PULUMI_HOME and
 * journal, the same backend) with only what docs/reliability.md tells a CI job to run, and checks
 * that the account holds exactly the declared objects (no duplicate, no orphan), none showing a mark,
 * that no pending operation is left, that the next preview shows no change, and that `destroy`
 * leaves nothing.
 *
 * Every POST is answered 2.5 s late, so that the kill falls while creates are in flight and none is
 * returning: a create that returns, and has its mark taken off, just before the kill is the window
 * the engine has not yet recorded, which no machine can prove (docs/reliability.md).
 */
import type { ComputeClient, ControlClient } from "../../src/client";
import { collect } from "../../src/client";
import {
  configEndpoints,
  diskEndpoints,
  instanceEndpoints,
  profileSshKeyEndpoints,
  stackScriptEndpoints,
  vpcEndpoints,
} from "../../src/contract";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { publicKeyLine } from "../support/ssh-keys";
import { createsInFlight, killUpWhen, moveToFreshMachine } from "./killed-runs";

export const SSH_KEY = publicKeyLine("ed25519");
export { IMAGE, ROOT_PASS };

/** The moments a run is killed at: once the first create of a wave is in flight (its journal entry
 * is written right before its POST), plus 0.5 to 1.5 s drawn at random. The waves: what needs
 * nothing; the subnets and disks, once their parents exist; the config, once its disks are ready. */
export const WAVES = { first: "SshKey", parents: "Subnet", config: "InstanceConfig" } as const;
export type Wave = keyof typeof WAVES;

/** Trials per wave: `TRIALS` in the environment, else one. */
export const TRIALS = Number(process.env.TRIALS ?? 1);

const EMPTY = {
  instances: [] as string[],
  vpcs: [] as string[],
  stackScripts: [] as string[],
  sshKeys: [] as string[],
  disks: [] as string[],
  configs: [] as string[],
};
type Account = typeof EMPTY;

/** What the account holds of each kind the stack declares, one line per object, sorted; the
 * unlabelled instance (its label the API's) shows as `spare`. */
async function account(client: ComputeClient): Promise<Account> {
  const instances = await collect(client.each(instanceEndpoints.listInstances));
  const vpcs = await collect(client.each(vpcEndpoints.listVpcs));
  const mine = { filter: { mine: true } };
  const scripts = await collect(client.each(stackScriptEndpoints.listStackScripts, mine));
  const keys = await collect(client.each(profileSshKeyEndpoints.listProfileSshKeys));
  const db = instances.find((i) => i.label === "rs-db");
  const onDb = db && { params: { computeId: db.id } };
  const disks = onDb ? await collect(client.each(diskEndpoints.listDisks, onDb)) : [];
  const configs = onDb ? await collect(client.each(configEndpoints.listConfigs, onDb)) : [];
  const subnets = (v: { subnets: { label: string }[] }) => v.subnets.map((s) => s.label).sort();
  return {
    instances: instances
      .map((i) => `${/^rs-/.test(i.label) ? i.label : "spare"}: ${i.tags.join(",")}`)
      .sort(),
    vpcs: vpcs.map((v) => `${v.label}: ${v.description} [${subnets(v).join(",")}]`).sort(),
    stackScripts: scripts.map((s) => `${s.label}: ${s.description}`).sort(),
    sshKeys: keys.map((k) => k.label).sort(),
    disks: disks.map((d) => d.label).sort(),
    configs: configs.map((c) => `${c.label}: ${c.comments ?? ""}`).sort(),
  };
}

const CONVERGED: Account = {
  instances: ["rs-db: ", "rs-web: ", "rs-worker: ", "spare: "],
  vpcs: ["rs-edge:  [front]", "rs-net: app [app,data]"],
  stackScripts: ["rs-setup: setup"],
  sshKeys: ["rs-deploy"],
  disks: ["logs", "root", "swap"],
  configs: ["boot: assembled"],
};

/** A project of either form, run as a CI job runs it. */
export interface RecoveryProject {
  dir: string;
  env: NodeJS.ProcessEnv;
  pulumi(...args: string[]): Promise<string>;
}

/** The stack's resources and pending operations, as `pulumi stack export` holds them. */
async function exported(project: RecoveryProject) {
  const { deployment } = JSON.parse(await project.pulumi("stack", "export")) as {
    deployment: { resources?: { type: string }[]; pending_operations?: unknown[] };
  };
  return {
    resources: (deployment.resources ?? []).filter((r) => !r.type.startsWith("pulumi:")),
    text: JSON.stringify(deployment),
    pending: deployment.pending_operations ?? [],
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One trial: killed during `wave`, recovered on a fresh machine, checked, destroyed. */
export async function killedAndRecovered(
  s: {
    project: RecoveryProject;
    client: ComputeClient;
    control: ControlClient;
    leftBehind: number[];
    machines: string[];
  },
  wave: Wave,
): Promise<void> {
  const { project, client, control } = s;
  const delay = 500 + Math.floor(Math.random() * 1000);
  // Every POST answers 2.5 s late: a wave's creates return at least 1 s after its kill, and the
  // waves before it returned at least 0.5 s before (the engine recorded them). Instances provision
  // for 20 s, past the config's wave (the three disks, one after another, ready 1 s after each POST).
  await control.timings({ "instance.create": 20_000, "disk.create": 1_000 });
  await control.setFaultProfile({ latency_ms: 2_500, method: "POST", path: "/" });
  const inFlight = () => createsInFlight(project.env.COMPUTE_JOURNAL_DIR!);
  let seen: number | undefined;
  const moment = async () => {
    if (seen === undefined && inFlight().includes(WAVES[wave])) seen = Date.now();
    return seen !== undefined && Date.now() - seen >= delay;
  };
  await killUpWhen(project, moment, s.leftBehind);
  const killedWith = inFlight().sort();
  // What the killed run sent is carried out meanwhile; the instances finish provisioning.
  await sleep(3_000);
  await control.clearFaultProfile();
  await control.clock({ advance_ms: 120_000 });

  await moveToFreshMachine(project, s.machines);
  await project.pulumi("cancel", "--yes");
  await project.pulumi("up", "--yes", "--skip-preview");
  await project.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  const context = `${wave} wave, killed ${delay} ms in, with creates in flight: ${killedWith.join(", ")}`;
  expect({ context, account: await account(client) }).toEqual({ context, account: CONVERGED });
  const state = await exported(project);
  expect(state.resources).toHaveLength(15);
  expect(state.text).not.toMatch(/pulumi-[0-9a-f]{40}/);
  expect(state.pending).toEqual([]);
  await project.pulumi("preview", "--expect-no-changes");
  await project.pulumi("destroy", "--yes", "--skip-preview");
  expect(await account(client)).toEqual(EMPTY);
}
