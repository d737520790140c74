/** Backups: the service, snapshots and restores (the rules: `models/backups.ts`). */
import { backupEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import {
  backupOf,
  cancelBackups,
  createSnapshot,
  enableBackups,
  finishRestore,
  finishSnapshot,
  listOf,
  restoreBackup,
  startSnapshot,
  toBackup,
} from "../models/backups";
import { readableInstance, writableInstance } from "../models/instances";
import type { Router } from "../router";

export function backupRoutes(router: Router, jobs: Jobs) {
  jobs
    .on("backup.snapshot_start", startSnapshot)
    .on("backup.snapshot", finishSnapshot)
    .on("instance.restore", finishRestore);

  router
    .on(e.listBackups, (ctx) => listOf(ctx, readableInstance(ctx, ctx.user, ctx.params.computeId)))
    .on(e.getBackup, (ctx) =>
      toBackup(backupOf(ctx, readableInstance(ctx, ctx.user, ctx.params.computeId), ctx.params.backupId)),
    )
    .on(e.enableBackups, (ctx) =>
      enableBackups(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId)),
    )
    .on(e.cancelBackups, (ctx) =>
      cancelBackups(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId)),
    )
    .on(e.createSnapshot, (ctx) =>
      createSnapshot(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId), ctx.body.label),
    )
    .on(e.restoreBackup, (ctx) =>
      restoreBackup(
        ctx,
        ctx.user,
        backupOf(ctx, readableInstance(ctx, ctx.user, ctx.params.computeId), ctx.params.backupId),
        ctx.body,
      ),
    );
}
