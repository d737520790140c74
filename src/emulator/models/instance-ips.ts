/**
 * An instance's addresses: one public IPv4, an optional private IPv4 and a SLAAC IPv6 each (with its
 * link-local twin; drawn from `address-pools.ts`), shown in the real API's shape: public IPv4 in a
 * /24 with reverse DNS, private IPv4 in 192.168.128.0/17 without a gateway, IPv6 in a /64 behind
 * fe80::1. Nothing is shared, reserved or routed (no IPv6 ranges) in the emulator.
 *
 * A private IPv4 may be added later, at once and without a reboot (`compute_addip`); a second one is
 * a 400 naming `public`. More public addresses are always a 400, as for most accounts of the real
 * API: they need a technical justification, which the emulator has no way to give.
 */
import { instanceEndpoints as e, type InstanceIp, type InstanceIps } from "../../contract";
import { ApiError } from "../api-error";
import type { JobWorld } from "../jobs";
import type { UserRow, InstanceRow } from "../state";
import type { Body, Params } from "../router";
import { allocatePrivateIpv4 } from "./address-pools";
import { readableInstance, writableInstance } from "./instances";
import { notify } from "./events";

const refusals = {
  publicNeedsJustification: () =>
    ApiError.badRequest("Additional public IPv4 addresses need a technical justification"),
  hasPrivate: () => ApiError.badRequest("Compute instance already has a private IPv4 address", "public"),
};

const IPV6_MASK = "ffff:ffff:ffff:ffff::";

/** An IPv4 address of the instance as the API shows it. */
function ipv4Of(instance: InstanceRow, address: string, isPublic: boolean): InstanceIp {
  return {
    compute_id: instance.id,
    region: instance.region,
    address,
    type: "ipv4",
    public: isPublic,
    gateway: isPublic ? address.replace(/\.\d+$/, ".1") : null,
    subnet_mask: isPublic ? "255.255.255.0" : "255.255.128.0",
    prefix: isPublic ? 24 : 17,
    rdns: isPublic ? `${address.replace(/\./g, "-")}.ip.computeusercontent.com` : null,
  };
}

export function getInstanceIps(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.getInstanceIps>,
): InstanceIps {
  const instance = readableInstance(world, user, params.computeId);
  const common = { compute_id: instance.id, region: instance.region };
  const v4 = (address: string, isPublic: boolean) => ipv4Of(instance, address, isPublic);
  const v6 = (address: string, isPublic: boolean): InstanceIp => ({
    ...common,
    address,
    type: "ipv6",
    public: isPublic,
    gateway: "fe80::1",
    subnet_mask: IPV6_MASK,
    prefix: 64,
    rdns: null,
  });
  const slaac = instance.ipv6?.replace(/\/\d+$/, "");
  return {
    ipv4: {
      public: [v4(instance.public_ipv4, true)],
      private: instance.private_ipv4 ? [v4(instance.private_ipv4, false)] : [],
      shared: [],
      reserved: [],
    },
    ipv6: {
      slaac: slaac ? v6(slaac, true) : null,
      // The link-local address carries the same interface identifier as the SLAAC one.
      link_local: slaac ? v6(`fe80::${slaac.split("::")[1]}`, false) : null,
      global: [],
    },
  };
}

/** Adds a private IPv4 address to the instance; answers it as `GET .../ips` shows it. */
export function allocateInstanceIp(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.allocateInstanceIp>,
  body: Body<typeof e.allocateInstanceIp>,
): InstanceIp {
  const instance = writableInstance(world, user, params.computeId);
  if (body.public) throw refusals.publicNeedsJustification();
  if (instance.private_ipv4) {
    throw refusals.hasPrivate();
  }
  const address = allocatePrivateIpv4(world.store);
  const updated = world.store.table("instances").put({
    ...instance,
    private_ipv4: address,
    ipv4: [...instance.ipv4, address],
    updated: world.clock.timestamp(),
  });
  notify(world, user, "compute_addip", updated);
  return ipv4Of(updated, address, false);
}
