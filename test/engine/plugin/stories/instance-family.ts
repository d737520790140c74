/**
 * The story of an instance and its family in the plugin form, told once for every language
 * (instance-family.test.ts in YAML, python/instance-family.test.ts in Python,
 * go/instance-family.test.ts in Go), in one stack: an empty Instance assembled from InstanceDisks, an
 * InstanceConfig and its ConfigInterfaces (one in a Subnet of a Vpc, beside a spare Subnet), with a
 * Tag, a Snapshot and an Image captured from one of its disks.
 * Create (the devices and the VPC address read back through the outputs), no-change preview with no
 * write, in-place updates (the detailed diff says update), replaces (update-replace, new IDs, the old
 * objects gone), `pulumi import compute:index:InstanceDisk INSTANCEID/ID` with no write, clean refresh,
 * output types as the schema gives them, destroy leaving nothing of ours. The emulator runs 20 times
 * faster: a boot's 3 s take 0.15 s.
 */
import { collect, status, waitForDisk } from "../../../../src/client";
import { diskEndpoints, imageEndpoints, instanceEndpoints, vpcEndpoints } from "../../../../src/contract";
import { IMAGE } from "../../../support/compute";
import { changed, diffsOf, opsOf } from "../preview-json";
import { importFlags, type StoryLanguage, type StoryProject } from "./language";
import { cleanRefresh, noChangePreview, outputsAsSchemaTypes } from "./steps";

/**
 * What the program declares. Resources `net` (Vpc in us-iad, labelled `vpcLabel`) with the Subnets `app`
 * (10.0.1.0/24), `db` (10.0.2.0/24) and `spare`; `server` (Instance, us-iad, g6-standard-1, backups
 * enabled); on it the InstanceDisks `root` (size 4000, root password ROOT_PASS), `swap` (512, swap) and
 * `data` (1024, ext4); `boot` (InstanceConfig labelled boot: sda root, sdb swap, sdc data, booted);
 * the ConfigInterfaces `public` (position 0) and `private` (vpc, in `subnet`, ipv4.nat11 any,
 * position 1), both rebooting on change; `prod` (Tag on server, and on `outsideId` when set);
 * `snap` (Snapshot of server); `golden` (Image labelled golden from the `captured` disk); and, once
 * imported, `extra` (InstanceDisk labelled extra, 1024, ext4, on `extraOn`). Outputs `computeId`
 * (server's ID), `configId` (boot's), `devices` (boot's) and `vpcAddress` (private's).
 */
export interface InstanceFamily {
  vpcLabel: string;
  serverLabel: string;
  rootLabel: string;
  rootImage: string;
  comments: string;
  primary: boolean;
  subnet: "app" | "db";
  spareLabel: string;
  spareRange: string;
  tagLabel: string;
  /** The instance made outside the stack, tagged too. */
  outsideId?: number;
  snapshotLabel: string;
  captured: "data" | "swap";
  imageDescription: string;
  /** The instance the imported disk `extra` is on, once the program declares it. */
  extraOn?: number;
}

