/** VPCs, subnets and VPC IPs against the running emulator, through our client: one test per rule. */
import { collect } from "../../../src/client";
import { subnetComputeIds, vpcEndpoints } from "../../../src/contract";
import { apiError, badRequest, useEmulator, type EmulatorFixture } from "../../support/emulator";

const t = useEmulator();
const vpc = (label = "vpc-1", region = "us-iad", subnets?: { label: string; ipv4: string }[]) =>
  t.client.api.createVpc({ body: { label, region, ...(subnets ? { subnets } : {}) } });

describe("auth", () => {
  it("answers 401 Invalid Token without a token, and with an unknown one", async () => {
    for (const client of [t.anonymous, t.clientFor("nope")]) {
      const err = await apiError(client.api.listVpcs(), 401);
      expect(err.errors).toEqual([{ reason: "Invalid Token" }]);
    }
  });

  it("needs vpc:read_write to create; a read-only token may still list (no scope stated)", async () => {
    const { token } = await t.control.seedUser({ username: "reader", scopes: "vpc:read_only" });
    const reader = t.clientFor(token);
    await expect(reader.api.listVpcs()).resolves.toMatchObject({ results: 0 });
    const err = await apiError(reader.api.createVpc({ body: { label: "x", region: "us-iad" } }), 401);
    expect(err.errors[0]!.reason).toMatch(/not authorized to use this endpoint/);
  });

  it("needs ips:read_only for the VPC IP lists", async () => {
    const { token } = await t.control.seedUser({ username: "vpc-only", scopes: "vpc:read_write" });
    await apiError(t.clientFor(token).api.listAllVpcIps(), 401);
    await apiError(t.clientFor(token).api.listAllVpcIpsRealPath(), 401);
    await expect(t.client.api.listAllVpcIps()).resolves.toEqual({ data: [], page: 1, pages: 1, results: 0 });
    await expect(t.client.api.listAllVpcIpsRealPath()).resolves.toEqual({
      data: [],
      page: 1,
      pages: 1,
      results: 0,
    });
  });

  it("rejects an expired token", async () => {
    const { token } = await t.control.seedUser({ username: "old", expiry: "2000-01-01T00:00:00" });
    await apiError(t.clientFor(token).api.listVpcs(), 401);
  });
});

describe("grants of restricted users", () => {
  it("needs add_vpcs to create, then grants read_write on the new VPC only", async () => {
    const denied = await t.control.seedUser({ username: "r1", restricted: true });
    await apiError(t.clientFor(denied.token).api.createVpc({ body: { label: "a", region: "us-iad" } }), 403);

    await vpc("owners");
    const allowed = await t.control.seedUser({
      username: "r2",
      restricted: true,
      grants: { global: { add_vpcs: true } },
    });
    const client = t.clientFor(allowed.token);
    const mine = await client.api.createVpc({ body: { label: "mine", region: "us-iad" } });
    const listed = await collect(client.each(vpcEndpoints.listVpcs));
    expect(listed.map((v) => v.label)).toEqual(["mine"]);
    await expect(
      client.api.updateVpc({ params: { vpcId: mine.id }, body: { label: "mine-2" } }),
    ).resolves.toMatchObject({ label: "mine-2" });
  });

  it("answers 403 to a write with a read_only grant and 404 with no grant", async () => {
    const a = await vpc("a");
    const b = await vpc("b");
    const { token } = await t.control.seedUser({
      username: "r3",
      restricted: true,
      grants: { vpc: [{ id: a.id, permissions: "read_only", label: "a" }] } as never,
    });
    const client = t.clientFor(token);
    await expect(client.api.getVpc({ params: { vpcId: a.id } })).resolves.toMatchObject({ label: "a" });
    await apiError(client.api.updateVpc({ params: { vpcId: a.id }, body: { label: "z" } }), 403);
    await apiError(client.api.getVpc({ params: { vpcId: b.id } }), 404);
  });
});

describe("limits and required fields", () => {
  it.each([
    ["label", { region: "us-iad" }, /label is required/],
    ["region", { label: "x" }, /region is required/],
    ["label", { label: "", region: "us-iad" }, /1\.\.64/],
    ["label", { label: "a".repeat(65), region: "us-iad" }, /1\.\.64/],
    ["label", { label: "has space", region: "us-iad" }, /ASCII letters, numbers, and dashes/],
    ["description", { label: "x", region: "us-iad", description: "d".repeat(256) }, /at most 255/],
  ])("POST /vpcs rejects %s: %j", async (field, body, reason) => {
    await badRequest(t.client.api.createVpc({ body: body as never }), field, reason);
  });

  it("accepts the limits themselves", async () => {
    const created = await vpc("a".repeat(64));
    await expect(
      t.client.api.updateVpc({ params: { vpcId: created.id }, body: { description: "d".repeat(255) } }),
    ).resolves.toMatchObject({ description: "d".repeat(255) });
  });

  it("names nested fields of inline subnets", async () => {
    await badRequest(
      vpc("x", "us-iad", [
        { label: "ok", ipv4: "10.0.0.0/24" },
        { label: "", ipv4: "10.1.0.0/24" },
      ]),
      "subnets[1].label",
    );
  });
});

