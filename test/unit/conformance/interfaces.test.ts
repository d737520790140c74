/** Config interfaces and the VPC side of them against the running emulator, through our client. */
import { deployed, empty, settle } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const onInstance = (computeId: number) => ({ params: { computeId } });
const onConfig = (computeId: number, configId: number) => ({ params: { computeId, configId } });
const onInterface = (computeId: number, configId: number, interfaceId: number) => ({
  params: { computeId, configId, interfaceId },
});

/** An offline instance with one config (one public interface) in us-iad. */
async function profile(label = "host-1") {
  const made = await empty(t, { label });
  const config = await t.client.api.createConfig({
    ...onInstance(made.id),
    body: { label: "p", devices: {}, interfaces: [{ purpose: "public" }] },
  });
  const add = (body: Record<string, unknown>) =>
    t.client.api.addInterface({ ...onConfig(made.id, config.id), body: body as never });
  return { made, config, add };
}

async function subnet(ipv4 = "10.0.0.0/24", region = "us-iad") {
  const vpc = await t.client.api.createVpc({
    body: { label: `vpc-${region}-${ipv4.replace(/\W/g, "")}`, region, subnets: [{ label: "s", ipv4 }] },
  });
  return { vpc, subnetId: vpc.subnets[0]!.id };
}

describe("per-purpose rules", () => {
  it.each([
    ["label", { purpose: "public", label: "x" }, /empty for public/],
    ["ipv4", { purpose: "public", ipv4: { vpc: "10.0.0.5" } }, /only allowed on vpc/],
    ["label", { purpose: "vlan" }, /required for vlan/],
    ["label", { purpose: "vlan", label: "a--b" }, /single dashes/],
    ["label", { purpose: "vlan", label: "a".repeat(65) }, /1\.\.64/],
    ["primary", { purpose: "vlan", label: "v", primary: true }, /cannot be primary/],
    ["ipam_address", { purpose: "vlan", label: "v", ipam_address: "10.0.0.1" }, /CIDR/],
    ["subnet_id", { purpose: "vpc" }, /required for vpc/],
    ["label", { purpose: "vpc", subnet_id: 1, label: "x" }, /empty for vpc/],
    ["ipv4.nat_1_1", { purpose: "vpc", subnet_id: 1, ipv4: { nat_1_1: "some" } }, /IPv4 address or any/],
    ["purpose", { purpose: "wifi" }, /public, vlan, vpc/],
    ["purpose", {}, /purpose is required/],
  ])("rejects %s: %j", async (field, body, reason) => {
    const { add } = await profile();
    await badRequest(add(body), field, reason);
  });

  it("keeps one public interface, unique vlan labels and at most three interfaces", async () => {
    const { add } = await profile();
    await badRequest(add({ purpose: "public" }), "purpose", /already has a public/);
    await add({ purpose: "vlan", label: "v1", ipam_address: "10.9.0.1/24" });
    await badRequest(add({ purpose: "vlan", label: "v1" }), "label", /already has an interface on VLAN/);
    await badRequest(add({ purpose: "vlan", label: "v2", ipam_address: "10.9.0.1/24" }), "ipam_address");
    await add({ purpose: "vlan", label: "v2" });
    await badRequest(add({ purpose: "vlan", label: "v3" }), undefined, /at most 3/);
  });
});

