/** Root password reset and rebuild (the rules: `models/instance-actions.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import { rebuildInstance, resetInstancePassword } from "../models/instance-actions";
import { finishDeploy } from "../models/instances";
import type { Router } from "../router";

export function instanceActionRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.rebuild", finishDeploy);

  router
    .on(e.resetInstancePassword, (ctx) => resetInstancePassword(ctx, ctx.user, ctx.params))
    .on(e.rebuildInstance, (ctx) => rebuildInstance(ctx, ctx.user, ctx.params, ctx.body));
}
