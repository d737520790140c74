/**
 * Issue 47's stack (`recovery-stack.ts`) in the TypeScript form, with `compute:recoveryKey` (its
 * one-time step: docs/reliability.md). Killed during each wave of creates, recovered on a fresh
 * machine. `TRIALS` runs more per wave.
 */
import * as fs from "node:fs";
import { ComputeClient, ControlClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { userProject, type UserProject } from "./harness";
import { endLeftBehind } from "./killed-runs";
import { IMAGE, killedAndRecovered, ROOT_PASS, SSH_KEY, TRIALS, WAVES, type Wave } from "./recovery-stack";

jest.setTimeout(600_000);

const PROGRAM = `
import * as compute from "pulumi-compute";
const image = ${JSON.stringify(IMAGE)};
const rootPass = ${JSON.stringify(ROOT_PASS)};
const net = new compute.Vpc("net", { region: "us-iad", label: "rs-net", description: "app" });
new compute.Subnet("app", { vpcId: net.id, label: "app", ipv4: "10.0.1.0/24" });
new compute.Subnet("data", { vpcId: net.id, label: "data", ipv4: "10.0.2.0/24" });
const edge = new compute.Vpc("edge", { region: "us-iad", label: "rs-edge" });
new compute.Subnet("front", { vpcId: edge.id, label: "front", ipv4: "10.1.0.0/24" });
new compute.SshKey("deploy", { label: "rs-deploy", sshKey: ${JSON.stringify(SSH_KEY)} });
new compute.StackScript("setup", {
  label: "rs-setup",
  script: "#!/bin/bash\\ntrue",
  images: [image],
  description: "setup",
});
new compute.Instance("web", { region: "us-iad", type: "g6-standard-1", label: "rs-web", image, rootPass });
new compute.Instance("worker", { region: "us-iad", type: "g6-nanode-1", label: "rs-worker", image, rootPass });
new compute.Instance("spare", { region: "us-iad", type: "g6-nanode-1", image, rootPass });
const db = new compute.Instance("db", { region: "us-iad", type: "g6-standard-1", label: "rs-db" });
const root = new compute.InstanceDisk("root", { computeId: db.id, label: "root", size: 4000, image, rootPass });
const swap = new compute.InstanceDisk("swap", { computeId: db.id, label: "swap", size: 512, filesystem: "swap" });
const logs = new compute.InstanceDisk("logs", { computeId: db.id, label: "logs", size: 1024, filesystem: "ext4" });
new compute.InstanceConfig("boot", {
  computeId: db.id,
  label: "boot",
  comments: "assembled",
  devices: { sda: root.id, sdb: swap.id, sdc: logs.id },
});
`;

let emulator: Emulator;
let client: ComputeClient;
let control: ControlClient;
let project: UserProject;
const machines: string[] = [];
const leftBehind: number[] = [];

beforeAll(async () => {
  emulator = await startEmulator();
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  control = new ControlClient(emulator.controlUrl);
  project = await userProject("recovery-stack", emulator, PROGRAM);
  await project.pulumi(
    "config",
    "set",
    "--secret",
    "compute:recoveryKey",
    "5a4b3c2d1e0f98877665544332211000",
  );
});
afterAll(async () => {
  endLeftBehind(leftBehind);
  await emulator?.close();
  project?.dispose();
  for (const dir of machines) fs.rmSync(dir, { recursive: true, force: true });
});

const trials = Array.from({ length: TRIALS }, (_, i) => i + 1);
describe.each(Object.keys(WAVES) as Wave[])("killed during the %s wave of creates", (wave) => {
  test.each(trials)("is recovered on a fresh machine with no duplicate or orphan (trial %i)", async () => {
    await killedAndRecovered({ project, client, control, leftBehind, machines }, wave);
  });
});
