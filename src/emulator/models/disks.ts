/**
 * Disks of an instance: create (empty, or an image deploy), rename, delete, resize, password and
 * clone. Every change waits for the instance's other actions (400 busy), checks the type's disk
 * allocation, and finishes on the emulator clock (`not ready` → `ready`, `deleting` → gone, and gone
 * from the configs' devices).
 */
import { DEVICE_NAMES, diskEndpoints as e, type Disk } from "../../contract";
import { ApiError } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Body, Params } from "../router";
import type { DiskRow, InstanceRow, UserRow } from "../state";
import { configsOf, disksOf } from "./content";
import { checkDeploy, countDeployment, newDisk } from "./deploy";
import { diskRef, finishAction, notify, startAction } from "./events";
import { diskOf, readableInstance, requireIdle, requireSpace, writableInstance } from "./instances";
import type { Job } from "./job-kinds";

const LABEL_MAX = 48;

/** The path of one disk. */
export interface DiskPath {
  computeId: number;
  diskId: number;
}

const refusals = {
  notEditable: (disk: DiskRow) => ApiError.badRequest(`Disk ${disk.id} is ${disk.status}`),
  smallerThanImage: (image: { id: string; size: number }) =>
    ApiError.badRequest(`size must be at least ${image.size} MB for image ${image.id}`, "size"),
  noPassword: (disk: DiskRow) =>
    ApiError.badRequest(`A root password can only be set on an ext3 or ext4 disk, not ${disk.filesystem}`),
};

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

/** The instance (writable) and its disk, for a change that waits for the instance's other actions. */
function toChange(world: JobWorld, user: UserRow, path: DiskPath, editable = true) {
  const instance = writableInstance(world, user, path.computeId);
  const disk = diskOf(world, instance, path.diskId);
  requireIdle(world, instance);
  if (editable && disk.status !== "ready") throw refusals.notEditable(disk);
  return { instance, disk };
}

export function listDisks(world: JobWorld, user: UserRow, params: Params<typeof e.listDisks>): Disk[] {
  return disksOf(world.store, readableInstance(world, user, params.computeId).id).map(toDisk);
}

export function getDisk(world: JobWorld, user: UserRow, params: Params<typeof e.getDisk>): Disk {
  return toDisk(diskOf(world, readableInstance(world, user, params.computeId), params.diskId));
}

export function createDisk(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.createDisk>,
  body: Body<typeof e.createDisk>,
): Disk {
  const instance = writableInstance(world, user, params.computeId);
  requireIdle(world, instance);
  const deployment = body.image !== undefined ? checkDeploy(world, user, instance.region, body) : undefined;
  if (deployment && body.size < deployment.image.size) throw refusals.smallerThanImage(deployment.image);
  requireSpace(world.store, instance, body.size, "size");
  const disk = newDisk(world, instance, {
    label: body.label ?? `${deployment!.image.label} Disk`.slice(0, LABEL_MAX),
    size: body.size,
    filesystem: body.filesystem ?? "ext4",
    image: deployment?.image.id ?? null,
  });
  countDeployment(world.store, deployment?.stackscript, 1);
  scheduleDisk(world, user, instance, disk, "disk_create", "disk.ready", "disk.create");
  return toDisk(disk);
}

export function updateDisk(
  world: JobWorld,
  user: UserRow,
  path: DiskPath,
  body: Body<typeof e.updateDisk>,
): Disk {
  const instance = writableInstance(world, user, path.computeId);
  const disk = diskOf(world, instance, path.diskId);
  const updated = world.store
    .table("disks")
    .put({ ...disk, label: body.label ?? disk.label, updated: world.clock.timestamp() });
  notify(world, user, "disk_update", instance, diskRef(updated));
  return toDisk(updated);
}

export function deleteDisk(world: JobWorld, user: UserRow, path: DiskPath): Record<string, never> {
  const { instance, disk } = toChange(world, user, path, false);
  const deleting = world.store
    .table("disks")
    .put({ ...disk, status: "deleting", updated: world.clock.timestamp() });
  scheduleDisk(world, user, instance, deleting, "disk_delete", "disk.delete", "disk.delete");
  return {};
}

export function resizeDisk(
  world: JobWorld,
  user: UserRow,
  path: DiskPath,
  { size }: Body<typeof e.resizeDisk>,
): Record<string, never> {
  const { instance, disk } = toChange(world, user, path);
  if (size > disk.size) requireSpace(world.store, instance, size - disk.size, "size");
  const resized = world.store
    .table("disks")
    .put({ ...disk, size, status: "not ready", updated: world.clock.timestamp() });
  scheduleDisk(world, user, instance, resized, "disk_resize", "disk.ready", "disk.resize");
  return {};
}

export function resetDiskPassword(world: JobWorld, user: UserRow, path: DiskPath): Record<string, never> {
  const { instance, disk } = toChange(world, user, path);
  if (disk.filesystem !== "ext3" && disk.filesystem !== "ext4") throw refusals.noPassword(disk);
  notify(world, user, "password_reset", instance, diskRef(disk));
  return {};
}

export function cloneDisk(world: JobWorld, user: UserRow, path: DiskPath): Disk {
  const { instance, disk } = toChange(world, user, path);
  requireSpace(world.store, instance, disk.size, "size");
  const copy = newDisk(world, instance, {
    label: `Copy of ${disk.label}`.slice(0, LABEL_MAX),
    size: disk.size,
    filesystem: disk.filesystem,
    image: disk.image,
  });
  scheduleDisk(world, user, instance, copy, "disk_duplicate", "disk.ready", "disk.clone");
  return toDisk(copy);
}

export function diskReady(world: JobWorld, job: Job<"disk.ready">): void {
  const disk = world.store.table("disks").get(job.payload.disk_id);
  if (disk) world.store.table("disks").put({ ...disk, status: "ready", updated: world.clock.timestamp() });
  finishAction(world, job.payload.event_id);
}

/** A deleted disk leaves every config's devices. */
export function diskGone(world: JobWorld, job: Job<"disk.delete">): void {
  const diskId = job.payload.disk_id;
  world.store.table("disks").delete(diskId);
  for (const config of configsOf(world.store, job.entity_id)) {
    const devices = { ...config.devices };
    for (const name of DEVICE_NAMES) if (devices[name]?.disk_id === diskId) devices[name] = null;
    world.store.table("configs").put({ ...config, devices });
  }
  finishAction(world, job.payload.event_id);
}
