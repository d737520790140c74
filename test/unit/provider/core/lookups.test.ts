/**
 * Preview-time rules that read the API (`lookups`): the contract's rules across records reported by
 * check naming the input; catalogues read once per process; a catalogue that cannot be read skips
 * the rule; unknown or unchanged values read nothing; missing settings fail every kind's check.
 */
import { configInterfaceSpec } from "../../../../src/provider/instance/config-interface";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { instanceConfigSpec } from "../../../../src/provider/instance/instance-config";
import { instanceDiskSpec } from "../../../../src/provider/instance/instance-disk";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { SPECS } from "../../../../src/provider/specs";
import { subnetSpec } from "../../../../src/provider/kinds/subnet";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { configure } from "../../../../src/provider/core/settings";
import { IMAGE, ROOT_PASS, empty } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

const gets = async (path: string) =>
  (await t.control.requests()).filter((r) => r.method === "GET" && r.path.startsWith(path)).length;
const failuresOf = async (
  spec: Parameters<typeof makeProvider>[0],
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
  journalKey?: string,
) => (await makeProvider(spec).check(olds, news, { journalKey })).failures ?? [];

const server = { region: "us-iad", type: "g6-nanode-1", image: IMAGE, rootPass: ROOT_PASS, label: "web" };

describe("catalogues", () => {
  it("names the region that does not exist, or lacks VPCs", async () => {
    expect(await failuresOf(vpcSpec, { region: "us-nowhere", label: "a" })).toEqual([
      { property: "region", reason: "region: Region us-nowhere does not exist" },
    ]);
    expect(await failuresOf(vpcSpec, { region: "us-east", label: "a" })).toEqual([
      { property: "region", reason: "region: VPCs are not available in region us-east" },
    ]);
  });

  it("names an instance's unknown type and image, and a swap its type cannot hold", async () => {
    expect(
      await failuresOf(instanceSpec, { ...server, type: "g6-huge-99", image: "compute/debian99" }),
    ).toEqual([
      { property: "type", reason: "type: Type g6-huge-99 does not exist" },
      { property: "image", reason: "image: Image compute/debian99 not found" },
    ]);
    expect(await failuresOf(instanceSpec, { ...server, swapSize: 25_000 })).toEqual([
      {
        property: "swapSize",
        reason: `swapSize: Image ${IMAGE} needs 1500 MB; type g6-nanode-1 leaves 600 MB after 25000 MB of swap`,
      },
    ]);
  });

  it("reads each catalogue once per process, whatever the number of resources", async () => {
    await t.control.clearRequests();
    for (const label of ["a", "b", "c", "d"]) {
      expect(await failuresOf(vpcSpec, { region: "us-iad", label })).toEqual([]);
    }
    expect(await gets("/regions")).toBe(1);
  });

  it("skips a rule whose catalogue cannot be read: up meets the API's own check", async () => {
    await t.control.injectFault({ status: 503, count: 20, method: "GET", path: "/regions" });
    expect(await failuresOf(vpcSpec, { region: "us-nowhere", label: "a" })).toEqual([]);
  });

  it("checks the known values of a resource whose other values are unknown", async () => {
    const news = { ...server, region: "us-nowhere", stackscriptId: UNKNOWN };
    expect(await failuresOf(instanceSpec, news)).toEqual([
      { property: "region", reason: "region: Region us-nowhere does not exist" },
    ]);
    expect(await failuresOf(instanceSpec, { ...server, region: UNKNOWN, type: "g6-huge-99" })).toEqual([
      { property: "type", reason: "type: Type g6-huge-99 does not exist" },
    ]);
  });

  it("reads nothing for values already in the state", async () => {
    await t.control.clearRequests();
    const vpc = { region: "us-iad", label: "a", description: "" };
    expect(await failuresOf(vpcSpec, vpc, vpc)).toEqual([]);
    expect(await failuresOf(instanceSpec, server, server)).toEqual([]);
    expect(await t.control.requests()).toEqual([]);
  });
});

