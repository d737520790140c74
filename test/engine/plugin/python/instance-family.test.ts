/**
 * An instance and its family from a Python program (the generated SDK, `pulumi_compute`) through the
 * real CLI, in one stack: an empty Instance assembled from InstanceDisks, an InstanceConfig and its
 * ConfigInterfaces (one in a Subnet of a Vpc, beside a spare Subnet), with a Tag, a Snapshot and an Image captured from one
 * of its disks. Create, no-change preview with no write, in-place updates, replaces (new IDs, the old
 * objects gone), `pulumi import compute:index:InstanceDisk INSTANCEID/ID` with no write, clean
 * refresh, destroy leaving nothing of ours. As instance-family.test.ts does in YAML; the emulator runs
 * 20 times faster: a boot's 3 s take 0.15 s.
 */
import { collect, status, waitForDisk } from "../../../../src/client";
import { diskEndpoints, imageEndpoints, instanceEndpoints, vpcEndpoints } from "../../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { opsOf, stepOf } from "../preview-json";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(300_000);

let p: PythonProject;
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
  spareLabel: string;
  spareRange: string;
  tagLabel: string;
  tagOutside: boolean;
  snapshotLabel: string;
  captured: "data" | "swap";
  imageDescription: string;
}
let shape: Shape = {
  serverLabel: "py-family",
  rootLabel: "root",
  rootImage: IMAGE,
  comments: "first",
  primary: false,
  subnet: "app",
  spareLabel: "spare",
  spareRange: "10.0.3.0/24",
  tagLabel: "py-prod",
  tagOutside: false,
  snapshotLabel: "first",
  captured: "data",
  imageDescription: "base",
};

/** A Python literal (JSON's strings are Python's; booleans are capitalised). */
const py = (value: string | boolean) =>
  typeof value === "boolean" ? (value ? "True" : "False") : JSON.stringify(value);
const program = (s: Shape, extra = "") => `
net = compute.Vpc("net", region="us-iad", label="py-family")
app = compute.Subnet("app", vpc_id=net.id, label="app", ipv4="10.0.1.0/24")
db = compute.Subnet("db", vpc_id=net.id, label="db", ipv4="10.0.2.0/24")
spare = compute.Subnet("spare", vpc_id=net.id, label=${py(s.spareLabel)}, ipv4=${py(s.spareRange)})
server = compute.Instance(
    "server", region="us-iad", type="g6-standard-1", label=${py(s.serverLabel)}, backups_enabled=True
)
root = compute.InstanceDisk(
    "root",
    compute_id=server.id,
    label=${py(s.rootLabel)},
    size=4000,
    image=${py(s.rootImage)},
    root_pass=${py(ROOT_PASS)},
)
swap = compute.InstanceDisk("swap", compute_id=server.id, label="swap", size=512, filesystem="swap")
data = compute.InstanceDisk("data", compute_id=server.id, label="data", size=1024, filesystem="ext4")
boot = compute.InstanceConfig(
    "boot",
    compute_id=server.id,
    label="boot",
    comments=${py(s.comments)},
    devices={"sda": root.id, "sdb": swap.id, "sdc": data.id},
    booted=True,
)
public = compute.ConfigInterface(
    "public", compute_id=server.id, config_id=boot.id, purpose="public", position=0, reboot_on_change=True
)
private = compute.ConfigInterface(
    "private",
    compute_id=server.id,
    config_id=boot.id,
    purpose="vpc",
    subnet_id=${s.subnet}.id,
    ipv4={"nat11": "any"},
    primary=${py(s.primary)},
    position=1,
    reboot_on_change=True,
)
prod = compute.Tag("prod", label=${py(s.tagLabel)}, instances=[server.id${s.tagOutside ? `, "${outsideId}"` : ""}])
snap = compute.Snapshot("snap", compute_id=server.id, label=${py(s.snapshotLabel)})
golden = compute.Image("golden", disk_id=${s.captured}.id, label="golden", description=${py(s.imageDescription)})
pulumi.export("computeId", server.id)
pulumi.export("configId", boot.id)
# Through the SDK's output types (InstanceConfigDevices) and getters.
pulumi.export("devices", boot.devices)
pulumi.export("vpcAddress", private.vpc_address)
${extra}`;

const instance = () => p.client.api.getInstance({ params: { computeId } });
const disks = (id = computeId) =>
  collect(p.client.each(diskEndpoints.listDisks, { params: { computeId: id } }));
