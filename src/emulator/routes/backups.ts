/**
 * Backups: enable and cancel the service, snapshots (`pending` → `running` → `successful` on the
 * emulator clock; the previous snapshot is replaced when the new one succeeds) and restores (same
 * region, successful and available backups only, not onto an instance taking a backup; `overwrite`
 * deletes the target's disks and configs first, otherwise the backup must fit its free space).
 * Automatic backups are not taken by the emulator.
 */
import { backupEndpoints as e, type Backup, type BackupsList } from "../../contract";
import { ApiError } from "../api-error";
import { canRead, requireWrite } from "../auth";
import type { Jobs, JobWorld } from "../jobs";
import { eventOf } from "../models/job-kinds";
import type { Router } from "../router";
import type { BackupRow, InstanceRow, UserRow } from "../state";
import {
  diskSpaceUsed,
  jobsOf,
  readableInstance,
  readyDisks,
  requireIdle,
  writableInstance,
} from "../models/instances";
import { configsOf, copyContent, disksOf, replaceContent } from "../models/content";
import { finishAction, notify, startAction } from "../models/events";
import { interfacesOf } from "../models/interfaces";

export function toBackup(row: BackupRow): Backup {
  const { compute_id: _c, content: _x, ...record } = row;
  return record;
}

function backupsOf(world: JobWorld, instanceId: number): BackupRow[] {
  return world.store.table("backups").filter((b) => b.compute_id === instanceId);
}

function inProgress(world: JobWorld, instanceId: number): BackupRow | undefined {
  return backupsOf(world, instanceId).find((b) => b.status === "pending" || b.status === "running");
}

function backupOf(world: JobWorld, instance: InstanceRow, backupId: number): BackupRow {
  const row = world.store.table("backups").get(backupId);
  if (!row || row.compute_id !== instance.id) throw ApiError.notFound();
  return row;
}

function listOf(world: JobWorld, instance: InstanceRow): BackupsList {
  const all = backupsOf(world, instance.id);
  const snapshots = all.filter((b) => b.type === "snapshot");
  const current = snapshots.filter((b) => b.status === "successful").at(-1);
  const running = snapshots.find((b) => b.status === "pending" || b.status === "running");
  return {
    automatic: all.filter((b) => b.type === "auto").map(toBackup),
    snapshot: {
      current: current ? toBackup(current) : null,
      in_progress: running ? toBackup(running) : null,
    },
  };
}

/** The restore target: an instance the user may write, in the backup's region, not taking a backup. */
function restoreTarget(world: JobWorld, user: UserRow, backup: BackupRow, computeId: number): InstanceRow {
  const target = world.store.table("instances").get(computeId);
  if (!target || !canRead(user, "compute", computeId)) {
    throw ApiError.badRequest(`Compute instance ${computeId} not found`, "compute_id");
  }
  requireWrite(user, "compute", computeId);
  if (target.region !== backup.region) {
    throw ApiError.badRequest(
      `Backups cannot be restored across regions (${backup.region} to ${target.region})`,
      "compute_id",
    );
  }
  if (inProgress(world, target.id))
    throw ApiError.badRequest("The target instance is creating a backup", "compute_id");
  requireIdle(world, target);
  return target;
}