describe("regions", () => {
  it("rejects an unknown region and one without the VPCs capability", async () => {
    await badRequest(vpc("x", "mars-1"), "region", /does not exist/);
    await badRequest(vpc("x", "us-east"), "region", /not available/);
  });
});

describe("labels", () => {
  it("are unique among the account's VPCs", async () => {
    await vpc("same");
    await badRequest(vpc("same"), "label", /unique/);
  });
});

describe("subnet ranges", () => {
  it.each([
    ["10.0.0.1/24", /canonical CIDR form: 10\.0\.0\.0\/24/],
    ["10.0.0.0", /CIDR notation/],
    ["8.8.8.0/24", /private range/],
    ["10.0.0.0/30", /prefix length must be 1\.\.29/],
    ["192.168.200.0/24", /reserved range/],
    ["010.0.0.0/24", /CIDR notation/],
  ])("rejects %s", async (ipv4, reason) => {
    const { id } = await vpc();
    await badRequest(
      t.client.api.createSubnet({ params: { vpcId: id }, body: { label: "s", ipv4 } }),
      "ipv4",
      reason,
    );
  });

  it("may not overlap inside one VPC, but may across VPCs", async () => {
    const a = await vpc("a", "us-iad", [{ label: "s1", ipv4: "10.0.0.0/16" }]);
    await badRequest(
      t.client.api.createSubnet({ params: { vpcId: a.id }, body: { label: "s2", ipv4: "10.0.5.0/24" } }),
      "ipv4",
      /overlaps subnet s1/,
    );
    const b = await vpc("b");
    await expect(
      t.client.api.createSubnet({ params: { vpcId: b.id }, body: { label: "s1", ipv4: "10.0.5.0/24" } }),
    ).resolves.toMatchObject({ ipv4: "10.0.5.0/24", computes: [] });
  });

  it("rejects overlapping subnets inside one create request", async () => {
    await badRequest(
      vpc("x", "us-iad", [
        { label: "a", ipv4: "10.0.0.0/24" },
        { label: "b", ipv4: "10.0.0.0/25" },
      ]),
      "subnets[1].ipv4",
    );
    const { results } = await t.client.api.listVpcs();
    expect(results).toBe(0);
  });
});

describe("not found", () => {
  it("answers 404 with the exact body for missing VPCs, subnets and non-integer IDs", async () => {
    const err = await apiError(t.client.api.getVpc({ params: { vpcId: 999 } }), 404);
    expect(err.errors).toEqual([{ reason: "Not found" }]);
    const { id } = await vpc();
    await apiError(t.client.api.getSubnet({ params: { vpcId: id, vpcSubnetId: 1 } }), 404);
    await apiError(t.client.api.getVpc({ params: { vpcId: "abc" as never } }), 404);
  });

  it("does not find a subnet through another VPC", async () => {
    const a = await vpc("a", "us-iad", [{ label: "s", ipv4: "10.0.0.0/24" }]);
    const b = await vpc("b");
    await apiError(t.client.api.getSubnet({ params: { vpcId: b.id, vpcSubnetId: a.subnets[0]!.id } }), 404);
  });
});

describe("pagination", () => {
  it("defaults to page 1 of 100 and walks pages of page_size", async () => {
    for (let i = 0; i < 30; i++) await vpc(`v${i}`);
    await expect(t.client.api.listVpcs()).resolves.toMatchObject({ page: 1, pages: 1, results: 30 });
    const second = await t.client.api.listVpcs({ query: { page: 2, page_size: 25 } });
    expect(second).toMatchObject({ page: 2, pages: 2, results: 30 });
    expect(second.data).toHaveLength(5);
    const all = await collect(t.client.each(vpcEndpoints.listVpcs, { query: { page_size: 25 } }));
    expect(all.map((v) => v.label)).toEqual(Array.from({ length: 30 }, (_, i) => `v${i}`));
  });

  it.each([
    ["page", { page: 0 }],
    ["page_size", { page_size: 24 }],
    ["page_size", { page_size: 501 }],
    ["page_size", { page_size: "ten" }],
  ])("rejects %s out of range: %j", async (field, query) => {
    await badRequest(t.client.api.listVpcs({ query: query as never }), field);
  });
});

