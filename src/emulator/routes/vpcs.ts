/** VPCs and subnets: labels, regions with VPC capability, subnet CIDR rules, grants, events. */
import { overlapProblems, vpcEndpoints as e, vpcRegionProblems, type Subnet, type Vpc } from "../../contract";
import { ApiError, refuse } from "../api-error";
import { canRead, grantCreator, requireGlobal, requireWrite, revokeEntity } from "../auth";
import { entityRef, recordEvent } from "../events";
import { paginate } from "../paginate";
import type { Router, World } from "../router";
import type { Store } from "../store";
import type { SubnetRow, UserRow, VpcRow } from "../state";
import { findRegion } from "./regions";
import { computesOnSubnet, subnetComputes, vpcIps } from "./vpc-ips";

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
    throw ApiError.badRequest("Label must be unique among the subnets of this VPC", `${field}label`);
  }
}

/** Why a subnet cannot be deleted, or undefined when it can. */
function blockerOf(store: Store, subnet: SubnetRow): string | undefined {
  const users = computesOn(store, subnet.id);
  if (users.length === 0) return undefined;
  return `Subnet ${subnet.label} is assigned to instance(s) ${users.join(", ")}; delete their interfaces first`;
}

function subnetEvent(world: World, user: UserRow, action: string, vpc: VpcRow, s: SubnetRow) {
  recordEvent(world.store, world.clock, {
    action,
    entity: entityRef("subnet", s.id, s.label, `/vpcs/${vpc.id}/subnets/${s.id}`),
    secondary: entityRef("vpc", vpc.id, vpc.label, `/vpcs/${vpc.id}`),
    username: user.username,
  });
}

function vpcEvent(world: World, user: UserRow, action: string, vpc: VpcRow) {
  recordEvent(world.store, world.clock, {
    action,
    entity: entityRef("vpc", vpc.id, vpc.label, `/vpcs/${vpc.id}`),
    username: user.username,
  });
}

export function vpcRoutes(router: Router) {
  router
    .on(e.listVpcs, (ctx) =>
      paginate(
        ctx.store
          .table("vpcs")
          .filter((v) => canRead(ctx.user, "vpc", v.id))
          .map((v) => toVpc(ctx, v)),
        ctx.query,
      ),
    )
    .on(e.createVpc, (ctx) => {
      const { store, clock, user, body } = ctx;
      requireGlobal(user, "add_vpcs");
      refuse(vpcRegionProblems(body.region, findRegion(body.region)));
      if (store.table("vpcs").find((v) => v.label === body.label)) {
        throw ApiError.badRequest("Label must be unique among your VPCs", "label");
      }
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
      vpcEvent(ctx, user, "vpc_create", vpc);
      for (const s of requested) {
        const subnet = store
          .table("subnets")
          .put({ id: store.nextId("subnet"), vpc_id: vpc.id, ...s, created: now, updated: now });
        subnetEvent(ctx, user, "subnet_create", vpc, subnet);
      }
      return toVpc(ctx, vpc);
    })
    .on(e.getVpc, (ctx) => toVpc(ctx, readableVpc(ctx, ctx.user, ctx.params.vpcId)))
    .on(e.updateVpc, (ctx) => {
      const { store, clock, user, body } = ctx;
      const vpc = writableVpc(ctx, user, ctx.params.vpcId);
      if (
        body.label !== undefined &&
        store.table("vpcs").find((v) => v.label === body.label && v.id !== vpc.id)
      ) {
        throw ApiError.badRequest("Label must be unique among your VPCs", "label");
      }
      const updated = store.table("vpcs").put({ ...vpc, ...body, updated: clock.timestamp() });
      vpcEvent(ctx, user, "vpc_update", updated);
      return toVpc(ctx, updated);
    })
    .on(e.deleteVpc, (ctx) => {
      const { store, user } = ctx;
      const vpc = writableVpc(ctx, user, ctx.params.vpcId);
      const subnets = subnetsOf(store, vpc.id);
      const blockers = subnets.map((s) => blockerOf(store, s)).filter((b): b is string => b !== undefined);
      if (blockers.length)
        throw new ApiError(
          400,
          blockers.map((reason) => ({ reason })),
        );
      for (const s of subnets) {
        store.table("subnets").delete(s.id);
        subnetEvent(ctx, user, "subnet_delete", vpc, s);
      }
      store.table("vpcs").delete(vpc.id);
      revokeEntity(store, "vpc", vpc.id);
      vpcEvent(ctx, user, "vpc_delete", vpc);
      return {};
    })
    .on(e.listAllVpcIps, ({ store, user, query }) => paginate(vpcIps(store, user), query))
    .on(e.listAllVpcIpsRealPath, ({ store, user, query }) => paginate(vpcIps(store, user), query))
    .on(e.listVpcIps, (ctx) => {
      const vpc = readableVpc(ctx, ctx.user, ctx.params.vpcId);
      return paginate(vpcIps(ctx.store, ctx.user, vpc.id), ctx.query);
    })
    .on(e.listSubnets, (ctx) => {
      const vpc = readableVpc(ctx, ctx.user, ctx.params.vpcId);
      return paginate(
        subnetsOf(ctx.store, vpc.id).map((s) => toSubnet(ctx, s)),
        ctx.query,
      );
    })
    .on(e.createSubnet, (ctx) => {
      const { store, clock, user, body } = ctx;
      const vpc = writableVpc(ctx, user, ctx.params.vpcId);
      checkSubnet(subnetsOf(store, vpc.id), body.label, body.ipv4);
      const now = clock.timestamp();
      const subnet = store
        .table("subnets")
        .put({ id: store.nextId("subnet"), vpc_id: vpc.id, ...body, created: now, updated: now });
      subnetEvent(ctx, user, "subnet_create", vpc, subnet);
      return toSubnet(ctx, subnet);
    })
    .on(e.getSubnet, (ctx) => {
      const vpc = readableVpc(ctx, ctx.user, ctx.params.vpcId);
      return toSubnet(ctx, subnetOf(ctx, vpc, ctx.params.vpcSubnetId));
    })
    .on(e.updateSubnet, (ctx) => {
      const { store, clock, user, body } = ctx;
      const vpc = writableVpc(ctx, user, ctx.params.vpcId);
      const subnet = subnetOf(ctx, vpc, ctx.params.vpcSubnetId);
      if (body.label !== undefined) {
        const others = subnetsOf(store, vpc.id).filter((s) => s.id !== subnet.id);
        if (others.some((s) => s.label === body.label)) {
          throw ApiError.badRequest("Label must be unique among the subnets of this VPC", "label");
        }
      }
      const updated = store.table("subnets").put({ ...subnet, ...body, updated: clock.timestamp() });
      subnetEvent(ctx, user, "subnet_update", vpc, updated);
      return toSubnet(ctx, updated);
    })
    .on(e.deleteSubnet, (ctx) => {
      const { store, user } = ctx;
      const vpc = writableVpc(ctx, user, ctx.params.vpcId);
      const subnet = subnetOf(ctx, vpc, ctx.params.vpcSubnetId);
      const blocker = blockerOf(store, subnet);
      if (blocker) throw ApiError.badRequest(blocker);
      store.table("subnets").delete(subnet.id);
      subnetEvent(ctx, user, "subnet_delete", vpc, subnet);
      return {};
    });
}
