/**
 * VPCs and subnets: labels (unique among the VPCs, and among the subnets of one VPC), regions with the
 * VPC capability, subnet CIDR rules (no overlap inside a VPC), grants and events; a subnet an
 * instance's interface uses cannot be deleted. What VPCs see of instances: the instances on a subnet
 * and the VPC IP records of their interfaces.
 */
import {
  cidr,
  formatIpv4,
  overlapProblems,
  size,
  vpcEndpoints as e,
  vpcRegionProblems,
  type Subnet,
  type SubnetCompute,
  type Vpc,
  type VpcIp,
  type EventEntity,
} from "../../contract";
import { ApiError, refuse } from "../api-error";
import { canRead, grantCreator, requireGlobal, requireWrite, revokeEntity } from "../auth";
import { entityRef, recordChange } from "../events";
import type { Body, Params, World } from "../router";
import { findRegion } from "../seed/regions";
import type { Store } from "../store";
import type { InterfaceRow, SubnetRow, UserRow, VpcRow } from "../state";
import { isActive } from "./interface-rows";

const refusals = {
  vpcLabelTaken: () => ApiError.badRequest("Label must be unique among your VPCs", "label"),
  subnetLabelTaken: (field: string) =>
    ApiError.badRequest("Label must be unique among the subnets of this VPC", field),
  inUse: (blockers: string[]) =>
    new ApiError(
      400,
      blockers.map((reason) => ({ reason })),
    ),
};

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
function vpcIps(store: Store, user: UserRow, vpcId?: number): VpcIp[] {
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

/** Instances whose config interfaces use the subnet. */
function computesOn(store: Store, subnetId: number): number[] {
  return computesOnSubnet(store, subnetId);
}

/** `computes` is a list of instance IDs in the spec, of `{id, interfaces}` in the real API. */
function toSubnet({ store, realShapes }: World, row: SubnetRow): Subnet {
  const { vpc_id: _vpcId, ...record } = row;
  const computes = realShapes ? subnetComputes(store, row.id) : computesOn(store, row.id);
  return { ...record, computes, ipv6: null };
}

function subnetsOf(store: Store, vpcId: number): SubnetRow[] {
  return store.table("subnets").filter((s) => s.vpc_id === vpcId);
}

function toVpc(world: World, row: VpcRow): Vpc {
  return { ...row, subnets: subnetsOf(world.store, row.id).map((s) => toSubnet(world, s)) };
}

function readableVpc({ store }: World, user: UserRow, id: number): VpcRow {
  const row = store.table("vpcs").get(id);
  if (!row || !canRead(user, "vpc", id)) throw ApiError.notFound();
  return row;
}

function writableVpc(world: World, user: UserRow, id: number): VpcRow {
  const row = readableVpc(world, user, id);
  requireWrite(user, "vpc", id);
  return row;
}

function subnetOf({ store }: World, vpc: VpcRow, id: number): SubnetRow {
  const row = store.table("subnets").get(id);
  if (!row || row.vpc_id !== vpc.id) throw ApiError.notFound();
  return row;
}

/** Subnet ranges may not overlap inside one VPC; labels are unique inside one VPC. */
function checkSubnet(siblings: Pick<SubnetRow, "label" | "ipv4">[], label: string, ipv4: string, field = "") {
  refuse(overlapProblems(ipv4, siblings, `${field}ipv4`));
  if (siblings.some((s) => s.label === label)) {
    throw refusals.subnetLabelTaken(`${field}label`);
  }
}

/** Why a subnet cannot be deleted, or undefined when it can. */
function blockerOf(store: Store, subnet: SubnetRow): string | undefined {
  const users = computesOn(store, subnet.id);
  if (users.length === 0) return undefined;
  return `Subnet ${subnet.label} is assigned to instance(s) ${users.join(", ")}; delete their interfaces first`;
}

function subnetRef(vpc: VpcRow, s: SubnetRow): EventEntity {
  return entityRef("subnet", s.id, s.label, e.getSubnet, { vpcId: vpc.id, vpcSubnetId: s.id });
}

function vpcRef(vpc: VpcRow): EventEntity {
  return entityRef("vpc", vpc.id, vpc.label, e.getVpc, { vpcId: vpc.id });
}

/** The VPCs `user` may read. */
export function listVpcs(world: World, user: UserRow): Vpc[] {
  return world.store
    .table("vpcs")
    .filter((v) => canRead(user, "vpc", v.id))
    .map((v) => toVpc(world, v));
}

export function getVpc(world: World, user: UserRow, path: Params<typeof e.getVpc>): Vpc {
  return toVpc(world, readableVpc(world, user, path.vpcId));
}

/** The VPC IP records of every VPC (`/vpcs/ips`, and the real API's `/vpcs/ips` path as well). */
export function listAllVpcIps({ store }: World, user: UserRow): VpcIp[] {
  return vpcIps(store, user);
}

export function listVpcIps(world: World, user: UserRow, path: Params<typeof e.listVpcIps>): VpcIp[] {
  return vpcIps(world.store, user, readableVpc(world, user, path.vpcId).id);
}

export function listSubnets(world: World, user: UserRow, path: Params<typeof e.listSubnets>): Subnet[] {
  return subnetsOf(world.store, readableVpc(world, user, path.vpcId).id).map((s) => toSubnet(world, s));
}

export function getSubnet(world: World, user: UserRow, path: Params<typeof e.getSubnet>): Subnet {
  return toSubnet(world, subnetOf(world, readableVpc(world, user, path.vpcId), path.vpcSubnetId));
}

export function createVpc(
  world: World,
  user: UserRow,
  _params: Params<typeof e.createVpc>,
  body: Body<typeof e.createVpc>,
): Vpc {
  const { store, clock } = world;
  requireGlobal(user, "add_vpcs");
  refuse(vpcRegionProblems(body.region, findRegion(body.region)));
  if (store.table("vpcs").find((v) => v.label === body.label)) throw refusals.vpcLabelTaken();
  const requested = body.subnets ?? [];
  requested.forEach((s, i) => checkSubnet(requested.slice(0, i), s.label, s.ipv4, `subnets[${i}].`));

  const now = clock.timestamp();
  const vpc = store.table("vpcs").put({
    id: store.nextId("vpc"),
    label: body.label,
    description: body.description ?? "",
    region: body.region,
    created: now,
    updated: now,
  });
  grantCreator(store, user, "vpc", vpc.id, vpc.label);
  recordChange(world, user, "vpc_create", vpcRef(vpc));
  for (const s of requested) {
    const subnet = store
      .table("subnets")
      .put({ id: store.nextId("subnet"), vpc_id: vpc.id, ...s, created: now, updated: now });
    recordChange(world, user, "subnet_create", subnetRef(vpc, subnet), vpcRef(vpc));
  }
  return toVpc(world, vpc);
}

export function updateVpc(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateVpc>,
  body: Body<typeof e.updateVpc>,
): Vpc {
  const { store, clock } = world;
  const vpc = writableVpc(world, user, path.vpcId);
  if (
    body.label !== undefined &&
    store.table("vpcs").find((v) => v.label === body.label && v.id !== vpc.id)
  ) {
    throw refusals.vpcLabelTaken();
  }
  const updated = store.table("vpcs").put({ ...vpc, ...body, updated: clock.timestamp() });
  recordChange(world, user, "vpc_update", vpcRef(updated));
  return toVpc(world, updated);
}

/** A VPC goes with its subnets, unless an instance's interface uses one (every such subnet is named). */
export function deleteVpc(
  world: World,
  user: UserRow,
  path: Params<typeof e.deleteVpc>,
): Record<string, never> {
  const { store } = world;
  const vpc = writableVpc(world, user, path.vpcId);
  const subnets = subnetsOf(store, vpc.id);
  const blockers = subnets.map((s) => blockerOf(store, s)).filter((b): b is string => b !== undefined);
  if (blockers.length) throw refusals.inUse(blockers);
  for (const s of subnets) {
    store.table("subnets").delete(s.id);
    recordChange(world, user, "subnet_delete", subnetRef(vpc, s), vpcRef(vpc));
  }
  store.table("vpcs").delete(vpc.id);
  revokeEntity(store, "vpc", vpc.id);
  recordChange(world, user, "vpc_delete", vpcRef(vpc));
  return {};
}

export function createSubnet(
  world: World,
  user: UserRow,
  path: Params<typeof e.createSubnet>,
  body: Body<typeof e.createSubnet>,
): Subnet {
  const { store, clock } = world;
  const vpc = writableVpc(world, user, path.vpcId);
  checkSubnet(subnetsOf(store, vpc.id), body.label, body.ipv4);
  const now = clock.timestamp();
  const subnet = store
    .table("subnets")
    .put({ id: store.nextId("subnet"), vpc_id: vpc.id, ...body, created: now, updated: now });
  recordChange(world, user, "subnet_create", subnetRef(vpc, subnet), vpcRef(vpc));
  return toSubnet(world, subnet);
}

export function updateSubnet(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateSubnet>,
  body: Body<typeof e.updateSubnet>,
): Subnet {
  const { store, clock } = world;
  const vpc = writableVpc(world, user, path.vpcId);
  const subnet = subnetOf(world, vpc, path.vpcSubnetId);
  if (body.label !== undefined) {
    const others = subnetsOf(store, vpc.id).filter((s) => s.id !== subnet.id);
    if (others.some((s) => s.label === body.label)) throw refusals.subnetLabelTaken("label");
  }
  const updated = store.table("subnets").put({ ...subnet, ...body, updated: clock.timestamp() });
  recordChange(world, user, "subnet_update", subnetRef(vpc, updated), vpcRef(vpc));
  return toSubnet(world, updated);
}

export function deleteSubnet(
  world: World,
  user: UserRow,
  path: Params<typeof e.deleteSubnet>,
): Record<string, never> {
  const vpc = writableVpc(world, user, path.vpcId);
  const subnet = subnetOf(world, vpc, path.vpcSubnetId);
  const blocker = blockerOf(world.store, subnet);
  if (blocker) throw refusals.inUse([blocker]);
  world.store.table("subnets").delete(subnet.id);
  recordChange(world, user, "subnet_delete", subnetRef(vpc, subnet), vpcRef(vpc));
  return {};
}
