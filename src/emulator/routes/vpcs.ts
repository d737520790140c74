/** VPCs and subnets (the rules: `models/vpcs.ts`). */
import { vpcEndpoints as e } from "../../contract";
import {
  createSubnet,
  createVpc,
  deleteSubnet,
  deleteVpc,
  getSubnet,
  getVpc,
  listAllVpcIps,
  listSubnets,
  listVpcIps,
  listVpcs,
  updateSubnet,
  updateVpc,
} from "../models/vpcs";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function vpcRoutes(router: Router) {
  router
    .on(e.listVpcs, (ctx) => paginate(listVpcs(ctx, ctx.user), ctx.query))
    .on(e.createVpc, (ctx) => createVpc(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.getVpc, (ctx) => getVpc(ctx, ctx.user, ctx.params))
    .on(e.updateVpc, (ctx) => updateVpc(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteVpc, (ctx) => deleteVpc(ctx, ctx.user, ctx.params))
    .on(e.listAllVpcIps, (ctx) => paginate(listAllVpcIps(ctx, ctx.user), ctx.query))
    .on(e.listAllVpcIpsRealPath, (ctx) => paginate(listAllVpcIps(ctx, ctx.user), ctx.query))
    .on(e.listVpcIps, (ctx) => paginate(listVpcIps(ctx, ctx.user, ctx.params), ctx.query))
    .on(e.listSubnets, (ctx) => paginate(listSubnets(ctx, ctx.user, ctx.params), ctx.query))
    .on(e.createSubnet, (ctx) => createSubnet(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.getSubnet, (ctx) => getSubnet(ctx, ctx.user, ctx.params))
    .on(e.updateSubnet, (ctx) => updateSubnet(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteSubnet, (ctx) => deleteSubnet(ctx, ctx.user, ctx.params));
}
