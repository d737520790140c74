/**
 * Changing where and on what an instance runs: resize (to another type), mutate (a deprecated type's
 * free upgrade to its successor) and migrate (to another host or region, optionally upgrading).
 *
 * Resize rules: no pending migration; (no outstanding balance: the emulator has no billing); the
 * disks must fit the new type, unless the one data disk (plus swap) may be resized automatically;
 * queued or running actions finish first. While a resize, mutate or migration runs the status is
 * `migrating` (the enum has no `resizing`; a resize moves the instance to a new host), then the
 * instance returns to its power state. A migration is first queued (`instance.migrate_queued`) and
 * may be replaced while queued; then it runs (`instance.migrate`).
 */
import { instanceEndpoints as e, VLAN_CAPABILITY, type InstanceType } from "../../contract";
import { busy, pendingMigration } from "./errors";
import { ApiError } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Body, Params } from "../router";
import type { Job, JobPayloads } from "./job-kinds";
import { privateRowId, publicImage } from "./image-records";
import { findType } from "../seed/types";
import type { DiskRow, InstanceRow, UserRow } from "../state";
import {
  isRunning,
  jobsOf,
  requireIdle,
  requireRegion,
  requireType,
  runWith,
  specsOf,
  writableInstance,
} from "./instances";
import { allocateIpv6, allocatePublicIpv4 } from "./address-pools";
import { finishAction, notify, startAction } from "./events";
import { interfacesOf } from "./interface-rows";
import { configsOf, disksOf } from "./content";

const refusals = {
  disksTooBig: (used: number, type: InstanceType, field: string) =>
    ApiError.badRequest(
      `The disks use ${used} MB but type ${type.id} allows ${type.disk} MB; delete or shrink disks first`,
      field,
    ),
  sameType: (type: InstanceType) =>
    ApiError.badRequest(`Compute instance is already of type ${type.id}`, "type"),
  noFreeUpgrade: (instance: InstanceRow, field?: string) =>
    ApiError.badRequest(`No free upgrade is available for type ${instance.type}`, field),
  sameRegion: (regionId: string) =>
    ApiError.badRequest(`Compute instance is already in ${regionId}`, "region"),
  vpcAcrossRegions: () =>
    ApiError.badRequest("Instances with a VPC interface cannot migrate to another region", "region"),
  noVlans: (regionId: string) => ApiError.badRequest(`Region ${regionId} does not support VLANs`, "region"),
};

interface DiskPlan {
  disk_id: number | null;
  size: number | null;
}

/**
 * How the disks fit `type`: as they are, or with the one non-swap disk grown or shrunk to fill the
 * new allocation (when allowed, and not below its image's size). 400 naming `field` otherwise.
 */
export function planDisks(
  world: JobWorld,
  instance: InstanceRow,
  type: InstanceType,
  auto: boolean,
  field: string,
): DiskPlan {
  const disks = disksOf(world.store, instance.id);
  const used = disks.reduce((sum, d) => sum + d.size, 0);
  const data = disks.filter((d) => d.filesystem !== "swap");
  if (auto && data.length === 1 && disks.length <= 2) {
    const root: DiskRow = data[0]!;
    const size = type.disk - (used - root.size);
    if (size >= minimumSize(world, root)) return { disk_id: root.id, size };
  }
  if (used > type.disk) {
    throw refusals.disksTooBig(used, type, field);
  }
  return { disk_id: null, size: null };
}

/** A disk deployed from an image cannot shrink below the image's size. */
function minimumSize(world: JobWorld, disk: DiskRow): number {
  if (!disk.image) return 1;
  const rowId = privateRowId(disk.image);
  return (
    publicImage(disk.image)?.size ?? (rowId ? world.store.table("images").get(rowId)?.size : undefined) ?? 1
  );
}

function requireNoPendingMigration(instance: InstanceRow) {
  if (instance.pending_migration) throw pendingMigration();
}

/** Starts a change of host (resize, mutate, running migration): status `migrating` until `kind` is due. */
function startMove(
  world: JobWorld,
  user: UserRow | null,
  instance: InstanceRow,
  action: string,
  timing: [string, number],
  payload: Omit<JobPayloads["instance.move"], "event_id" | "was_running">,
) {
  world.store.table("instances").put({ ...instance, status: "migrating", updated: world.clock.timestamp() });
  const eventId = startAction(world, user, action, instance);
  world.jobs.schedule(world, "instance.move", instance.id, world.jobs.timing(...timing), {
    ...payload,
    event_id: eventId,
    was_running: isRunning(instance),
  });
}

/** A change of host is done: the new type and region (with new public addresses) take effect, a
 * planned disk gets its new size, and the instance returns to its power state. */
