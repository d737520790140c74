/**
 * An instance's addresses: `GET .../ips` (beyond the spec) and `POST .../ips` (beyond the spec's
 * tables, as the real API answers it; read_write on the instance). The rules: `models/instance-ips.ts`.
 */
import { instanceEndpoints as e } from "../../contract";
import { addIpv4, instanceIps } from "../models/instance-ips";
import { readableInstance, writableInstance } from "../models/instances";
import type { Router } from "../router";

export function instanceIpRoutes(router: Router) {
  router
    .on(e.getInstanceIps, (ctx) => instanceIps(readableInstance(ctx, ctx.user, ctx.params.computeId)))
    .on(e.allocateInstanceIp, (ctx) =>
      addIpv4(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId), ctx.body.public),
    );
}
