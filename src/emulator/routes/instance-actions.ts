/** Root password reset and rebuild (the rules: `models/instances.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import { finishDeploy, rebuildInstance, resetRootPassword, writableInstance } from "../models/instances";
import type { Router } from "../router";

export function instanceActionRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.rebuild", finishDeploy);

  router
    .on(e.resetInstancePassword, (ctx) =>
      resetRootPassword(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId)),
    )
    .on(e.rebuildInstance, (ctx) =>
      rebuildInstance(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId), ctx.body),
    );
}