export function finishMove(world: JobWorld, job: Job<"instance.move">): void {
  const instance = world.store.table("instances").get(job.entity_id);
  if (!instance) return;
  const p = job.payload;
  if (p.disk_id != null) {
    const disk = world.store.table("disks").get(p.disk_id);
    if (disk) world.store.table("disks").put({ ...disk, size: p.size!, updated: world.clock.timestamp() });
  }
  const type = p.type ? findType(p.type)! : undefined;
  const moved: InstanceRow = {
    ...instance,
    ...(type ? { type: type.id, specs: specsOf(type) } : {}),
    ...(p.region
      ? { region: p.region, public_ipv4: allocatePublicIpv4(world.store), ipv6: allocateIpv6(world.store) }
      : {}),
    pending_migration: null,
    status: "offline",
    updated: world.clock.timestamp(),
  };
  moved.ipv4 = moved.private_ipv4 ? [moved.public_ipv4, moved.private_ipv4] : [moved.public_ipv4];
  world.store.table("instances").put(moved);
  if (p.was_running) runWith(world, moved, moved.booted_config_id);
  finishAction(world, p.event_id);
}

/** A queued migration starts running. */
export function startMigration(world: JobWorld, job: Job<"instance.migrate_queued">): void {
  const instance = world.store.table("instances").get(job.entity_id);
  if (!instance?.pending_migration) return;
  const { region, upgrade } = instance.pending_migration;
  const type = upgrade ? findType(findType(instance.type)!.successor!) : undefined;
  const plan = type ? safePlan(world, instance, type) : { disk_id: null, size: null };
  startMove(
    world,
    null,
    instance,
    region ? "compute_migrate_datacenter" : "compute_migrate",
    ["instance.migrate", 8000],
    { region, type: type?.id, ...plan },
  );
}

export function resizeInstance(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.resizeInstance>,
  body: Body<typeof e.resizeInstance>,
): Record<string, never> {
  const instance = writableInstance(world, user, params.computeId);
  const type = requireType(body.type);
  if (type.id === instance.type) throw refusals.sameType(type);
  requireNoPendingMigration(instance);
  requireIdle(world, instance);
  const plan = planDisks(world, instance, type, body.allow_auto_disk_resize, "type");
  startMove(world, user, instance, "compute_resize", ["instance.resize", 8000], { type: type.id, ...plan });
  return {};
}

/** A deprecated type's free upgrade to its successor. */
export function mutateInstance(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.mutateInstance>,
  body: Body<typeof e.mutateInstance>,
): Record<string, never> {
  const instance = writableInstance(world, user, params.computeId);
  requireIdle(world, instance);
  const successor = freeUpgrade(instance);
  if (!successor) throw refusals.noFreeUpgrade(instance);
  const plan = planDisks(world, instance, successor, body.allow_auto_disk_resize, "allow_auto_disk_resize");
  startMove(world, user, instance, "compute_mutate", ["instance.mutate", 6000], {
    type: successor.id,
    ...plan,
  });
  return {};
}

/** Queues a migration (replacing a queued one), to another host or region, optionally upgrading. */
export function migrateInstance(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.migrateInstance>,
  body: Body<typeof e.migrateInstance>,
): Record<string, never> {
  const instance = writableInstance(world, user, params.computeId);
  if (jobsOf(world, instance.id).some((j) => j.kind !== "instance.migrate_queued")) throw busy();
  if (body.upgrade && !freeUpgrade(instance)) {
    throw refusals.noFreeUpgrade(instance, "upgrade");
  }
  if (body.region !== undefined) checkDatacenterMove(world, instance, body.region);
  world.jobs.cancel(world, instance.id, ["instance.migrate_queued"]);
  world.store.table("instances").put({
    ...instance,
    pending_migration: { region: body.region ?? null, upgrade: body.upgrade },
  });
  if (body.region !== undefined) notify(world, user, "compute_migrate_datacenter_create", instance);
  world.jobs.schedule(
    world,
    "instance.migrate_queued",
    instance.id,
    world.jobs.timing("instance.migrate_queue", 2000),
  );
  return {};
}

function freeUpgrade(instance: InstanceRow): InstanceType | undefined {
  const successor = findType(instance.type)?.successor;
  return successor ? findType(successor) : undefined;
}

/** A queued upgrade whose disks no longer fit keeps them as they are. */
function safePlan(world: JobWorld, instance: InstanceRow, type: InstanceType): DiskPlan {
  try {
    return planDisks(world, instance, type, true, "upgrade");
  } catch {
    return { disk_id: null, size: null };
  }
}

/** Another region that exists; no VPC interface moves across regions; VLANs need the capability there. */
function checkDatacenterMove(world: JobWorld, instance: InstanceRow, regionId: string) {
  const region = requireRegion(regionId);
  if (regionId === instance.region) throw refusals.sameRegion(regionId);
  const interfaces = configsOf(world.store, instance.id).flatMap((c) => interfacesOf(world.store, c));
  if (interfaces.some((i) => i.purpose === "vpc")) {
    throw refusals.vpcAcrossRegions();
  }
  if (interfaces.some((i) => i.purpose === "vlan") && !region.capabilities.includes(VLAN_CAPABILITY)) {
    throw refusals.noVlans(regionId);
  }
}
