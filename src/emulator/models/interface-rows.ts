/**
 * Configuration profile interfaces against the state: subnet and VPC lookup, VPC address assignment
 * (inside the subnet, not its first two or last two addresses, not taken by another instance), 1:1
 * NAT (`any` = the instance's public IPv4), ip_ranges inside the subnet; `active` and the record. What the interface endpoints do:
 * `interfaces.ts`.
 */
import {
  VLAN_CAPABILITY,
  cidr,
  contains,
  formatIpv4,
  parseIpv4,
  size,
  within,
  type ConfigInterface,
  type InterfaceRequest,
} from "../../contract";
import { notFound } from "./errors";
import { ApiError } from "../api-error";
import { canRead } from "../auth";
import type { JobWorld } from "../jobs";
import type { Store } from "../store";
import type { ConfigRow, InstanceRow, InterfaceRow, SubnetRow, UserRow } from "../state";
import { findRegion } from "../seed/regions";

const refusals = {
  noVlans: (region: string, field: string) =>
    ApiError.badRequest(`VLANs are not available in region ${region}`, field),
  otherRegion: (subnetId: number, vpcRegion: string, region: string, field: string) =>
    ApiError.badRequest(`Subnet ${subnetId} is in region ${vpcRegion}; the instance is in ${region}`, field),
  outside: (address: string, subnet: SubnetRow, field: string) =>
    ApiError.badRequest(`${address} is not inside subnet ${subnet.ipv4}`, field),
  reserved: (address: string, field: string) =>
    ApiError.badRequest(
      `${address} is reserved: the first two and last two addresses of a subnet cannot be assigned`,
      field,
    ),
  taken: (address: string, field: string) =>
    ApiError.badRequest(`${address} is already assigned in the subnet`, field),
  full: (subnet: SubnetRow, field: string) =>
    ApiError.badRequest(`Subnet ${subnet.ipv4} has no free address`, field),
  natOnCreate: (field: string) =>
    ApiError.badRequest("Only any can be given as 1:1 NAT on instance create", field),
  natNotOwn: (address: string, field: string) =>
    ApiError.badRequest(`${address} is not a public IPv4 address of this instance`, field),
};

export function interfacesOf(store: Store, config: ConfigRow): InterfaceRow[] {
  return config.interface_ids
    .map((id) => store.table("interfaces").get(id))
    .filter((i): i is InterfaceRow => i !== undefined);
}

/** Active: the instance runs with the interface's config, and the interface was there when it booted. */
export function isActive(store: Store, iface: InterfaceRow): boolean {
  const instance = store.table("instances").get(iface.compute_id);
  return (
    instance !== undefined &&
    instance.status === "running" &&
    instance.booted_config_id === iface.config_id &&
    instance.active_interface_ids.includes(iface.id)
  );
}

export function toInterface(store: Store, row: InterfaceRow): ConfigInterface {
  const { compute_id: _c, config_id: _f, ...record } = row;
  return { ...record, active: isActive(store, row), ipv6: null };
}

export interface InterfaceTarget {
  user: UserRow;
  instance: InstanceRow;
  configId: number;
  /** On instance create a specific 1:1 NAT address cannot be named yet (only `any`). */
  onCreate?: boolean;
  /** Interfaces this change replaces: their addresses are free again. */
  replacing?: number[];
}

/** Builds (does not store) the interface row for a request; `field` prefixes the 400s (`interfaces[1].`). */
export function buildInterface(
  world: JobWorld,
  target: InterfaceTarget,
  req: InterfaceRequest,
  field: string,
  pending: InterfaceRow[] = [],
): InterfaceRow {
  const { instance } = target;
  const base = {
    id: world.store.nextId("interface"),
    compute_id: instance.id,
    config_id: target.configId,
    purpose: req.purpose,
    primary: req.primary ?? false,
    label: null,
    ipam_address: null,
    ipv4: null,
    subnet_id: null,
    vpc_id: null,
    ip_ranges: null,
  };
  if (req.purpose === "public") return base;
  if (req.purpose === "vlan") {
    if (!findRegion(instance.region)?.capabilities.includes(VLAN_CAPABILITY)) {
      throw refusals.noVlans(instance.region, `${field}purpose`);
    }
    return { ...base, label: req.label ?? null, ipam_address: req.ipam_address || null };
  }
  const subnet = subnetFor(world, target.user, instance, req.subnet_id!, `${field}subnet_id`);
  const address = vpcAddress(
    world.store,
    subnet,
    req.ipv4?.vpc || undefined,
    target,
    pending,
    `${field}ipv4.vpc`,
  );
  return {
    ...base,
    subnet_id: subnet.id,
    vpc_id: subnet.vpc_id,
    ipv4: { vpc: address, nat_1_1: natAddress(target, req.ipv4?.nat_1_1, `${field}ipv4.nat_1_1`) },
    ip_ranges: checkRanges(subnet, req.ip_ranges ?? [], `${field}ip_ranges`),
  };
}