describe("parents that exist", () => {
  it("names a subnet overlapping a live subnet of its VPC, but not the one it replaces", async () => {
    const vpc = await t.client.api.createVpc({ body: { region: "us-iad", label: "net" } });
    await t.client.api.createSubnet({
      params: { vpcId: vpc.id },
      body: { label: "app", ipv4: "10.0.1.0/24" },
    });
    const news = { vpcId: String(vpc.id), label: "db", ipv4: "10.0.1.128/25" };
    expect(await failuresOf(subnetSpec, news, {}, "p/s/Subnet/db")).toEqual([
      { property: "ipv4", reason: "ipv4: ipv4 10.0.1.128/25 overlaps subnet app (10.0.1.0/24)" },
    ]);
    // The same resource, now the replacement of the live subnet (the program changed its label and range).
    const olds = { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" };
    expect(await failuresOf(subnetSpec, { ...news, label: "app" }, olds, "p/s/Subnet/db")).toEqual([]);
  });

  it("names the second of two new subnets of one new VPC that overlap, by the VPC's key in the program", async () => {
    const child = (name: string, ipv4: string, parentKey = "Vpc/net") =>
      failuresOf(subnetSpec, { vpcId: UNKNOWN, label: name, ipv4, parentKey }, {}, `p/s/Subnet/${name}`);
    expect(await child("a", "10.9.0.0/23")).toEqual([]);
    expect(await child("c", "10.9.0.0/24", "Vpc/other")).toEqual([]);
    expect(await child("b", "10.9.1.0/24")).toEqual([
      { property: "ipv4", reason: "ipv4: ipv4 10.9.1.0/24 overlaps subnet a (10.9.0.0/23)" },
    ]);
    // Checked again (the engine's second check during `up`), a subnet is not its own sibling.
    expect(await child("a", "10.9.0.0/23")).toEqual([
      { property: "ipv4", reason: "ipv4: ipv4 10.9.0.0/23 overlaps subnet b (10.9.1.0/24)" },
    ]);
  });

  it("names a disk larger than the instance's free space", async () => {
    const instance = await empty(t, { type: "g6-nanode-1" });
    await t.client.api.createDisk({ params: { computeId: instance.id }, body: { label: "a", size: 25_000 } });
    expect(
      await failuresOf(instanceDiskSpec, { computeId: String(instance.id), label: "b", size: 1000 }),
    ).toEqual([
      {
        property: "size",
        reason: "size: Not enough free disk space: 1000 MB requested, 600 MB of 25600 MB free",
      },
    ]);
  });

  it("names a config device holding a disk of another instance, and an unknown kernel", async () => {
    const [mine, other] = [await empty(t, { label: "mine" }), await empty(t, { label: "other" })];
    const disk = await t.client.api.createDisk({
      params: { computeId: other.id },
      body: { label: "a", size: 100 },
    });
    const news = {
      computeId: String(mine.id),
      label: "boot",
      devices: { sda: disk.id },
      kernel: "compute/none",
    };
    expect(await failuresOf(instanceConfigSpec, news)).toEqual([
      { property: "kernel", reason: "kernel: Kernel compute/none not found" },
      {
        property: "devices",
        reason: expect.stringContaining(`devices.sda: Disk ${disk.id} is not a disk of this instance`),
      },
    ]);
  });

  it("names an interface its config cannot take beside the ones it holds and the program's other new ones", async () => {
    const instance = await empty(t, { label: "mine" });
    const config = await t.client.api.createConfig({
      params: { computeId: instance.id },
      body: { label: "boot", devices: {}, interfaces: [{ purpose: "public", primary: true }] },
    });
    const on = { computeId: String(instance.id), configId: String(config.id) };
    expect(await failuresOf(configInterfaceSpec, { ...on, purpose: "public" }, {}, "p/s/I/a")).toEqual([
      { property: "purpose", reason: "purpose: The profile already has a public interface" },
    ]);
    const vlan = (name: string) =>
      failuresOf(configInterfaceSpec, { ...on, purpose: "vlan", label: "v1" }, {}, `p/s/I/${name}`);
    expect(await vlan("b")).toEqual([]);
    expect(await vlan("c")).toEqual([
      { property: "label", reason: "label: The profile already has an interface on VLAN v1" },
    ]);
  });

  it("refuses to migrate an instance with a VPC interface to another region, naming region", async () => {
    const interfaces = [{ purpose: "vpc", primary: true, subnetId: 7 }];
    const [failure] = await failuresOf(
      instanceSpec,
      { ...server, region: "us-ord", interfaces },
      { ...server, interfaces },
    );
    expect(failure).toMatchObject({ property: "region" });
    expect(failure!.reason).toMatch(
      /^region: .*VPC interface cannot migrate to another region.*keep region us-iad/,
    );
  });
});

describe.each(SPECS)("$kind check without settings", (spec) => {
  const saved = { COMPUTE_API_URL: process.env.COMPUTE_API_URL, COMPUTE_TOKEN: process.env.COMPUTE_TOKEN };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it("fails naming the config key and the environment variable", async () => {
    delete process.env.COMPUTE_API_URL;
    delete process.env.COMPUTE_TOKEN;
    configure({ get: () => undefined });
    await expect(makeProvider(spec).check!({}, {})).rejects.toThrow(
      new RegExp(`^${spec.kind} check: No API URL: .*compute:apiUrl.* or set COMPUTE_API_URL$`),
    );
    configure({ get: (key) => (key === "compute:apiUrl" ? t.emulator.url : undefined) });
    await expect(makeProvider(spec).check!({}, {})).rejects.toThrow(
      /No API token: .*compute:token.* or set COMPUTE_TOKEN$/,
    );
  });
});
