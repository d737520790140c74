/**
 * Disks of an instance: create (empty, or an image deploy), rename, delete, resize, password and
 * clone. Every change waits for the instance's other actions (400 busy), checks the type's disk
 * allocation, and finishes on the emulator clock (`not ready` → `ready`, `deleting` → gone).
 */
import { diskEndpoints as e, DEVICE_NAMES, type Disk } from "../../contract";
import { ApiError } from "../api-error";
import type { Jobs, JobWorld } from "../jobs";
import { paginate } from "../paginate";
import type { Router } from "../router";
import type { DiskRow, InstanceRow, UserRow } from "../state";
import { diskOf, readableInstance, requireIdle, requireSpace, writableInstance } from "../models/instances";
import { checkDeploy, countDeployment, newDisk } from "../models/deploy";
import { diskRef, finishAction, notify, startAction } from "../models/events";
import { configsOf, disksOf } from "../models/content";

const LABEL_MAX = 48;

export function toDisk(row: DiskRow): Disk {
  const { compute_id: _c, image: _i, ...record } = row;
  return record;
}

/** A disk action that takes time: `started` now, `disk.ready` (or `disk.delete`) when due. */
function scheduleDisk(
  world: JobWorld,
  user: UserRow,
  instance: InstanceRow,
  disk: DiskRow,
  action: string,
  kind: "disk.ready" | "disk.delete",
  timing: string,
) {
  const eventId = startAction(world, user, action, instance, diskRef(disk));
  world.jobs.schedule(world, kind, instance.id, world.jobs.timing(timing, 3000), {
    disk_id: disk.id,
    event_id: eventId,
  });
}

function requireEditable(disk: DiskRow) {
  if (disk.status !== "ready") throw ApiError.badRequest(`Disk ${disk.id} is ${disk.status}`);
}

export function diskRoutes(router: Router, jobs: Jobs) {
  jobs
    .on("disk.ready", (world, job) => {
      const disk = world.store.table("disks").get(job.payload.disk_id);
      if (disk)
        world.store.table("disks").put({ ...disk, status: "ready", updated: world.clock.timestamp() });
      finishAction(world, job.payload.event_id);
    })
    .on("disk.delete", (world, job) => {
      const diskId = job.payload.disk_id;
      world.store.table("disks").delete(diskId);
      for (const config of configsOf(world.store, job.entity_id)) {
        const devices = { ...config.devices };
        for (const name of DEVICE_NAMES) if (devices[name]?.disk_id === diskId) devices[name] = null;
        world.store.table("configs").put({ ...config, devices });
      }
      finishAction(world, job.payload.event_id);
    });

  router
    .on(e.listDisks, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      return paginate(disksOf(ctx.store, instance.id).map(toDisk), ctx.query);
    })
    .on(e.getDisk, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      return toDisk(diskOf(ctx, instance, ctx.params.diskId));
    })
    .on(e.createDisk, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      requireIdle(ctx, instance);
      const deployment = body.image !== undefined ? checkDeploy(ctx, user, instance.region, body) : undefined;
      if (deployment && body.size < deployment.image.size) {
        throw ApiError.badRequest(
          `size must be at least ${deployment.image.size} MB for image ${deployment.image.id}`,
          "size",
        );
      }
      requireSpace(store, instance, body.size, "size");
      const disk = newDisk(ctx, instance, {
        label: body.label ?? `${deployment!.image.label} Disk`.slice(0, LABEL_MAX),
        size: body.size,
        filesystem: body.filesystem ?? "ext4",
        image: deployment?.image.id ?? null,
      });
      countDeployment(store, deployment?.stackscript, 1);
      scheduleDisk(ctx, user, instance, disk, "disk_create", "disk.ready", "disk.create");
      return toDisk(disk);
    })
    .on(e.updateDisk, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      const disk = diskOf(ctx, instance, ctx.params.diskId);
      const updated = ctx.store
        .table("disks")
        .put({ ...disk, label: ctx.body.label ?? disk.label, updated: ctx.clock.timestamp() });
      notify(ctx, ctx.user, "disk_update", instance, diskRef(updated));
      return toDisk(updated);
    })
    .on(e.deleteDisk, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      const disk = diskOf(ctx, instance, ctx.params.diskId);
      requireIdle(ctx, instance);
      const deleting = ctx.store
        .table("disks")
        .put({ ...disk, status: "deleting", updated: ctx.clock.timestamp() });
      scheduleDisk(ctx, ctx.user, instance, deleting, "disk_delete", "disk.delete", "disk.delete");
      return {};
    })
    .on(e.resizeDisk, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      const disk = diskOf(ctx, instance, ctx.params.diskId);
      requireIdle(ctx, instance);
      requireEditable(disk);
      if (ctx.body.size > disk.size) requireSpace(ctx.store, instance, ctx.body.size - disk.size, "size");
      const resized = ctx.store
        .table("disks")
        .put({ ...disk, size: ctx.body.size, status: "not ready", updated: ctx.clock.timestamp() });
      scheduleDisk(ctx, ctx.user, instance, resized, "disk_resize", "disk.ready", "disk.resize");
      return {};
    })
    .on(e.resetDiskPassword, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      const disk = diskOf(ctx, instance, ctx.params.diskId);
      requireIdle(ctx, instance);
      requireEditable(disk);
      if (disk.filesystem !== "ext3" && disk.filesystem !== "ext4") {
        throw ApiError.badRequest(
          `A root password can only be set on an ext3 or ext4 disk, not ${disk.filesystem}`,
        );
      }
      notify(ctx, ctx.user, "password_reset", instance, diskRef(disk));
      return {};
    })
    .on(e.cloneDisk, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      const disk = diskOf(ctx, instance, ctx.params.diskId);
      requireIdle(ctx, instance);
      requireEditable(disk);
      requireSpace(ctx.store, instance, disk.size, "size");
      const copy = newDisk(ctx, instance, {
        label: `Copy of ${disk.label}`.slice(0, LABEL_MAX),
        size: disk.size,
        filesystem: disk.filesystem,
        image: disk.image,
      });
      scheduleDisk(ctx, ctx.user, instance, copy, "disk_duplicate", "disk.ready", "disk.clone");
      return toDisk(copy);
    });
}
