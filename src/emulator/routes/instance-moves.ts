/** Resize, mutate and migrate (the rules: `models/instance-moves.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import {
  finishMove,
  migrateInstance,
  mutateInstance,
  resizeInstance,
  startMigration,
} from "../models/instance-moves";
import type { Router } from "../router";

export function instanceMoveRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.move", finishMove).on("instance.migrate_queued", startMigration);

  router
    .on(e.resizeInstance, (ctx) => resizeInstance(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.mutateInstance, (ctx) => mutateInstance(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.migrateInstance, (ctx) => migrateInstance(ctx, ctx.user, ctx.params, ctx.body));
}
