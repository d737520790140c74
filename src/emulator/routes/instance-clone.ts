/** Clone (the rules: `models/instance-clone.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import type { Router } from "../router";
import { cloneInstance, finishClone } from "../models/instance-clone";

export function instanceCloneRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.clone", finishClone);

  router.on(e.cloneInstance, (ctx) => cloneInstance(ctx, ctx.user, ctx.params, ctx.body));
}
