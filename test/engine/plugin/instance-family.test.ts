/**
 * An instance and its family in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the real
 * CLI), in one stack: an empty Instance assembled from InstanceDisks, an InstanceConfig and its
 * ConfigInterfaces (one in a Subnet of a Vpc), with a Tag, a Snapshot and an Image captured from one
 * of its disks. Create, no-change preview, in-place updates (the detailed diff says update),
 * replaces (update-replace, new IDs, the old objects gone), clean refresh, destroy leaving nothing.
 * The emulator runs 20 times faster: a boot's 3 s take 0.15 s.
 */
import { collect } from "../../../src/client";
import { diskEndpoints, imageEndpoints, instanceEndpoints, vpcEndpoints } from "../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { opsOf, stepOf, yamlProject, type YamlProject } from "./yaml-project";
import { schemaMismatches } from "./schema-types";

jest.setTimeout(300_000);

let p: YamlProject;
let computeId: number;
let configId: number;
let outsideId: number;

interface Shape {
  serverLabel: string;
  rootLabel: string;
  rootImage: string;
  comments: string;
  primary: boolean;
  subnet: "app" | "db";
  tagLabel: string;
  tagged: string[];
  snapshotLabel: string;
  captured: "data" | "swap";
  imageDescription: string;
}
let shape: Shape = {
  serverLabel: "yaml-family",
  rootLabel: "root",
  rootImage: IMAGE,
  comments: "first",
  primary: false,
  subnet: "app",
  tagLabel: "yaml-prod",
  tagged: ["${server.id}"],
  snapshotLabel: "first",
  captured: "data",
  imageDescription: "base",
};

const onServer = { computeId: "${server.id}" };
const program = (s: Shape) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "yaml-family" } },
  app: {
    type: "compute:index:Subnet",
    properties: { vpcId: "${net.id}", label: "app", ipv4: "10.0.1.0/24" },
  },
  db: {
    type: "compute:index:Subnet",
    properties: { vpcId: "${net.id}", label: "db", ipv4: "10.0.2.0/24" },
  },
  server: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: s.serverLabel, backupsEnabled: true },
  },
  root: {
    type: "compute:index:InstanceDisk",
    properties: { ...onServer, label: s.rootLabel, size: 4000, image: s.rootImage, rootPass: ROOT_PASS },
  },
  swap: {
    type: "compute:index:InstanceDisk",
    properties: { ...onServer, label: "swap", size: 512, filesystem: "swap" },
  },
  data: {
    type: "compute:index:InstanceDisk",
    properties: { ...onServer, label: "data", size: 1024, filesystem: "ext4" },
  },
  boot: {
    type: "compute:index:InstanceConfig",
    properties: {
      ...onServer,
      label: "boot",
      comments: s.comments,
      devices: { sda: "${root.id}", sdb: "${swap.id}", sdc: "${data.id}" },
      booted: true,
    },
  },
  public: {
    type: "compute:index:ConfigInterface",
    properties: { ...onServer, configId: "${boot.id}", purpose: "public", position: 0, rebootOnChange: true },
  },
  private: {
    type: "compute:index:ConfigInterface",
    properties: {
      ...onServer,
      configId: "${boot.id}",
      purpose: "vpc",
      subnetId: `\${${s.subnet}.id}`,
      ipv4: { nat11: "any" },
      primary: s.primary,
      position: 1,
      rebootOnChange: true,
    },
  },
  prod: { type: "compute:index:Tag", properties: { label: s.tagLabel, instances: s.tagged } },
  snap: { type: "compute:index:Snapshot", properties: { ...onServer, label: s.snapshotLabel } },
  golden: {
    type: "compute:index:Image",
    properties: { diskId: `\${${s.captured}.id}`, label: "golden", description: s.imageDescription },
  },
});
const outputs = { computeId: "${server.id}", configId: "${boot.id}" };

const instance = () => p.client.api.getInstance({ params: { computeId } });
const disks = () => collect(p.client.each(diskEndpoints.listDisks, { params: { computeId } }));
const diskLabelled = async (label: string) => (await disks()).find((d) => d.label === label)!;
const nics = () => p.client.api.listInterfaces({ params: { computeId, configId } });
const images = () => collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
const snapshot = async () => (await p.client.api.listBackups({ params: { computeId } })).snapshot;
const tags = async () => (await p.client.api.listTags()).data.map((t) => t.label);

beforeAll(async () => {
  p = await yamlProject("plugin-instance-family", { speed: 20 });
  const outside = await p.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "yaml-outside" },
  });
  outsideId = outside.id;
});
afterAll(async () => {
  await p?.dispose();
});