export function backupRoutes(router: Router, jobs: Jobs) {
  jobs
    .on("backup.snapshot_start", (world, job) => {
      const row = world.store.table("backups").get(job.payload.backup_id);
      if (row)
        world.store.table("backups").put({ ...row, status: "running", updated: world.clock.timestamp() });
    })
    .on("backup.snapshot", (world, job) => {
      const row = world.store.table("backups").get(job.payload.backup_id);
      if (!row) return;
      const now = world.clock.timestamp();
      for (const old of backupsOf(world, row.compute_id)) {
        if (old.type === "snapshot" && old.status === "successful")
          world.store.table("backups").delete(old.id);
      }
      world.store.table("backups").put({ ...row, status: "successful", finished: now, updated: now });
      const instance = world.store.table("instances").get(row.compute_id);
      if (instance) {
        world.store
          .table("instances")
          .put({ ...instance, backups: { ...instance.backups, last_successful: now } });
      }
      finishAction(world, job.payload.event_id);
    })
    .on("instance.restore", (world, job) => {
      const target = world.store.table("instances").get(job.entity_id);
      if (!target) return;
      readyDisks(world, target.id);
      world.store.table("instances").put({ ...target, status: "offline", updated: world.clock.timestamp() });
      finishAction(world, job.payload.event_id);
    });

  router
    .on(e.listBackups, (ctx) => listOf(ctx, readableInstance(ctx, ctx.user, ctx.params.computeId)))
    .on(e.getBackup, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      return toBackup(backupOf(ctx, instance, ctx.params.backupId));
    })
    .on(e.enableBackups, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      if (!instance.backups.available) {
        throw ApiError.badRequest(`Backups are not available in region ${instance.region}`);
      }
      if (instance.backups.enabled) return {};
      ctx.store.table("instances").put({ ...instance, backups: { ...instance.backups, enabled: true } });
      notify(ctx, ctx.user, "backups_enable", instance);
      return {};
    })
    .on(e.cancelBackups, (ctx) => {
      const { store } = ctx;
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      for (const job of jobsOf(ctx, instance.id).filter((j) => j.kind.startsWith("backup."))) {
        finishAction(ctx, eventOf(job), "failed");
        store.table("jobs").delete(job.id);
      }
      for (const b of backupsOf(ctx, instance.id)) store.table("backups").delete(b.id);
      store.table("instances").put({
        ...instance,
        backups: { ...instance.backups, enabled: false, last_successful: null },
      });
      notify(ctx, ctx.user, "backups_cancel", instance);
      return {};
    })
    .on(e.createSnapshot, (ctx) => {
      const { store, clock } = ctx;
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      if (!instance.backups.enabled) throw ApiError.badRequest("Backups are not enabled for this instance");
      if (inProgress(ctx, instance.id)) throw ApiError.badRequest("A snapshot is already in progress");
      requireIdle(ctx, instance);
      const disks = disksOf(store, instance.id);
      const configs = configsOf(store, instance.id);
      const now = clock.timestamp();
      const row = store.table("backups").put({
        id: store.nextId("backup"),
        compute_id: instance.id,
        region: instance.region,
        label: ctx.body.label,
        type: "snapshot",
        status: "pending",
        available: true,
        configs: configs.map((c) => c.label),
        disks: disks.map((d) => ({ label: d.label, size: d.size, filesystem: d.filesystem })),
        created: now,
        finished: null,
        updated: now,
        content: {
          disks: disks.map((d) => ({ ...d })),
          configs: configs.map((config) => ({
            config: { ...config },
            interfaces: interfacesOf(store, config),
          })),
        },
      });
      const eventId = startAction(ctx, ctx.user, "compute_snapshot", instance);
      const pending = ctx.jobs.timing("backup.pending", 1000);
      const running = ctx.jobs.timing("backup.snapshot", 5000);
      ctx.jobs.schedule(ctx, "backup.snapshot_start", instance.id, pending, { backup_id: row.id });
      ctx.jobs.schedule(ctx, "backup.snapshot", instance.id, pending + running, {
        backup_id: row.id,
        event_id: eventId,
      });
      return toBackup(row);
    })
    .on(e.restoreBackup, (ctx) => {
      const { store, user, body } = ctx;
      const source = readableInstance(ctx, user, ctx.params.computeId);
      const backup = backupOf(ctx, source, ctx.params.backupId);
      if (backup.status !== "successful" || !backup.available) {
        throw ApiError.badRequest("Only successful, available backups can be restored");
      }
      const target = restoreTarget(ctx, user, backup, body.compute_id);
      const needed = backup.content.disks.reduce((sum, d) => sum + d.size, 0);
      if (!body.overwrite && needed > target.specs.disk - diskSpaceUsed(store, target.id)) {
        throw ApiError.badRequest(
          `Insufficient space on the target: the backup needs ${needed} MB; use overwrite to replace its disks`,
          "compute_id",
        );
      }
      if (body.overwrite && needed > target.specs.disk) {
        throw ApiError.badRequest("Insufficient space on the target", "compute_id");
      }
      if (body.overwrite) replaceContent(ctx, user, target, backup.content);
      else copyContent(ctx, user, target, backup.content);
      const restoring = store.table("instances").put({
        ...target,
        status: "restoring",
        booted_config_id: body.overwrite ? null : target.booted_config_id,
        updated: ctx.clock.timestamp(),
      });
      const eventId = startAction(ctx, user, "backups_restore", restoring);
      ctx.jobs.schedule(ctx, "instance.restore", target.id, ctx.jobs.timing("instance.restore", 6000), {
        event_id: eventId,
        backup_id: backup.id,
      });
      return {};
    });
}