function subnetFor(
  world: JobWorld,
  user: UserRow,
  instance: InstanceRow,
  id: number,
  field: string,
): SubnetRow {
  const subnet = world.store.table("subnets").get(id);
  const vpc = subnet && world.store.table("vpcs").get(subnet.vpc_id);
  if (!subnet || !vpc || !canRead(user, "vpc", vpc.id)) throw notFound("Subnet", id, field);
  if (vpc.region !== instance.region) {
    throw refusals.otherRegion(id, vpc.region, instance.region, field);
  }
  return subnet;
}

/** Addresses of the subnet held by interfaces of other instances (and by interfaces of this request). */
function takenAddresses(store: Store, subnet: SubnetRow, target: InterfaceTarget, pending: InterfaceRow[]) {
  const replacing = new Set(target.replacing ?? []);
  const held = store
    .table("interfaces")
    .filter((i) => i.subnet_id === subnet.id && i.compute_id !== target.instance.id && !replacing.has(i.id));
  return new Set([...held, ...pending.filter((i) => i.subnet_id === subnet.id)].map((i) => i.ipv4?.vpc));
}

export function vpcAddress(
  store: Store,
  subnet: SubnetRow,
  requested: string | undefined,
  target: InterfaceTarget,
  pending: InterfaceRow[],
  field: string,
): string {
  const range = cidr(subnet.ipv4);
  const first = range.base + 2;
  const last = range.base + size(range.prefix) - 3;
  const taken = takenAddresses(store, subnet, target, pending);
  if (requested !== undefined) {
    const value = parseIpv4(requested)!;
    if (!contains(range, value)) throw refusals.outside(requested, subnet, field);
    if (value < first || value > last) {
      throw refusals.reserved(requested, field);
    }
    if (taken.has(requested)) throw refusals.taken(requested, field);
    return requested;
  }
  for (let value = first; value <= last; value++) {
    if (!taken.has(formatIpv4(value))) return formatIpv4(value);
  }
  throw refusals.full(subnet, field);
}

/** `any` = the instance's public IPv4; a named address must be that one (and cannot be named on create). */
export function natAddress(
  target: InterfaceTarget,
  value: string | null | undefined,
  field: string,
): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (value === "any") return target.instance.public_ipv4;
  if (target.onCreate) throw refusals.natOnCreate(field);
  if (value !== target.instance.public_ipv4) {
    throw refusals.natNotOwn(value, field);
  }
  return value;
}

export function checkRanges(subnet: SubnetRow, ranges: string[], field: string): string[] {
  for (const r of ranges) {
    if (!within(cidr(r), cidr(subnet.ipv4))) throw refusals.outside(r, subnet, field);
  }
  return ranges;
}

/**
 * Builds a whole interface list (config create/update, instance create). None (omitted, null or `[]`)
 * stays none: the instance still gets public networking, as the spec says, but no interface object
 * appears (the real API answers `interfaces: []`).
 */
export function buildInterfaceList(
  world: JobWorld,
  target: InterfaceTarget,
  requests: InterfaceRequest[] | null | undefined,
  field = "interfaces",
): InterfaceRow[] {
  const built: InterfaceRow[] = [];
  (requests ?? []).forEach((req, i) =>
    built.push(buildInterface(world, target, req, `${field}[${i}].`, built)),
  );
  return built;
}

/** Stores a built list on a config (replacing its interfaces). */
export function storeInterfaces(store: Store, config: ConfigRow, rows: InterfaceRow[]): ConfigRow {
  for (const id of config.interface_ids) store.table("interfaces").delete(id);
  for (const row of rows) store.table("interfaces").put(row);
  return store.table("configs").put({ ...config, interface_ids: rows.map((r) => r.id) });
}
