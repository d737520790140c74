/**
 * An instance's addresses: `GET .../ips` (beyond the spec) and `POST .../ips` (beyond the spec's
 * tables, as the real API answers it; read_write on the instance). The rules: `models/instance-ips.ts`.
 */
import { instanceEndpoints as e } from "../../contract";
import { allocateInstanceIp, getInstanceIps } from "../models/instance-ips";
import type { Router } from "../router";

export function instanceIpRoutes(router: Router) {
  router
    .on(e.getInstanceIps, (ctx) => getInstanceIps(ctx, ctx.user, ctx.params))
    .on(e.allocateInstanceIp, (ctx) => allocateInstanceIp(ctx, ctx.user, ctx.params, ctx.body));
}
