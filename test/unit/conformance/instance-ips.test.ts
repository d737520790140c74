/**
 * Allocating an address to an existing instance (POST .../ips, beyond the spec's tables, as the real
 * API answers it): the private IPv4 at once, at most one; more public ones refused; body validation;
 * auth; the `compute_addip` notification.
 */
import { deployed, empty, status } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const id = (computeId: number) => ({ params: { computeId } });
const allocate = (computeId: number, body: Record<string, unknown>, client = t.client) =>
  client.api.allocateInstanceIp({ ...id(computeId), body: body as never });
const PRIVATE = { type: "ipv4", public: false };

describe("the private IPv4", () => {
  it("is allocated at once, answered as GET .../ips shows it, and listed after the public address", async () => {
    const made = await deployed(t);
    const [publicIpv4] = made.ipv4;
    const address = await allocate(made.id, PRIVATE);
    expect(address).toEqual({
      address: expect.stringMatching(/^192\.168\.(1[2-9][0-9]|2[0-5][0-9])\.\d+$/),
      gateway: null,
      subnet_mask: "255.255.128.0",
      prefix: 17,
      type: "ipv4",
      public: false,
      rdns: null,
      compute_id: made.id,
      region: "us-iad",
    });
    const after = await t.client.api.getInstance(id(made.id));
    expect(after.ipv4).toEqual([publicIpv4, address.address]);
    expect(after.status).toBe("running");
    expect((await t.client.api.getInstanceIps(id(made.id))).ipv4.private).toEqual([address]);
  });

  it("comes from the same pool as a create's: never an address another instance holds", async () => {
    const first = await deployed(t, { private_ip: true });
    const second = await empty(t);
    const { address } = await allocate(second.id, PRIVATE);
    expect(address).not.toBe(first.ipv4[1]);
    expect(await status(t, second.id)).toBe("offline");
  });

  it("is at most one: a second, or one on an instance created with private_ip, is a 400 naming public", async () => {
    const made = await empty(t);
    await allocate(made.id, PRIVATE);
    await badRequest(allocate(made.id, PRIVATE), "public", /already has a private IPv4 address/);
    const withPrivate = await deployed(t, { private_ip: true });
    await badRequest(allocate(withPrivate.id, PRIVATE), "public", /already has a private IPv4 address/);
    expect((await t.client.api.getInstance(id(made.id))).ipv4).toHaveLength(2);
  });

  it("emits a compute_addip notification on the instance", async () => {
    const made = await empty(t, { label: "addip" });
    await allocate(made.id, PRIVATE);
    const events = await t.control.events({ action: "compute_addip" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      status: "notification",
      entity: { id: made.id, type: "compute", label: "addip" },
    });
  });
});

describe("requests", () => {
  it("refuses another public IPv4 (a technical justification is needed) and changes nothing", async () => {
    const made = await empty(t);
    const err = await apiError(allocate(made.id, { type: "ipv4", public: true }), 400);
    expect(err.errors[0]!.reason).toMatch(/Additional public IPv4 addresses need a technical justification/);
    expect((await t.client.api.getInstance(id(made.id))).ipv4).toEqual(made.ipv4);
  });

  it.each([
    [{ public: false }, "type", /type is required/],
    [{ type: "ipv6", public: false }, "type", /type must be ipv4/],
    [{ type: "ipv4" }, "public", /public is required/],
    [{ type: "ipv4", public: "no" }, "public", /public must be true or false/],
  ])("validates the body %j", async (body, field, reason) => {
    const made = await empty(t);
    await badRequest(allocate(made.id, body), field, reason);
  });

  it("needs computes:read_write and read_write on the instance", async () => {
    const made = await empty(t, { label: "guarded" });
    const reader = await t.control.seedUser({ username: "reader", scopes: "computes:read_only" });
    await apiError(allocate(made.id, PRIVATE, t.clientFor(reader.token)), 401);
    const readOnly = await t.control.seedUser({
      username: "r1",
      restricted: true,
      grants: { compute: [{ id: made.id, permissions: "read_only", label: "guarded" }] } as never,
    });
    await apiError(allocate(made.id, PRIVATE, t.clientFor(readOnly.token)), 403);
    const stranger = await t.control.seedUser({ username: "r2", restricted: true });
    await apiError(allocate(made.id, PRIVATE, t.clientFor(stranger.token)), 404);
    await apiError(allocate(made.id + 1000, PRIVATE), 404);
    expect((await t.client.api.getInstance(id(made.id))).ipv4).toEqual(made.ipv4);
  });
});

describe("addresses (GET .../ips, beyond the spec, in the real API's shape)", () => {
  it("lists the public and private IPv4 and the SLAAC and link-local IPv6 of the instance", async () => {
    const made = await deployed(t, { private_ip: true });
    const [publicIpv4, privateIpv4] = made.ipv4;
    const slaac = made.ipv6!.replace(/\/128$/, "");
    const ips = await t.client.api.getInstanceIps(id(made.id));
    const common = { compute_id: made.id, region: "us-iad" };
    expect(ips).toEqual({
      ipv4: {
        public: [
          {
            ...common,
            address: publicIpv4,
            gateway: publicIpv4!.replace(/\.\d+$/, ".1"),
            subnet_mask: "255.255.255.0",
            prefix: 24,
            type: "ipv4",
            public: true,
            rdns: `${publicIpv4!.replace(/\./g, "-")}.ip.computeusercontent.com`,
          },
        ],
        private: [
          {
            ...common,
            address: privateIpv4,
            gateway: null,
            subnet_mask: "255.255.128.0",
            prefix: 17,
            type: "ipv4",
            public: false,
            rdns: null,
          },
        ],
        shared: [],
        reserved: [],
      },
      ipv6: {
        slaac: {
          ...common,
          address: slaac,
          gateway: "fe80::1",
          subnet_mask: "ffff:ffff:ffff:ffff::",
          prefix: 64,
          type: "ipv6",
          public: true,
          rdns: null,
        },
        link_local: expect.objectContaining({
          address: `fe80::${slaac.split("::")[1]}`,
          public: false,
          prefix: 64,
        }),
        global: [],
      },
    });
  });

  it("has the public address without any interface object, and no private one unless asked", async () => {
    const made = await deployed(t);
    const [config] = (await t.client.api.listConfigs(id(made.id))).data;
    expect(config!.interfaces).toEqual([]);
    const ips = await t.client.api.getInstanceIps(id(made.id));
    expect(ips.ipv4.public.map((a) => a.address)).toEqual(made.ipv4);
    expect(ips.ipv4.private).toEqual([]);
  });

  it("needs computes:read_only and a grant on the instance", async () => {
    const made = await empty(t);
    const other = await t.control.seedUser({ username: "vpc-only", scopes: "vpc:read_write" });
    await apiError(t.clientFor(other.token).api.getInstanceIps(id(made.id)), 401);
    const restricted = await t.control.seedUser({ username: "r9", restricted: true });
    await apiError(t.clientFor(restricted.token).api.getInstanceIps(id(made.id)), 404);
    await apiError(t.client.api.getInstanceIps(id(made.id + 1000)), 404);
  });
});
