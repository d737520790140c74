/**
 * Backups: enable and cancel the service, snapshots (`pending` → `running` → `successful` on the
 * emulator clock; the previous snapshot is replaced when the new one succeeds) and restores (same
 * region, successful and available backups only, not onto an instance taking a backup; `overwrite`
 * replaces the target's disks and configs, otherwise the backup must fit its free space). An
 * instance's create may restore a backup of another instance too. Automatic backups are not taken by
 * the emulator.
 */
import { backupEndpoints as e, type Backup, type BackupsList, type InstanceType } from "../../contract";
import { ApiError } from "../api-error";
import { canRead, requireWrite } from "../auth";
import type { JobWorld } from "../jobs";
import type { Body, Params } from "../router";
import type { BackupRow, InstanceRow, UserRow } from "../state";
import { configsOf, copyContent, disksOf, replaceContent } from "./content";
import { notFound } from "./errors";
import { finishAction, notify, startAction } from "./events";
import {
  diskSpaceUsed,
  jobsOf,
  readableInstance,
  readyDisks,
  requireIdle,
  writableInstance,
} from "./instances";
import { interfacesOf } from "./interface-rows";
import { eventOf, type Job } from "./job-kinds";

const refusals = {
  unavailable: (region: string) => ApiError.badRequest(`Backups are not available in region ${region}`),
  notEnabled: () => ApiError.badRequest("Backups are not enabled for this instance"),
  snapshotRunning: () => ApiError.badRequest("A snapshot is already in progress"),
  notRestorable: (field?: string) =>
    ApiError.badRequest("Only successful, available backups can be restored", field),
  acrossRegions: (from: string, to: string) =>
    ApiError.badRequest(`Backups cannot be restored across regions (${from} to ${to})`, "compute_id"),
  targetBackingUp: () => ApiError.badRequest("The target instance is creating a backup", "compute_id"),
  noSpace: (needed: number) =>
    ApiError.badRequest(
      `Insufficient space on the target: the backup needs ${needed} MB; use overwrite to replace its disks`,
      "compute_id",
    ),
  tooBig: () => ApiError.badRequest("Insufficient space on the target", "compute_id"),
  otherRegion: (backup: BackupRow) =>
    ApiError.badRequest(
      `Backup ${backup.id} is in region ${backup.region}; backups cannot be restored across regions`,
      "region",
    ),
  typeTooSmall: (type: InstanceType, backup: BackupRow, needed: number) =>
    ApiError.badRequest(
      `Type ${type.id} is too small for backup ${backup.id} (${needed} MB of disks)`,
      "type",
    ),
};

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

/** MB of disks a backup brings. */
function sizeOf(backup: BackupRow): number {
  return backup.content.disks.reduce((sum, d) => sum + d.size, 0);
}

export function listBackups(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.listBackups>,
): BackupsList {
  const instance = readableInstance(world, user, params.computeId);
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

export function getBackup(world: JobWorld, user: UserRow, params: Params<typeof e.getBackup>): Backup {
  return toBackup(backupOf(world, readableInstance(world, user, params.computeId), params.backupId));
}

export function enableBackups(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.enableBackups>,
): Record<string, never> {
  const instance = writableInstance(world, user, params.computeId);
  if (!instance.backups.available) throw refusals.unavailable(instance.region);
  if (instance.backups.enabled) return {};
  world.store.table("instances").put({ ...instance, backups: { ...instance.backups, enabled: true } });
  notify(world, user, "backups_enable", instance);
  return {};
}

/** Cancelling the service fails the backups under way and deletes every backup of the instance. */
export function cancelBackups(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.cancelBackups>,
): Record<string, never> {
  const { store } = world;
  const instance = writableInstance(world, user, params.computeId);
  for (const job of jobsOf(world, instance.id).filter((j) => j.kind.startsWith("backup."))) {
    finishAction(world, eventOf(job), "failed");
    store.table("jobs").delete(job.id);
  }
  for (const b of backupsOf(world, instance.id)) store.table("backups").delete(b.id);
  store.table("instances").put({
    ...instance,
    backups: { ...instance.backups, enabled: false, last_successful: null },
  });
  notify(world, user, "backups_cancel", instance);
  return {};
}

/** A snapshot keeps a copy of the instance's disks and configs (with their interfaces) as they are now. */
export function createSnapshot(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.createSnapshot>,
  body: Body<typeof e.createSnapshot>,
): Backup {
  const { store, clock, jobs } = world;
  const instance = writableInstance(world, user, params.computeId);
  if (!instance.backups.enabled) throw refusals.notEnabled();
  if (inProgress(world, instance.id)) throw refusals.snapshotRunning();
  requireIdle(world, instance);
  const disks = disksOf(store, instance.id);
  const configs = configsOf(store, instance.id);
  const now = clock.timestamp();
  const row = store.table("backups").put({
    id: store.nextId("backup"),
    compute_id: instance.id,
    region: instance.region,
    label: body.label,
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
      configs: configs.map((config) => ({ config: { ...config }, interfaces: interfacesOf(store, config) })),
    },
  });
  const eventId = startAction(world, user, "compute_snapshot", instance);
  const pending = jobs.timing("backup.pending", 1000);
  const running = jobs.timing("backup.snapshot", 5000);
  jobs.schedule(world, "backup.snapshot_start", instance.id, pending, { backup_id: row.id });
  jobs.schedule(world, "backup.snapshot", instance.id, pending + running, {
    backup_id: row.id,
    event_id: eventId,
  });
  return toBackup(row);
}