test("up assembles the instance, boots it with its interfaces, tags it, snapshots it and captures a disk", async () => {
  p.setProgram(program(shape), outputs);
  await p.pulumi("up", "--yes");
  computeId = Number(await p.output("computeId"));
  configId = Number(await p.output("configId"));
  expect(await instance()).toMatchObject({ label: "yaml-family", status: "running", tags: ["yaml-prod"] });
  expect((await disks()).map((d) => [d.label, d.status]).sort()).toEqual([
    ["data", "ready"],
    ["root", "ready"],
    ["swap", "ready"],
  ]);
  expect((await nics()).map((i) => [i.purpose, i.active])).toEqual([
    ["public", true],
    ["vpc", true],
  ]);
  expect((await snapshot()).current).toMatchObject({ label: "first", status: "successful" });
  expect(await images()).toEqual([
    expect.objectContaining({ label: "golden", description: "base", status: "available" }),
  ]);
});

test("a preview of the same program shows no change and sends no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: 14 });
  expect(await p.writes()).toEqual([]);
});

test("labels, comments, primary, the tagged instances and the description update in place", async () => {
  shape = {
    ...shape,
    serverLabel: "yaml-family-2",
    rootLabel: "root-2",
    comments: "second",
    primary: true,
    tagged: ["${server.id}", String(outsideId)],
    imageDescription: "base, second",
  };
  p.setProgram(program(shape), outputs);
  const preview = await p.previewJson();
  expect(opsOf(preview)).toEqual({
    server: "update",
    root: "update",
    boot: "update",
    private: "update",
    prod: "update",
    golden: "update",
  });
  expect(stepOf(preview, "private")!.detailedDiff).toEqual({ primary: { kind: "update", inputDiff: true } });
  const before = { disks: await disks(), nics: await nics(), images: await images() };
  await p.pulumi("up", "--yes");
  expect(await instance()).toMatchObject({ label: "yaml-family-2", status: "running" });
  expect(await diskLabelled("root-2")).toMatchObject({
    id: before.disks.find((d) => d.label === "root")!.id,
  });
  expect((await p.client.api.getConfig({ params: { computeId, configId } })).comments).toBe("second");
  expect((await nics()).map((i) => [i.id, i.primary])).toEqual(
    before.nics.map((i) => [i.id, i.purpose === "vpc"]),
  );
  expect((await p.client.api.getInstance({ params: { computeId: outsideId } })).tags).toEqual(["yaml-prod"]);
  expect(await images()).toEqual([
    expect.objectContaining({ id: before.images[0]!.id, description: "base, second" }),
  ]);
  await p.pulumi("preview", "--expect-no-changes");
});

test("another image, subnet, tag label, snapshot label and captured disk replace those objects", async () => {
  shape = {
    ...shape,
    rootImage: "compute/debian11",
    subnet: "db",
    tagLabel: "yaml-production",
    snapshotLabel: "second",
    captured: "swap",
  };
  p.setProgram(program(shape), outputs);
  const preview = await p.previewJson();
  expect(opsOf(preview)).toMatchObject({
    root: "replace",
    private: "replace",
    prod: "replace",
    snap: "replace",
    golden: "replace",
  });
  expect(stepOf(preview, "root")!.detailedDiff).toEqual({
    image: { kind: "update-replace", inputDiff: true },
  });
  expect(stepOf(preview, "prod")!.detailedDiff).toEqual({
    label: { kind: "update-replace", inputDiff: true },
  });
  const before = {
    root: await diskLabelled("root-2"),
    vpc: (await nics()).find((i) => i.purpose === "vpc")!,
    snapshot: (await snapshot()).current!,
    image: (await images())[0]!,
  };
  await p.pulumi("up", "--yes");
  const root = await diskLabelled("root-2");
  expect(root.id).not.toBe(before.root.id);
  expect((await disks()).map((d) => d.id)).not.toContain(before.root.id);
  const vpc = (await nics()).find((i) => i.purpose === "vpc")!;
  expect(vpc.id).not.toBe(before.vpc.id);
  const dbId = (await collect(p.client.each(vpcEndpoints.listVpcs)))[0]!.subnets.find(
    (s) => s.label === "db",
  )!.id;
  expect(vpc.subnet_id).toBe(dbId);
  expect(await tags()).toEqual(["yaml-production"]);
  expect((await snapshot()).current).toMatchObject({ label: "second", status: "successful" });
  expect((await snapshot()).current!.id).not.toBe(before.snapshot.id);
  const [image, ...others] = await images();
  expect(others).toEqual([]);
  expect(image!.id).not.toBe(before.image.id);
  expect(await instance()).toMatchObject({ status: "running" });
});

test("a refresh finds nothing changed, and the next preview none either", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("every output has the type the package schema gives it (what a typed SDK reads)", async () => {
  expect(schemaMismatches(await p.resources())).toEqual([]);
});

test("destroy leaves only the outside instance, untagged", async () => {
  await p.pulumi("destroy", "--yes");
  expect((await collect(p.client.each(instanceEndpoints.listInstances))).map((i) => [i.id, i.tags])).toEqual([
    [outsideId, []],
  ]);
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
  expect(await images()).toEqual([]);
  expect(await tags()).toEqual([]);
  expect(await p.resources()).toEqual([]);
});