describe("list, add, order, update, delete", () => {
  it("lists a bare ordered array and emits compute_config_update on add, update and delete", async () => {
    const { made, config, add } = await profile();
    const vlan = await add({ purpose: "vlan", label: "backend", ipam_address: "10.1.0.2/24" });
    expect(vlan).toMatchObject({
      purpose: "vlan",
      label: "backend",
      ipam_address: "10.1.0.2/24",
      primary: false,
      active: false,
    });
    const list = await t.client.api.listInterfaces(onConfig(made.id, config.id));
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((i) => i.purpose)).toEqual(["public", "vlan"]);
    // Real-only: `ipv6` is null on every interface record (IPv6 in VPCs was in beta at this release).
    expect(list.map((i) => i.ipv6)).toEqual([null, null]);
    await expect(t.client.api.getInterface(onInterface(made.id, config.id, vlan.id))).resolves.toMatchObject({
      ipv6: null,
    });
    await t.client.api.updateInterface({
      ...onInterface(made.id, config.id, list[0]!.id),
      body: { primary: true },
    });
    await t.client.api.deleteInterface(onInterface(made.id, config.id, vlan.id));
    await apiError(t.client.api.getInterface(onInterface(made.id, config.id, vlan.id)), 404);
    const events = await t.control.events({ action: "compute_config_update" });
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      entity: { id: made.id },
      secondary_entity: { id: config.id, type: "compute_config" },
    });
  });

  it("makes a new primary interface the only primary one", async () => {
    const { made, config, add } = await profile();
    const [pub] = await t.client.api.listInterfaces(onConfig(made.id, config.id));
    await t.client.api.updateInterface({
      ...onInterface(made.id, config.id, pub!.id),
      body: { primary: true },
    });
    const { subnetId } = await subnet();
    await add({ purpose: "vpc", subnet_id: subnetId, primary: true });
    const list = await t.client.api.listInterfaces(onConfig(made.id, config.id));
    expect(list.map((i) => [i.purpose, i.primary])).toEqual([
      ["public", false],
      ["vpc", true],
    ]);
  });

  it("orders by all existing IDs, once each", async () => {
    const { made, config, add } = await profile();
    const vlan = await add({ purpose: "vlan", label: "v" });
    const [pub] = await t.client.api.listInterfaces(onConfig(made.id, config.id));
    const order = (ids: number[]) =>
      t.client.api.orderInterfaces({ ...onConfig(made.id, config.id), body: { ids } });
    await badRequest(order([vlan.id]), "ids", /every interface/);
    await badRequest(order([vlan.id, vlan.id]), "ids");
    await badRequest(order([vlan.id, 999]), "ids");
    await expect(order([vlan.id, pub!.id])).resolves.toEqual({});
    const list = await t.client.api.listInterfaces(onConfig(made.id, config.id));
    expect(list.map((i) => i.id)).toEqual([vlan.id, pub!.id]);
  });

  it("updates only primary on public interfaces and nothing on vlan interfaces", async () => {
    const { made, config, add } = await profile();
    const vlan = await add({ purpose: "vlan", label: "v" });
    const [pub] = await t.client.api.listInterfaces(onConfig(made.id, config.id));
    await badRequest(
      t.client.api.updateInterface({ ...onInterface(made.id, config.id, pub!.id), body: { ip_ranges: [] } }),
      "ip_ranges",
      /Only primary/,
    );
    await badRequest(
      t.client.api.updateInterface({ ...onInterface(made.id, config.id, vlan.id), body: { primary: false } }),
      undefined,
      /vlan interfaces cannot be updated/,
    );
  });
});