export function startSnapshot(world: JobWorld, job: Job<"backup.snapshot_start">): void {
  const row = world.store.table("backups").get(job.payload.backup_id);
  if (row) world.store.table("backups").put({ ...row, status: "running", updated: world.clock.timestamp() });
}

/** A snapshot succeeds: it replaces the instance's previous one. */
export function finishSnapshot(world: JobWorld, job: Job<"backup.snapshot">): void {
  const row = world.store.table("backups").get(job.payload.backup_id);
  if (!row) return;
  const now = world.clock.timestamp();
  for (const old of backupsOf(world, row.compute_id)) {
    if (old.type === "snapshot" && old.status === "successful") world.store.table("backups").delete(old.id);
  }
  world.store.table("backups").put({ ...row, status: "successful", finished: now, updated: now });
  const instance = world.store.table("instances").get(row.compute_id);
  if (instance) {
    world.store
      .table("instances")
      .put({ ...instance, backups: { ...instance.backups, last_successful: now } });
  }
  finishAction(world, job.payload.event_id);
}

/** The restore target: an instance the user may write, in the backup's region, not taking a backup. */
function restoreTarget(world: JobWorld, user: UserRow, backup: BackupRow, computeId: number): InstanceRow {
  const target = world.store.table("instances").get(computeId);
  if (!target || !canRead(user, "compute", computeId))
    throw notFound("Compute instance", computeId, "compute_id");
  requireWrite(user, "compute", computeId);
  if (target.region !== backup.region) throw refusals.acrossRegions(backup.region, target.region);
  if (inProgress(world, target.id)) throw refusals.targetBackingUp();
  requireIdle(world, target);
  return target;
}

/** Restores a backup onto an instance: `restoring` until the copied disks are ready, then offline. */
export function restoreBackup(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.restoreBackup>,
  request: Body<typeof e.restoreBackup>,
): Record<string, never> {
  const backup = backupOf(world, readableInstance(world, user, params.computeId), params.backupId);
  if (backup.status !== "successful" || !backup.available) throw refusals.notRestorable();
  const target = restoreTarget(world, user, backup, request.compute_id);
  const needed = sizeOf(backup);
  if (!request.overwrite && needed > target.specs.disk - diskSpaceUsed(world.store, target.id)) {
    throw refusals.noSpace(needed);
  }
  if (request.overwrite && needed > target.specs.disk) throw refusals.tooBig();
  if (request.overwrite) replaceContent(world, user, target, backup.content);
  else copyContent(world, user, target, backup.content);
  const restoring = world.store.table("instances").put({
    ...target,
    status: "restoring",
    booted_config_id: request.overwrite ? null : target.booted_config_id,
    updated: world.clock.timestamp(),
  });
  const eventId = startAction(world, user, "backups_restore", restoring);
  world.jobs.schedule(world, "instance.restore", target.id, world.jobs.timing("instance.restore", 6000), {
    event_id: eventId,
    backup_id: backup.id,
  });
  return {};
}

export function finishRestore(world: JobWorld, job: Job<"instance.restore">): void {
  const target = world.store.table("instances").get(job.entity_id);
  if (!target) return;
  readyDisks(world, target.id);
  world.store.table("instances").put({ ...target, status: "offline", updated: world.clock.timestamp() });
  finishAction(world, job.payload.event_id);
}

/** A backup another instance's create may restore: readable, successful, available, same region, fits. */
export function restorableBackup(
  world: JobWorld,
  user: UserRow,
  backupId: number,
  region: string,
  type: InstanceType,
): BackupRow {
  const backup = world.store.table("backups").get(backupId);
  if (!backup || !canRead(user, "compute", backup.compute_id))
    throw notFound("Backup", backupId, "backup_id");
  if (backup.status !== "successful" || !backup.available) throw refusals.notRestorable("backup_id");
  if (backup.region !== region) throw refusals.otherRegion(backup);
  const needed = sizeOf(backup);
  if (needed > type.disk) throw refusals.typeTooSmall(type, backup, needed);
  return backup;
}
