/**
 * Mistakes the API can tell before a write fail at `pulumi preview` through the real engine, with
 * one line naming the field and nothing written: unknown catalogue entries (region, image, type,
 * kernel), a region without VPCs, a swap the type cannot hold, and, under parents that exist, a
 * subnet overlapping a live one, a disk beyond the free space, a device holding another instance's
 * disk, a second public interface on a config; two overlapping subnets of one new VPC; an instance
 * with a VPC interface moved to another region; missing settings. Many new labelled resources
 * read their labels from one listing per kind.
 */
import * as compute from "pulumi-compute";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(240_000);

let e: EngineStack;
/** Parents made outside the stack (they exist, so their IDs are known at preview). */
let vpcId: number;
let subnetId: number;
let mineId: number;
let mineDiskId: number;
let otherDiskId: number;
let mineConfigId: number;

const web = { region: "us-iad", type: "g6-nanode-1", image: IMAGE, rootPass: ROOT_PASS, label: "web" };

/** The preview's error lines that name `property` of a resource, and the writes the API received. */
async function failingPreview(program: () => void) {
  await e.control.clearRequests();
  e.setProgram(async () => program());
  const err = await failure(e.stack.preview());
  expect(err).toBeInstanceOf(Error);
  return { message: err!.message, writes: await e.writes() };
}

/** The one diagnostic of the message that gives `reason` (the CLI shows it live and in its summary). */
function lineOf(message: string, reason: RegExp): string {
  const lines = message.split("\n").filter((line) => reason.test(line));
  const diagnostics = new Set(lines.map((line) => line.slice(line.indexOf("error: "))));
  expect([...diagnostics]).toHaveLength(1);
  return [...diagnostics][0]!;
}

beforeAll(async () => {
  e = await engineStack("preview-checks");
  const { api } = e.client;
  vpcId = (await api.createVpc({ body: { region: "us-iad", label: "live-net" } })).id;
  subnetId = (await api.createSubnet({ params: { vpcId }, body: { label: "app", ipv4: "10.0.1.0/24" } })).id;
  mineId = (await api.createInstance({ body: { region: "us-iad", type: "g6-nanode-1", label: "mine" } })).id;
  const other = await api.createInstance({ body: { region: "us-iad", type: "g6-nanode-1", label: "other" } });
  await e.control.clock({ advance_ms: 120_000 });
  mineDiskId = (
    await api.createDisk({ params: { computeId: mineId }, body: { label: "data", size: 25_000 } })
  ).id;
  otherDiskId = (await api.createDisk({ params: { computeId: other.id }, body: { label: "x", size: 100 } }))
    .id;
  await e.control.clock({ advance_ms: 120_000 });
  const config = await api.createConfig({
    params: { computeId: mineId },
    body: { label: "live", devices: {}, interfaces: [{ purpose: "public", primary: true }] },
  });
  mineConfigId = config.id;
});
afterAll(async () => {
  await e?.dispose();
});

test.each([
  {
    mistake: "an unknown region, beside values that are unknown at preview",
    property: "region",
    reason: /Region us-nowhere does not exist/,
    program: () => {
      const script = new compute.StackScript("setup", {
        label: "setup",
        images: [IMAGE],
        script: "#!/bin/bash",
      });
      new compute.Instance("web", { ...web, region: "us-nowhere", stackscriptId: script.id });
    },
  },
  {
    mistake: "an unknown image",
    property: "image",
    reason: /Image compute\/debian99 not found/,
    program: () => new compute.Instance("web", { ...web, image: "compute/debian99" }),
  },
  {
    mistake: "an unknown instance type",
    property: "type",
    reason: /Type g6-huge-99 does not exist/,
    program: () => new compute.Instance("web", { ...web, type: "g6-huge-99" }),
  },
  {
    mistake: "a region without VPCs",
    property: "region",
    reason: /VPCs are not available in region us-east/,
    program: () => new compute.Vpc("net", { region: "us-east", label: "net" }),
  },
  {
    mistake: "a swap the type's disk cannot hold besides the image",
    property: "swapSize",
    reason: /needs 1500 MB; type g6-nanode-1 leaves 600 MB after 25000 MB of swap/,
    program: () => new compute.Instance("web", { ...web, swapSize: 25_000 }),
  },
  {
    mistake: "an unknown kernel",
    property: "kernel",
    reason: /Kernel compute\/linux-99 not found/,
    program: () =>
      new compute.InstanceConfig("boot", {
        computeId: mineId,
        label: "boot",
        devices: { sda: mineDiskId },
        kernel: "compute/linux-99",
      }),
  },
  {
    mistake: "a subnet overlapping a live subnet of its VPC",
    property: "ipv4",
    reason: /ipv4 10\.0\.1\.128\/25 overlaps subnet app \(10\.0\.1\.0\/24\)/,
    program: () => new compute.Subnet("db", { vpcId, label: "db", ipv4: "10.0.1.128/25" }),
  },
  {
    mistake: "a disk larger than the instance's free space",
    property: "size",
    reason: /Not enough free disk space: 1000 MB requested, 600 MB of 25600 MB free/,
    program: () => new compute.InstanceDisk("more", { computeId: mineId, label: "more", size: 1000 }),
  },
  {
    mistake: "a config device naming a disk of another instance",
    property: "devices.sda",
    reason: /Disk \d+ is not a disk of this instance/,
    program: () =>
      new compute.InstanceConfig("boot", { computeId: mineId, label: "boot", devices: { sda: otherDiskId } }),
  },
  {
    mistake: "a second public interface on a config",
    property: "purpose",
    reason: /The profile already has a public interface/,
    program: () =>
      new compute.ConfigInterface("eth1", { computeId: mineId, configId: mineConfigId, purpose: "public" }),
  },
  {
    mistake: "two overlapping subnets of one new VPC",
    property: "ipv4",
    reason: /ipv4 10\.9\.0\.0\/2[34] overlaps subnet (a|b) \(10\.9\.0\.0\/2[34]\)/,
    program: () => {
      const vpc = new compute.Vpc("net", { region: "us-iad", label: "net" });
      new compute.Subnet("a", { vpcId: vpc.id, label: "a", ipv4: "10.9.0.0/23" });
      new compute.Subnet("b", { vpcId: vpc.id, label: "b", ipv4: "10.9.0.0/24" });
    },
  },
])("$mistake fails at preview naming $property, writing nothing", async ({ property, reason, program }) => {
  const { message, writes } = await failingPreview(program);
  expect(lineOf(message, reason)).toContain(`has a problem: ${property}: `);
  expect(writes).toEqual([]);
});

