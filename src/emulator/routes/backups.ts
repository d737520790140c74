/** Backups: the service, snapshots and restores (the rules: `models/backups.ts`). */
import { backupEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import {
  cancelBackups,
  createSnapshot,
  enableBackups,
  finishRestore,
  finishSnapshot,
  getBackup,
  listBackups,
  restoreBackup,
  startSnapshot,
} from "../models/backups";
import type { Router } from "../router";

export function backupRoutes(router: Router, jobs: Jobs) {
  jobs
    .on("backup.snapshot_start", startSnapshot)
    .on("backup.snapshot", finishSnapshot)
    .on("instance.restore", finishRestore);

  router
    .on(e.listBackups, (ctx) => listBackups(ctx, ctx.user, ctx.params))
    .on(e.getBackup, (ctx) => getBackup(ctx, ctx.user, ctx.params))
    .on(e.enableBackups, (ctx) => enableBackups(ctx, ctx.user, ctx.params))
    .on(e.cancelBackups, (ctx) => cancelBackups(ctx, ctx.user, ctx.params))
    .on(e.createSnapshot, (ctx) => createSnapshot(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.restoreBackup, (ctx) => restoreBackup(ctx, ctx.user, ctx.params, ctx.body));
}