export function instanceFamilyStory(language: StoryLanguage<InstanceFamily>): void {
  const label = (name: string) => `${language.prefix}-${name}`;
  jest.setTimeout(300_000);

  let p: StoryProject;
  let write: (shape: InstanceFamily) => void;
  let computeId: number;
  let configId: number;
  let outsideId: number;

  let shape: InstanceFamily = {
    vpcLabel: label("family"),
    serverLabel: label("family"),
    rootLabel: "root",
    rootImage: IMAGE,
    comments: "first",
    primary: false,
    subnet: "app",
    spareLabel: "spare",
    spareRange: "10.0.3.0/24",
    tagLabel: label("prod"),
    snapshotLabel: "first",
    captured: "data",
    imageDescription: "base",
  };

  const instance = () => p.client.api.getInstance({ params: { computeId } });
  const disks = (id = computeId) =>
    collect(p.client.each(diskEndpoints.listDisks, { params: { computeId: id } }));
  const diskLabelled = async (name: string) => (await disks()).find((d) => d.label === name)!;
  const nics = () => p.client.api.listInterfaces({ params: { computeId, configId } });
  const images = () => collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
  const snapshot = async () => (await p.client.api.listBackups({ params: { computeId } })).snapshot;
  const subnets = async () => (await collect(p.client.each(vpcEndpoints.listVpcs)))[0]!.subnets;
  const tags = async () => (await p.client.api.listTags()).data.map((t) => t.label);

  /** The program changed as `to` says, written, and previewed (`pulumi preview --json`). */
  const change = async (to: Partial<InstanceFamily>) => {
    shape = { ...shape, ...to };
    write(shape);
    return p.previewJson();
  };

  beforeAll(async () => {
    ({ project: p, write } = await language.start(20));
    const outside = await p.client.api.createInstance({
      body: { region: "us-iad", type: "g6-standard-1", label: label("outside") },
    });
    outsideId = outside.id;
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test("up assembles the instance, boots it with its interfaces, tags it, snapshots it and captures a disk", async () => {
    write(shape);
    await p.pulumi("up", "--yes");
    computeId = Number(await p.output("computeId"));
    configId = Number(await p.output("configId"));
    expect(await instance()).toMatchObject({
      label: label("family"),
      status: "running",
      tags: [label("prod")],
    });
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
    const appId = (await subnets()).find((n) => n.label === "app")!.id;
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

  noChangePreview(() => p, 15);

  test("labels, comments, primary, the tagged instances and the description update in place", async () => {
    const preview = await change({
      serverLabel: label("family-2"),
      rootLabel: "root-2",
      comments: "second",
      primary: true,
      spareLabel: "spare-2",
      outsideId,
      imageDescription: "base, second",
    });
    expect(opsOf(preview)).toEqual({
      spare: "update",
      server: "update",
      root: "update",
      boot: "update",
      private: "update",
      prod: "update",
      golden: "update",
    });
    expect(diffsOf(preview, "private")).toEqual({
      private: changed("update", "primary"),
    });
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
    expect(await instance()).toMatchObject({ label: label("family-2"), status: "running" });
    expect(await diskLabelled("root-2")).toMatchObject({
      id: before.disks.find((d) => d.label === "root")!.id,
    });
    expect((await p.client.api.getConfig({ params: { computeId, configId } })).comments).toBe("second");
    expect((await nics()).map((i) => [i.id, i.primary])).toEqual(
      before.nics.map((i) => [i.id, i.purpose === "vpc"]),
    );
    expect((await p.client.api.getInstance({ params: { computeId: outsideId } })).tags).toEqual([
      label("prod"),
    ]);
    expect(await images()).toEqual([
      expect.objectContaining({ id: before.images[0]!.id, description: "base, second" }),
    ]);
    await p.pulumi("preview", "--expect-no-changes");
  });

  test("another image, interface subnet, subnet range, tag label, snapshot label and captured disk replace those objects", async () => {
    const preview = await change({
      rootImage: "compute/debian11",
      subnet: "db",
      spareRange: "10.0.4.0/24",
      tagLabel: label("production"),
      snapshotLabel: "second",
      captured: "swap",
    });
    expect(opsOf(preview)).toMatchObject({
      spare: "replace",
      root: "replace",
      private: "replace",
      prod: "replace",
      snap: "replace",
      golden: "replace",
    });
    expect(diffsOf(preview, "root", "private", "prod")).toEqual({
      root: changed("update-replace", "image"),
      private: changed("update-replace", "subnetId"),
      prod: changed("update-replace", "label"),
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
    expect(await tags()).toEqual([label("production")]);
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
    const id = `${outsideId}/${disk.id}`;
    await p.pulumi("import", "compute:index:InstanceDisk", "extra", id, ...importFlags(language));
    expect(await p.writes()).toEqual([]);
    const state = (await p.resources()).find((r) => r.urn.endsWith("::extra"))!;
    expect(state).toMatchObject({ type: "compute:index:InstanceDisk", id: String(disk.id) });
    expect(state.inputs).toMatchObject({
      computeId: String(outsideId),
      label: "extra",
      size: 1024,
      filesystem: "ext4",
    });
    shape = { ...shape, extraOn: outsideId };
    write(shape);
    await p.pulumi("preview", "--expect-no-changes");
    expect(await p.writes()).toEqual([]);
  });

  cleanRefresh(() => p);

  outputsAsSchemaTypes(() => p);

  test("destroy leaves only the outside instance, untagged and without the imported disk", async () => {
    await p.control.clearRequests();
    await p.pulumi("destroy", "--yes");
    // No request the API refuses (a config's, an interface's or a disk's DELETE while the instance runs,
    // or while another disk's deletion runs): the only error answers are the 404s that confirm deletions.
    expect((await p.control.requests()).filter((r) => r.status >= 400 && r.status !== 404)).toEqual([]);
    expect(
      (await collect(p.client.each(instanceEndpoints.listInstances))).map((i) => [i.id, i.tags]),
    ).toEqual([[outsideId, []]]);
    expect(await disks(outsideId)).toEqual([]);
    expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
    expect(await images()).toEqual([]);
    expect(await tags()).toEqual([]);
    expect(await p.resources()).toEqual([]);
  });
}
