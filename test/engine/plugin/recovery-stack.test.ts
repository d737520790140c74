/**
 * Issue 47's stack (`../recovery-stack.ts`) in the plugin form, Pulumi YAML, with no key: the
 * nonce the default provider keeps in the state marks the creates. Killed during each wave of
 * creates, recovered on a fresh machine. `TRIALS` runs more per wave.
 */
import { endLeftBehind } from "../killed-runs";
import { IMAGE, killedAndRecovered, ROOT_PASS, SSH_KEY, TRIALS, WAVES, type Wave } from "../recovery-stack";
import { yamlProject, type YamlProject } from "./yaml-project";
import * as fs from "node:fs";

jest.setTimeout(600_000);

const instance = (type: string, label?: string) => ({
  type: "compute:index:Instance",
  properties: { region: "us-iad", type, ...(label && { label }), image: IMAGE, rootPass: ROOT_PASS },
});
const disk = (properties: Record<string, unknown>) => ({
  type: "compute:index:InstanceDisk",
  properties: { computeId: "${db.id}", ...properties },
});
const subnet = (vpc: string, label: string, ipv4: string) => ({
  type: "compute:index:Subnet",
  properties: { vpcId: `\${${vpc}.id}`, label, ipv4 },
});
const program = {
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "rs-net", description: "app" } },
  app: subnet("net", "app", "10.0.1.0/24"),
  data: subnet("net", "data", "10.0.2.0/24"),
  edge: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "rs-edge" } },
  front: subnet("edge", "front", "10.1.0.0/24"),
  deploy: { type: "compute:index:SshKey", properties: { label: "rs-deploy", sshKey: SSH_KEY } },
  setup: {
    type: "compute:index:StackScript",
    properties: { label: "rs-setup", script: "#!/bin/bash\ntrue", images: [IMAGE], description: "setup" },
  },
  web: instance("g6-standard-1", "rs-web"),
  worker: instance("g6-nanode-1", "rs-worker"),
  spare: instance("g6-nanode-1"),
  db: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: "rs-db" },
  },
  root: disk({ label: "root", size: 4000, image: IMAGE, rootPass: ROOT_PASS }),
  swap: disk({ label: "swap", size: 512, filesystem: "swap" }),
  logs: disk({ label: "logs", size: 1024, filesystem: "ext4" }),
  boot: {
    type: "compute:index:InstanceConfig",
    properties: {
      computeId: "${db.id}",
      label: "boot",
      comments: "assembled",
      devices: { sda: "${root.id}", sdb: "${swap.id}", sdc: "${logs.id}" },
    },
  },
};

let p: YamlProject;
const machines: string[] = [];
const leftBehind: number[] = [];

beforeAll(async () => {
  p = await yamlProject("recovery-stack");
  p.setProgram(program);
});
afterAll(async () => {
  endLeftBehind(leftBehind);
  await p?.dispose();
  for (const dir of machines) fs.rmSync(dir, { recursive: true, force: true });
});

const trials = Array.from({ length: TRIALS }, (_, i) => i + 1);
describe.each(Object.keys(WAVES) as Wave[])("killed during the %s wave of creates", (wave) => {
  test.each(trials)("is recovered on a fresh machine with no duplicate or orphan (trial %i)", async () => {
    await killedAndRecovered(
      { project: p, client: p.client, control: p.control, leftBehind, machines },
      wave,
    );
  });
});
