/** Disks of an instance (the rules: `models/disks.ts`). */
import { diskEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import {
  cloneDisk,
  createDisk,
  deleteDisk,
  diskGone,
  diskReady,
  getDisk,
  listDisks,
  resetDiskPassword,
  resizeDisk,
  updateDisk,
} from "../models/disks";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function diskRoutes(router: Router, jobs: Jobs) {
  jobs.on("disk.ready", diskReady).on("disk.delete", diskGone);

  router
    .on(e.listDisks, (ctx) => paginate(listDisks(ctx, ctx.user, ctx.params), ctx.query))
    .on(e.getDisk, (ctx) => getDisk(ctx, ctx.user, ctx.params))
    .on(e.createDisk, (ctx) => createDisk(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.updateDisk, (ctx) => updateDisk(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteDisk, (ctx) => deleteDisk(ctx, ctx.user, ctx.params))
    .on(e.resizeDisk, (ctx) => resizeDisk(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.resetDiskPassword, (ctx) => resetDiskPassword(ctx, ctx.user, ctx.params))
    .on(e.cloneDisk, (ctx) => cloneDisk(ctx, ctx.user, ctx.params));
}
