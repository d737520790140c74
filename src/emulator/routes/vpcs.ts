/** VPCs and subnets (the rules: `models/vpcs.ts`). */
import { vpcEndpoints as e } from "../../contract";
import { canRead } from "../auth";
import {
  createSubnet,
  createVpc,
  deleteSubnet,
  deleteVpc,
  readableVpc,
  subnetOf,
  subnetsOf,
  toSubnet,
  toVpc,
  updateSubnet,
  updateVpc,
  vpcIps,
} from "../models/vpcs";
import { paginate } from "../paginate";
import type { Router } from "../router";

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
    .on(e.createVpc, (ctx) => createVpc(ctx, ctx.user, ctx.body))
    .on(e.getVpc, (ctx) => toVpc(ctx, readableVpc(ctx, ctx.user, ctx.params.vpcId)))
    .on(e.updateVpc, (ctx) => updateVpc(ctx, ctx.user, ctx.params.vpcId, ctx.body))
    .on(e.deleteVpc, (ctx) => deleteVpc(ctx, ctx.user, ctx.params.vpcId))
    .on(e.listAllVpcIps, ({ store, user, query }) => paginate(vpcIps(store, user), query))
    .on(e.listAllVpcIpsRealPath, ({ store, user, query }) => paginate(vpcIps(store, user), query))
    .on(e.listVpcIps, (ctx) =>
      paginate(vpcIps(ctx.store, ctx.user, readableVpc(ctx, ctx.user, ctx.params.vpcId).id), ctx.query),
    )
    .on(e.listSubnets, (ctx) =>
      paginate(
        subnetsOf(ctx.store, readableVpc(ctx, ctx.user, ctx.params.vpcId).id).map((s) => toSubnet(ctx, s)),
        ctx.query,
      ),
    )
    .on(e.createSubnet, (ctx) => createSubnet(ctx, ctx.user, ctx.params.vpcId, ctx.body))
    .on(e.getSubnet, (ctx) =>
      toSubnet(ctx, subnetOf(ctx, readableVpc(ctx, ctx.user, ctx.params.vpcId), ctx.params.vpcSubnetId)),
    )
    .on(e.updateSubnet, (ctx) => updateSubnet(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteSubnet, (ctx) => deleteSubnet(ctx, ctx.user, ctx.params));
}