const diskLabelled = async (label: string) => (await disks()).find((d) => d.label === label)!;
const nics = () => p.client.api.listInterfaces({ params: { computeId, configId } });
const images = () => collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
const snapshot = async () => (await p.client.api.listBackups({ params: { computeId } })).snapshot;
const subnets = async () => (await collect(p.client.each(vpcEndpoints.listVpcs)))[0]!.subnets;
const tags = async () => (await p.client.api.listTags()).data.map((t) => t.label);

beforeAll(async () => {
  p = await pythonProject("python-instance-family", { speed: 20 });
  const outside = await p.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "py-outside" },
  });
  outsideId = outside.id;
});
afterAll(async () => {
  await p?.dispose();
});

test("up assembles the instance, boots it with its interfaces, tags it, snapshots it and captures a disk", async () => {
  p.setProgram(program(shape));
  await p.pulumi("up", "--yes");
  computeId = Number(await p.output("computeId"));
  configId = Number(await p.output("configId"));
  expect(await instance()).toMatchObject({ label: "py-family", status: "running", tags: ["py-prod"] });
  expect((await disks()).map((d) => [d.label, d.status]).sort()).toEqual([
    ["data", "ready"],
    ["root", "ready"],
    ["swap", "ready"],
  ]);
  const config = await p.client.api.getConfig({ params: { computeId, configId } });
  const byLabel = Object.fromEntries((await disks()).map((d) => [d.label, d.id]));
  expect(config.devices).toMatchObject({
    sda: { disk_id: byLabel.root },
    sdb: { disk_id: byLabel.swap },
    sdc: { disk_id: byLabel.data },
  });
  const appId = (await collect(p.client.each(vpcEndpoints.listVpcs)))[0]!.subnets.find(
    (s) => s.label === "app",
  )!.id;
  expect((await nics()).map((i) => [i.purpose, i.active, i.subnet_id ?? null])).toEqual([
    ["public", true, null],
    ["vpc", true, appId],
  ]);
  // ID references are strings, as the schema types them (the API's integer IDs, written out).
  const devices = (await p.output("devices")) as Record<string, unknown>;
  expect(Object.values(devices).every((id) => typeof id === "string")).toBe(true);
  expect(Object.fromEntries(Object.entries(devices).map(([slot, id]) => [slot, Number(id)]))).toEqual({
    sda: byLabel.root,
    sdb: byLabel.swap,
    sdc: byLabel.data,
  });
  const vpcNic = (await nics()).find((i) => i.purpose === "vpc")!;
  expect(await p.output("vpcAddress")).toBe(vpcNic.ipv4!.vpc);
  expect((await snapshot()).current).toMatchObject({ label: "first", status: "successful" });
  expect(await images()).toEqual([
    expect.objectContaining({ label: "golden", description: "base", status: "available" }),
  ]);
});

test("a preview of the same program shows no change and sends no write", async () => {
  await p.control.clearRequests();
  expect((await p.previewJson()).changeSummary).toEqual({ same: 15 });
  expect(await p.writes()).toEqual([]);
});

test("labels, comments, primary, the tagged instances and the description update in place", async () => {
  shape = {
    ...shape,
    serverLabel: "py-family-2",
    rootLabel: "root-2",
    comments: "second",
    primary: true,
    spareLabel: "spare-2",
    tagOutside: true,
    imageDescription: "base, second",
  };
  p.setProgram(program(shape));
  const preview = await p.previewJson();
  expect(opsOf(preview)).toEqual({
    spare: "update",
    server: "update",
    root: "update",
    boot: "update",
    private: "update",
    prod: "update",
    golden: "update",
  });
  expect(stepOf(preview, "private")!.detailedDiff).toEqual({ primary: { kind: "update", inputDiff: true } });
  const before = {
    disks: await disks(),
    nics: await nics(),
    images: await images(),
    subnets: await subnets(),
  };
  await p.pulumi("up", "--yes");
  expect((await subnets()).map((n) => [n.id, n.label])).toEqual(
    before.subnets.map((n) => [n.id, n.label === "spare" ? "spare-2" : n.label]),
  );
  expect(await instance()).toMatchObject({ label: "py-family-2", status: "running" });
  expect(await diskLabelled("root-2")).toMatchObject({
    id: before.disks.find((d) => d.label === "root")!.id,
  });
  expect((await p.client.api.getConfig({ params: { computeId, configId } })).comments).toBe("second");
  expect((await nics()).map((i) => [i.id, i.primary])).toEqual(
    before.nics.map((i) => [i.id, i.purpose === "vpc"]),
  );
  expect((await p.client.api.getInstance({ params: { computeId: outsideId } })).tags).toEqual(["py-prod"]);
  expect(await images()).toEqual([
    expect.objectContaining({ id: before.images[0]!.id, description: "base, second" }),
  ]);
});

