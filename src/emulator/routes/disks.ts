/** Disks of an instance (the rules: `models/disks.ts`). */
import { diskEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import { disksOf } from "../models/content";
import {
  cloneDisk,
  createDisk,
  deleteDisk,
  diskGone,
  diskReady,
  renameDisk,
  resetDiskPassword,
  resizeDisk,
  toDisk,
} from "../models/disks";
import { diskOf, readableInstance } from "../models/instances";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function diskRoutes(router: Router, jobs: Jobs) {
  jobs.on("disk.ready", diskReady).on("disk.delete", diskGone);

  router
    .on(e.listDisks, (ctx) =>
      paginate(
        disksOf(ctx.store, readableInstance(ctx, ctx.user, ctx.params.computeId).id).map(toDisk),
        ctx.query,
      ),
    )
    .on(e.getDisk, (ctx) =>
      toDisk(diskOf(ctx, readableInstance(ctx, ctx.user, ctx.params.computeId), ctx.params.diskId)),
    )
    .on(e.createDisk, (ctx) => createDisk(ctx, ctx.user, ctx.params.computeId, ctx.body))
    .on(e.updateDisk, (ctx) => renameDisk(ctx, ctx.user, ctx.params, ctx.body.label))
    .on(e.deleteDisk, (ctx) => deleteDisk(ctx, ctx.user, ctx.params))
    .on(e.resizeDisk, (ctx) => resizeDisk(ctx, ctx.user, ctx.params, ctx.body.size))
    .on(e.resetDiskPassword, (ctx) => resetDiskPassword(ctx, ctx.user, ctx.params))
    .on(e.cloneDisk, (ctx) => cloneDisk(ctx, ctx.user, ctx.params));
}