describe("updates and deletes", () => {
  it("updates label and description, and subnet labels", async () => {
    const created = await vpc("a", "us-iad", [{ label: "s", ipv4: "10.0.0.0/24" }]);
    const updated = await t.client.api.updateVpc({
      params: { vpcId: created.id },
      body: { label: "b", description: "d" },
    });
    expect(updated).toMatchObject({ label: "b", description: "d", region: "us-iad" });
    const subnet = await t.client.api.updateSubnet({
      params: { vpcId: created.id, vpcSubnetId: created.subnets[0]!.id },
      body: { label: "s2" },
    });
    expect(subnet).toMatchObject({ label: "s2", ipv4: "10.0.0.0/24" });
  });

  it("deletes a VPC with its subnets and answers {}", async () => {
    const created = await vpc("a", "us-iad", [{ label: "s", ipv4: "10.0.0.0/24" }]);
    await expect(t.client.api.deleteVpc({ params: { vpcId: created.id } })).resolves.toEqual({});
    await apiError(t.client.api.getVpc({ params: { vpcId: created.id } }), 404);
    await apiError(
      t.client.api.getSubnet({ params: { vpcId: created.id, vpcSubnetId: created.subnets[0]!.id } }),
      404,
    );
  });
});

describe("events", () => {
  it("records the spec's events for create, update and delete", async () => {
    const created = await vpc("a", "us-iad", [
      { label: "s1", ipv4: "10.0.0.0/24" },
      { label: "s2", ipv4: "10.0.1.0/24" },
    ]);
    await t.client.api.updateVpc({ params: { vpcId: created.id }, body: { label: "b" } });
    const sub = await t.client.api.createSubnet({
      params: { vpcId: created.id },
      body: { label: "s3", ipv4: "10.0.2.0/24" },
    });
    await t.client.api.updateSubnet({
      params: { vpcId: created.id, vpcSubnetId: sub.id },
      body: { label: "s4" },
    });
    await t.client.api.deleteSubnet({ params: { vpcId: created.id, vpcSubnetId: sub.id } });
    await t.client.api.deleteVpc({ params: { vpcId: created.id } });
    const actions = (await t.control.events()).map((e) => e.action);
    expect(actions).toEqual([
      "vpc_create",
      "subnet_create",
      "subnet_create",
      "vpc_update",
      "subnet_create",
      "subnet_update",
      "subnet_delete",
      "subnet_delete",
      "subnet_delete",
      "vpc_delete",
    ]);
    const [createEvent] = await t.control.events({ action: "vpc_create" });
    expect(createEvent).toMatchObject({
      entity: { type: "vpc", id: created.id, url: `/v4/vpcs/${created.id}` },
      username: "owner",
    });
  });

  it("records nothing for a refused request", async () => {
    await vpc("same");
    await t.control.clearRequests();
    await badRequest(vpc("same"), "label");
    expect((await t.control.events()).map((e) => e.action)).toEqual(["vpc_create"]);
  });
});

describe("subnet computes: the spec's instance IDs by default, the real API's objects with realShapes", () => {
  const real = useEmulator({ realShapes: true });

  /** A VPC with one subnet, and an offline instance with a config whose vpc interface uses it. */
  async function onSubnet(f: EmulatorFixture) {
    const net = await f.client.api.createVpc({
      body: { label: "net", region: "us-iad", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
    });
    const subnetId = net.subnets[0]!.id;
    const made = await f.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
    const config = await f.client.api.createConfig({
      params: { computeId: made.id },
      body: { label: "p", devices: {}, interfaces: [{ purpose: "vpc", subnet_id: subnetId }] },
    });
    const reads = async () => [
      await f.client.api.getSubnet({ params: { vpcId: net.id, vpcSubnetId: subnetId } }),
      (await f.client.api.listSubnets({ params: { vpcId: net.id } })).data[0]!,
      (await f.client.api.getVpc({ params: { vpcId: net.id } })).subnets[0]!,
      (await f.client.api.listVpcs()).data[0]!.subnets[0]!,
    ];
    return { made, iface: config.interfaces[0]!, reads };
  }

  it("answers instance IDs by default, and ipv6: null (real-only) on every subnet", async () => {
    const { made, reads } = await onSubnet(t);
    for (const subnet of await reads()) {
      expect(subnet).toMatchObject({ computes: [made.id], ipv6: null });
      expect(subnetComputeIds(subnet)).toEqual([made.id]);
    }
  });

  it("answers {id, interfaces: [{id, active}]} with realShapes; the client reads the IDs of either", async () => {
    const { made, iface, reads } = await onSubnet(real);
    for (const subnet of await reads()) {
      expect(subnet.computes).toEqual([{ id: made.id, interfaces: [{ id: iface.id, active: false }] }]);
      expect(subnet.ipv6).toBeNull();
      expect(subnetComputeIds(subnet)).toEqual([made.id]);
    }
  });
});