describe("VPC interfaces", () => {
  it("assign an address inside the subnet past its first two addresses, and NAT any to the public IPv4", async () => {
    const { made, add } = await profile();
    const { vpc, subnetId } = await subnet("10.0.0.0/24");
    const iface = await add({ purpose: "vpc", subnet_id: subnetId, ipv4: { nat_1_1: "any" } });
    expect(iface).toMatchObject({
      purpose: "vpc",
      subnet_id: subnetId,
      vpc_id: vpc.id,
      ipv4: { vpc: "10.0.0.2", nat_1_1: made.ipv4[0] },
      ip_ranges: [],
      label: null,
      ipam_address: null,
    });
    const other = await profile("host-2");
    await expect(other.add({ purpose: "vpc", subnet_id: subnetId })).resolves.toMatchObject({
      ipv4: { vpc: "10.0.0.3" },
    });
  });

  it("refuse reserved, outside and taken addresses, foreign NAT addresses, outside ranges and other regions", async () => {
    const { made, config, add } = await profile();
    const { subnetId } = await subnet("10.0.0.0/24");
    for (const [address, reason] of [
      ["10.0.0.1", /reserved/],
      ["10.0.0.254", /reserved/],
      ["10.0.1.5", /not inside/],
    ] as const) {
      await badRequest(
        add({ purpose: "vpc", subnet_id: subnetId, ipv4: { vpc: address } }),
        "ipv4.vpc",
        reason,
      );
    }
    await badRequest(
      add({ purpose: "vpc", subnet_id: subnetId, ipv4: { nat_1_1: "1.2.3.4" } }),
      "ipv4.nat_1_1",
    );
    await badRequest(add({ purpose: "vpc", subnet_id: subnetId, ip_ranges: ["10.1.0.0/28"] }), "ip_ranges");
    await badRequest(add({ purpose: "vpc", subnet_id: 999 }), "subnet_id", /not found/);
    const far = await subnet("10.5.0.0/24", "fr-par");
    await badRequest(add({ purpose: "vpc", subnet_id: far.subnetId }), "subnet_id", /region/);
    const mine = await add({
      purpose: "vpc",
      subnet_id: subnetId,
      ipv4: { vpc: "10.0.0.100" },
      ip_ranges: ["10.0.0.128/28"],
    });
    const other = await profile("host-2");
    await badRequest(
      other.add({ purpose: "vpc", subnet_id: subnetId, ipv4: { vpc: "10.0.0.100" } }),
      "ipv4.vpc",
      /already assigned/,
    );
    const moved = await t.client.api.updateInterface({
      ...onInterface(made.id, config.id, mine.id),
      body: { ipv4: { vpc: "10.0.0.50", nat_1_1: made.ipv4[0] }, ip_ranges: [] },
    });
    expect(moved).toMatchObject({ ipv4: { vpc: "10.0.0.50", nat_1_1: made.ipv4[0] }, ip_ranges: [] });
  });

  it("are active only while the instance runs with the config, and active ones cannot be deleted", async () => {
    const { subnetId } = await subnet();
    const made = await deployed(t, {
      interfaces: [{ purpose: "public" }, { purpose: "vpc", subnet_id: subnetId, ipv4: { nat_1_1: "any" } }],
    });
    const [config] = (await t.client.api.listConfigs(onInstance(made.id))).data;
    const [, vpcIface] = config!.interfaces;
    expect(vpcIface).toMatchObject({ active: true, ipv4: { nat_1_1: made.ipv4[0] } });
    const added = await t.client.api.addInterface({
      ...onConfig(made.id, config!.id),
      body: { purpose: "vlan", label: "late" },
    });
    expect(added.active).toBe(false);
    await badRequest(
      t.client.api.deleteInterface(onInterface(made.id, config!.id, vpcIface!.id)),
      undefined,
      /Active interfaces/,
    );
    await badRequest(
      t.client.api.orderInterfaces({
        ...onConfig(made.id, config!.id),
        body: { ids: config!.interfaces.map((i) => i.id).concat(added.id) },
      }),
      undefined,
      /running with this/,
    );
    await t.client.api.rebootInstance(onInstance(made.id));
    await settle(t);
    await expect(
      t.client.api.getInterface(onInterface(made.id, config!.id, added.id)),
    ).resolves.toMatchObject({ active: true });
    await t.client.api.shutdownInstance(onInstance(made.id));
    await settle(t);
    await expect(
      t.client.api.getInterface(onInterface(made.id, config!.id, vpcIface!.id)),
    ).resolves.toMatchObject({ active: false });
    await expect(
      t.client.api.deleteInterface(onInterface(made.id, config!.id, vpcIface!.id)),
    ).resolves.toEqual({});
  });

  it("show on the subnet and block subnet and VPC deletes until their interfaces are gone", async () => {
    const { vpc, subnetId } = await subnet();
    const { made, config, add } = await profile();
    const iface = await add({ purpose: "vpc", subnet_id: subnetId });
    const onSubnet = { params: { vpcId: vpc.id, vpcSubnetId: subnetId } };
    await expect(t.client.api.getSubnet(onSubnet)).resolves.toMatchObject({ computes: [made.id] });
    await badRequest(t.client.api.deleteSubnet(onSubnet), undefined, /delete their interfaces first/);
    await apiError(t.client.api.deleteVpc({ params: { vpcId: vpc.id } }), 400);
    await expect(t.client.api.getSubnet(onSubnet)).resolves.toMatchObject({ id: subnetId });
    await t.client.api.deleteInterface(onInterface(made.id, config.id, iface.id));
    await expect(t.client.api.getSubnet(onSubnet)).resolves.toMatchObject({ computes: [] });
    await expect(t.client.api.deleteVpc({ params: { vpcId: vpc.id } })).resolves.toEqual({});
  });

  it("list as VPC IP records, for the account and per VPC", async () => {
    const { vpc, subnetId } = await subnet("10.0.0.0/25");
    const other = await subnet("10.8.0.0/24");
    const { made, config, add } = await profile();
    const iface = await add({
      purpose: "vpc",
      subnet_id: subnetId,
      ipv4: { nat_1_1: "any" },
      ip_ranges: ["10.0.0.64/28"],
    });
    await add({ purpose: "vpc", subnet_id: other.subnetId });
    const all = await t.client.api.listAllVpcIps();
    expect(all.results).toBe(3);
    const mine = await t.client.api.listVpcIps({ params: { vpcId: vpc.id } });
    expect(mine.data).toEqual([
      {
        active: false,
        address: "10.0.0.2",
        address_range: null,
        config_id: config.id,
        gateway: "10.0.0.1",
        interface_id: iface.id,
        compute_id: made.id,
        nat_1_1: made.ipv4[0],
        prefix: 25,
        region: "us-iad",
        subnet_id: subnetId,
        subnet_mask: "255.255.255.128",
        vpc_id: vpc.id,
      },
      expect.objectContaining({ address: null, address_range: "10.0.0.64/28", interface_id: iface.id }),
    ]);
    // The real API answers the account's list at /vpcs/ips too (beyond the spec): the same records.
    await expect(t.client.api.listAllVpcIpsRealPath()).resolves.toEqual(all);
  });
});
