/** Instance statistics and transfer (the rules: `models/instance-stats.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  getInstanceStats,
  getInstanceStatsByMonth,
  getInstanceTransfer,
  getInstanceTransferByMonth,
} from "../models/instance-stats";

export function instanceStatsRoutes(router: Router) {
  router
    .on(e.getInstanceStats, (ctx) => getInstanceStats(ctx, ctx.user, ctx.params))
    .on(e.getInstanceStatsByMonth, (ctx) => getInstanceStatsByMonth(ctx, ctx.user, ctx.params))
    .on(e.getInstanceTransfer, (ctx) => getInstanceTransfer(ctx, ctx.user, ctx.params))
    .on(e.getInstanceTransferByMonth, (ctx) => getInstanceTransferByMonth(ctx, ctx.user, ctx.params));
}