test("another image, interface subnet, subnet range, tag label, snapshot label and captured disk replace those objects", async () => {
  shape = {
    ...shape,
    rootImage: "compute/debian11",
    subnet: "db",
    spareRange: "10.0.4.0/24",
    tagLabel: "py-production",
    snapshotLabel: "second",
    captured: "swap",
  };
  p.setProgram(program(shape));
  const preview = await p.previewJson();
  expect(opsOf(preview)).toMatchObject({
    spare: "replace",
    root: "replace",
    private: "replace",
    prod: "replace",
    snap: "replace",
    golden: "replace",
  });
  expect(stepOf(preview, "root")!.detailedDiff).toEqual({
    image: { kind: "update-replace", inputDiff: true },
  });
  expect(stepOf(preview, "private")!.detailedDiff).toEqual({
    subnetId: { kind: "update-replace", inputDiff: true },
  });
  const before = {
    root: await diskLabelled("root-2"),
    vpc: (await nics()).find((i) => i.purpose === "vpc")!,
    snapshot: (await snapshot()).current!,
    image: (await images())[0]!,
    spare: (await subnets()).find((n) => n.label === "spare-2")!,
  };
  await p.pulumi("up", "--yes");
  const spare = (await subnets()).find((n) => n.label === "spare-2")!;
  expect(spare.ipv4).toBe("10.0.4.0/24");
  expect(spare.id).not.toBe(before.spare.id);
  expect((await subnets()).map((n) => n.id)).not.toContain(before.spare.id);
  const root = await diskLabelled("root-2");
  expect(root.id).not.toBe(before.root.id);
  expect((await disks()).map((d) => d.id)).not.toContain(before.root.id);
  const vpc = (await nics()).find((i) => i.purpose === "vpc")!;
  expect(vpc.id).not.toBe(before.vpc.id);
  const dbId = (await subnets()).find((n) => n.label === "db")!.id;
  expect(vpc.subnet_id).toBe(dbId);
  expect(await tags()).toEqual(["py-production"]);
  expect((await snapshot()).current).toMatchObject({ label: "second", status: "successful" });
  expect((await snapshot()).current!.id).not.toBe(before.snapshot.id);
  const [image, ...others] = await images();
  expect(others).toEqual([]);
  expect(image!.id).not.toBe(before.image.id);
  expect(await instance()).toMatchObject({ status: "running" });
});

test("`pulumi import compute:index:InstanceDisk INSTANCEID/ID` adopts a disk with no write; the program then matches it", async () => {
  const disk = await p.client.api.createDisk({
    params: { computeId: outsideId },
    body: { label: "extra", size: 1024, filesystem: "ext4" },
  });
  await waitForDisk(p.client, outsideId, disk.id, status("ready"), { timeoutMs: 60_000 });
  await p.control.clearRequests();
  // The v3.68.0 Python host cannot write the program's code (GenerateProgram): the state only.
  await p.pulumi(
    "import",
    "compute:index:InstanceDisk",
    "extra",
    `${outsideId}/${disk.id}`,
    "--yes",
    "--protect=false",
    "--generate-code=false",
  );
  expect(await p.writes()).toEqual([]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::extra"))!;
  expect(state).toMatchObject({ type: "compute:index:InstanceDisk", id: String(disk.id) });
  expect(state.inputs).toMatchObject({
    computeId: String(outsideId),
    label: "extra",
    size: 1024,
    filesystem: "ext4",
  });
  p.setProgram(
    program(
      shape,
      `extra = compute.InstanceDisk("extra", compute_id="${outsideId}", label="extra", size=1024, filesystem="ext4")`,
    ),
  );
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("a refresh finds nothing changed, and the next preview none either", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("destroy leaves only the outside instance, untagged and without the imported disk", async () => {
  await p.pulumi("destroy", "--yes");
  expect((await collect(p.client.each(instanceEndpoints.listInstances))).map((i) => [i.id, i.tags])).toEqual([
    [outsideId, []],
  ]);
  expect(await disks(outsideId)).toEqual([]);
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
  expect(await images()).toEqual([]);
  expect(await tags()).toEqual([]);
  expect(await p.resources()).toEqual([]);
});
