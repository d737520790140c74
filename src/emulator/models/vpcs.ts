/** What VPCs see of instances: the instances on a subnet and the VPC IP records of their interfaces. */
import { cidr, formatIpv4, size, type SubnetCompute, type VpcIp } from "../../contract";
import { canRead } from "../auth";
import type { Store } from "../store";
import type { InterfaceRow, UserRow } from "../state";
import { isActive } from "./interfaces";

/** IDs of the instances with an interface on the subnet (through any of their configs). */
export function computesOnSubnet(store: Store, subnetId: number): number[] {
  const ids = store
    .table("interfaces")
    .filter((i) => i.subnet_id === subnetId)
    .map((i) => i.compute_id);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The instances on the subnet with their interfaces there, as the real API answers `computes`. */
export function subnetComputes(store: Store, subnetId: number): SubnetCompute[] {
  const ifaces = store.table("interfaces").filter((i) => i.subnet_id === subnetId);
  return computesOnSubnet(store, subnetId).map((id) => ({
    id,
    interfaces: ifaces
      .filter((i) => i.compute_id === id)
      .map((i) => ({ id: i.id, active: isActive(store, i) })),
  }));
}

function mask(prefix: number): string {
  return formatIpv4(2 ** 32 - size(prefix));
}

function recordsOf(store: Store, iface: InterfaceRow): VpcIp[] {
  const subnet = store.table("subnets").get(iface.subnet_id!);
  const instance = store.table("instances").get(iface.compute_id);
  if (!subnet || !instance) return [];
  const range = cidr(subnet.ipv4);
  const common = {
    active: isActive(store, iface),
    config_id: iface.config_id,
    interface_id: iface.id,
    compute_id: iface.compute_id,
    region: instance.region,
    subnet_id: subnet.id,
    subnet_mask: mask(range.prefix),
    vpc_id: subnet.vpc_id,
  };
  const address: VpcIp = {
    ...common,
    address: iface.ipv4?.vpc ?? null,
    address_range: null,
    gateway: formatIpv4(range.base + 1),
    nat_1_1: iface.ipv4?.nat_1_1 ?? null,
    prefix: range.prefix,
  };
  const ranges = (iface.ip_ranges ?? []).map((r): VpcIp => ({
    ...common,
    address: null,
    address_range: r,
    gateway: null,
    nat_1_1: null,
    prefix: null,
  }));
  return [address, ...ranges];
}

/** VPC IP records of the interfaces the user may see, optionally of one VPC only. */
export function vpcIps(store: Store, user: UserRow, vpcId?: number): VpcIp[] {
  return store
    .table("interfaces")
    .filter(
      (i) =>
        i.purpose === "vpc" &&
        (vpcId === undefined || i.vpc_id === vpcId) &&
        canRead(user, "compute", i.compute_id),
    )
    .flatMap((i) => recordsOf(store, i));
}
