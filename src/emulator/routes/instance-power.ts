/** Boot, reboot, shut down and rescue (the rules: `models/instance-power.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import type { Router } from "../router";
import {
  bootInstance,
  finishBoot,
  finishShutdown,
  rebootInstance,
  rescueInstance,
  shutdownInstance,
} from "../models/instance-power";

export function instancePowerRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.boot", finishBoot).on("instance.shutdown", finishShutdown);

  router
    .on(e.bootInstance, (ctx) => bootInstance(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.rebootInstance, (ctx) => rebootInstance(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.shutdownInstance, (ctx) => shutdownInstance(ctx, ctx.user, ctx.params))
    .on(e.rescueInstance, (ctx) => rescueInstance(ctx, ctx.user, ctx.params, ctx.body));
}
