/**
 * Finding an instance and its disks and configs for a user (404 without a grant, 403 without
 * read_write), and the "busy" rule: an action waits for the instance's queued or running jobs.
 */
import { INSTANCE_BUSY_REASON, spaceProblems } from "../../contract";
import { ApiError, refuse } from "../api-error";
import { canRead, requireWrite } from "../auth";
import type { JobWorld } from "../jobs";
import type { Store } from "../store";
import type { ConfigRow, DiskRow, InstanceRow, JobRow, UserRow } from "../state";

/** Every job of this area is keyed by the instance it works on and has one of these kind prefixes. */
const JOB_PREFIXES = ["instance.", "disk.", "backup."];

export function readableInstance({ store }: JobWorld, user: UserRow, id: number): InstanceRow {
  const row = store.table("instances").get(id);
  if (!row || !canRead(user, "compute", id)) throw ApiError.notFound();
  return row;
}

export function writableInstance(world: JobWorld, user: UserRow, id: number): InstanceRow {
  const row = readableInstance(world, user, id);
  requireWrite(user, "compute", id);
  return row;
}

/** The instance's queued or running jobs (boot, disk create, clone into it, snapshot, ...). */
export function jobsOf(world: JobWorld, instanceId: number): JobRow[] {
  return world.jobs
    .pending(world, instanceId)
    .filter((j) => JOB_PREFIXES.some((prefix) => j.kind.startsWith(prefix)));
}

/** 400 `Compute instance busy.` while another action is queued or running. */
export function requireIdle(world: JobWorld, instance: InstanceRow): void {
  if (jobsOf(world, instance.id).length > 0) throw ApiError.badRequest(INSTANCE_BUSY_REASON);
}

export function disksOf(store: Store, instanceId: number): DiskRow[] {
  return store.table("disks").filter((d) => d.compute_id === instanceId);
}

export function configsOf(store: Store, instanceId: number): ConfigRow[] {
  return store.table("configs").filter((c) => c.compute_id === instanceId);
}

export function diskOf({ store }: JobWorld, instance: InstanceRow, diskId: number): DiskRow {
  const disk = store.table("disks").get(diskId);
  if (!disk || disk.compute_id !== instance.id) throw ApiError.notFound();
  return disk;
}

export function configOf({ store }: JobWorld, instance: InstanceRow, configId: number): ConfigRow {
  const config = store.table("configs").get(configId);
  if (!config || config.compute_id !== instance.id) throw ApiError.notFound();
  return config;
}

/** MB allocated to the instance's disks. */
export function diskSpaceUsed(store: Store, instanceId: number): number {
  return disksOf(store, instanceId).reduce((sum, d) => sum + d.size, 0);
}

/** 400 when `extra` more MB would not fit in the instance type's disk allocation. */
export function requireSpace(store: Store, instance: InstanceRow, extra: number, field: string): void {
  refuse(spaceProblems(extra, { disk: instance.specs.disk, used: diskSpaceUsed(store, instance.id) }, field));
}

/** Is the instance powered on (or about to be, or about to go down)? */
export function isRunning(instance: InstanceRow): boolean {
  return ["running", "booting", "rebooting", "shutting_down"].includes(instance.status);
}