test("two subnets of one new VPC that do not overlap, and of two new VPCs that do, preview clean", async () => {
  e.setProgram(async () => {
    const one = new compute.Vpc("one", { region: "us-iad", label: "one" });
    const two = new compute.Vpc("two", { region: "us-iad", label: "two" });
    new compute.Subnet("a", { vpcId: one.id, label: "a", ipv4: "10.9.0.0/24" });
    new compute.Subnet("b", { vpcId: one.id, label: "b", ipv4: "10.9.1.0/24" });
    new compute.Subnet("c", { vpcId: two.id, label: "c", ipv4: "10.9.0.0/24" });
  });
  expect((await e.stack.preview()).changeSummary).toEqual({ create: 6 });
});

test("a preview of many new resources reads each catalogue once", async () => {
  e.setProgram(async () => {
    for (const name of ["a", "b", "c"]) {
      new compute.Vpc(`net-${name}`, { region: "us-iad", label: `net-${name}` });
      new compute.Instance(`web-${name}`, { ...web, label: `web-${name}` });
    }
  });
  await e.control.clearRequests();
  expect((await e.stack.preview()).changeSummary).toEqual({ create: 7 });
  const gets = (await e.control.requests()).filter((r) => r.method === "GET").map((r) => r.path);
  for (const catalogue of ["/regions", "/compute/types", "/images"]) {
    expect(gets.filter((path) => path.startsWith(catalogue))).toHaveLength(1);
  }
});

test("a preview of many new labelled resources looks their labels up in one listing per kind", async () => {
  e.setProgram(async () => {
    for (let i = 0; i < 8; i++) {
      new compute.Vpc(`lan-${i}`, { region: "us-iad", label: `lan-${i}` });
      new compute.Instance(`app-${i}`, { ...web, label: `app-${i}` });
    }
  });
  await e.control.clearRequests();
  expect((await e.stack.preview()).changeSummary).toEqual({ create: 17 });
  const gets = (await e.control.requests()).filter((r) => r.method === "GET").map((r) => r.path);
  // The first checked of each kind looks its label up; the next lists them all, which the rest
  // read (a listing lasts 2 s: a slow machine may list once more).
  for (const kind of ["/vpcs", "/compute/instances"]) {
    const reads = gets.filter((path) => path === kind).length;
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual(3);
  }
});

test("an instance with a VPC interface moved to another region fails at preview naming region", async () => {
  e.emulator.clock.setScale(50);
  const interfaces = [{ purpose: "vpc" as const, primary: true, subnetId }];
  e.setProgram(async () => {
    new compute.Instance("web", { ...web, interfaces });
  });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ create: 2 });
  const { message, writes } = await failingPreview(
    () => new compute.Instance("web", { ...web, region: "us-ord", interfaces }),
  );
  const line = lineOf(message, /cannot migrate to another region/);
  expect(line).toContain("has a problem: region: ");
  expect(line).toMatch(/keep region us-iad, or give it interfaces on a subnet of a VPC in us-ord/);
  expect(writes).toEqual([]);
  e.setProgram(async () => {});
  await e.stack.up();
});

test("missing settings fail the preview naming the config key and the environment variable", async () => {
  const saved = await e.stack.getAllConfig();
  await e.stack.removeConfig("compute:apiUrl");
  try {
    const { message } = await failingPreview(() => new compute.SshKey("key", { label: "k", sshKey: "x" }));
    expect(lineOf(message, /No API URL/)).toMatch(/compute:apiUrl.*COMPUTE_API_URL/);
    await e.stack.setConfig("compute:apiUrl", saved["compute:apiUrl"]!);
    await e.stack.removeConfig("compute:token");
    const { message: noToken } = await failingPreview(
      () => new compute.Vpc("net", { region: "us-iad", label: "n" }),
    );
    expect(lineOf(noToken, /No API token/)).toMatch(/compute:token.*COMPUTE_TOKEN/);
  } finally {
    await e.stack.setAllConfig(saved);
  }
});
