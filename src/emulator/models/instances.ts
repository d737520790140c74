/**
 * Instances: finding one for a user (404 without a grant, 403 without read_write), its disks and
 * configs, the "busy" rule (an action waits for the instance's queued or running jobs), building and
 * changing rows (labels unique, default `compute<id>`; tags; region and type lookups; a new row's
 * addresses, specs and alert defaults) and the end states of lifecycles (disks ready, running with a
 * config).
 */
import { randomUUID } from "node:crypto";
import {
  BACKUPS_CAPABILITY,
  instanceEndpoints as e,
  regionProblems,
  spaceProblems,
  typeProblems,
  type Instance,
  type InstanceType,
} from "../../contract";
import { ApiError, refuse } from "../api-error";
import { canRead, requireWrite, revokeEntity } from "../auth";
import { allJobs, type JobWorld } from "../jobs";
import type { Body, Params } from "../router";
import { findType } from "../seed/types";
import type { ConfigRow, DiskRow, InstanceRow, UserRow } from "../state";
import { eventOf, type Job } from "./job-kinds";
import type { Store } from "../store";
import { allocateIpv6, allocatePrivateIpv4, allocatePublicIpv4 } from "./address-pools";
import { configsOf, disksOf, removeContent } from "./content";
import { countDeployment } from "./deploy";
import { busy } from "./errors";
import { completeAction, configRef, finishAction, notify, startAction } from "./events";
import { findRegion } from "../seed/regions";

const refusals = {
  labelTaken: () => ApiError.badRequest("Label must be unique among your instances", "label"),
  cannotDelete: (why: string) => ApiError.badRequest(why),
};

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
export function jobsOf(world: JobWorld, instanceId: number): Job[] {
  return world.jobs
    .pending(world, instanceId)
    .filter((j) => JOB_PREFIXES.some((prefix) => j.kind.startsWith(prefix)));
}

/** The clones being made of the instance (they keep it from being deleted or cloned again). */
export function clonesFrom(world: JobWorld, sourceId: number): Job<"instance.clone">[] {
  return allJobs(world).filter(
    (j): j is Job<"instance.clone"> => j.kind === "instance.clone" && j.payload.source_id === sourceId,
  );
}

/** 400 `Compute instance busy.` while another action is queued or running. */
export function requireIdle(world: JobWorld, instance: InstanceRow): void {
  if (jobsOf(world, instance.id).length > 0) throw busy();
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

export function toInstance(row: InstanceRow): Instance {
  const {
    public_ipv4: _p,
    private_ipv4: _q,
    booted_config_id: _b,
    active_interface_ids: _a,
    stackscript_id: _s,
    pending_migration: _m,
    ...record
  } = row;
  return record;
}

export function labelTaken(store: Store, label: string, exceptId?: number): boolean {
  return store.table("instances").find((i) => i.label === label && i.id !== exceptId) !== undefined;
}

export function requireFreeLabel(store: Store, label: string, exceptId?: number) {
  if (labelTaken(store, label, exceptId)) throw refusals.labelTaken();
}

/** `compute<id>`, or with a suffix when a user already took that label. */
export function defaultLabel(store: Store, id: number): string {
  let label = `compute${id}`;
  for (let n = 2; labelTaken(store, label); n++) label = `compute${id}-${n}`;
  return label;
}

/** Tags are created on first use. */
export function ensureTags(store: Store, labels: string[]) {
  for (const label of labels) {
    if (!store.table("tags").find((t) => t.label === label))
      store.table("tags").put({ id: store.nextId("tag"), label });
  }
}

/** Changing tags needs an unrestricted user. */
export function requireTagger(user: UserRow, tags: string[] | undefined) {
  if (tags !== undefined && user.restricted) throw ApiError.forbidden();
}

export function requireRegion(id: string, field = "region") {
  const region = findRegion(id);
  refuse(regionProblems(id, region, undefined, field));
  return region!;
}

export function requireType(id: string, field = "type"): InstanceType {
  const type = findType(id);
  refuse(typeProblems(id, type, field));
  return type!;
}

export function specsOf(type: InstanceType): Instance["specs"] {
  return {
    disk: type.disk,
    memory: type.memory,
    vcpus: type.vcpus,
    gpus: type.gpus,
    transfer: type.transfer,
  };
}

/** A new instance row (not stored): addresses, specs and alert defaults from the type. */
export function newInstanceRow(
  world: JobWorld,
  fields: {
    label?: string;
    region: string;
    type: InstanceType;
    status: InstanceRow["status"];
    image?: string | null;
    group?: string;
    tags?: string[];
    backups_enabled?: boolean;
    private_ip?: boolean;
    has_user_data?: boolean;
  },
): InstanceRow {
  const { store, clock } = world;
  const id = store.nextId("compute");
  const now = clock.timestamp();
  const publicIpv4 = allocatePublicIpv4(store);
  const privateIpv4 = fields.private_ip ? allocatePrivateIpv4(store) : null;
  const region = findRegion(fields.region)!;
  return {
    id,
    label: fields.label ?? defaultLabel(store, id),
    region: fields.region,
    type: fields.type.id,
    image: fields.image ?? null,
    group: fields.group ?? "",
    tags: fields.tags ?? [],
    status: fields.status,
    hypervisor: "kvm",
    host_uuid: randomUUID(),
    has_user_data: fields.has_user_data ?? false,
    ipv4: privateIpv4 ? [publicIpv4, privateIpv4] : [publicIpv4],
    ipv6: allocateIpv6(store),
    specs: specsOf(fields.type),
    alerts: { cpu: 90 * fields.type.vcpus, io: 10000, network_in: 10, network_out: 10, transfer_quota: 80 },
    backups: {
      available: region.capabilities.includes(BACKUPS_CAPABILITY),
      enabled: (fields.backups_enabled ?? false) && region.capabilities.includes(BACKUPS_CAPABILITY),
      last_successful: null,
      schedule: { day: null, window: null },
    },
    watchdog_enabled: true,
    created: now,
    updated: now,
    public_ipv4: publicIpv4,
    private_ipv4: privateIpv4,
    booted_config_id: null,
    active_interface_ids: [],
    stackscript_id: null,
    pending_migration: null,
  };
}

/** Marks the instance's `not ready` disks ready (the end of a deploy, clone or restore). */
export function readyDisks(world: JobWorld, instanceId: number) {
  for (const disk of disksOf(world.store, instanceId).filter((d) => d.status === "not ready")) {
    world.store.table("disks").put({ ...disk, status: "ready", updated: world.clock.timestamp() });
  }
}

/** Powers the instance on with a config: its interfaces at this moment become the active ones. */
export function runWith(world: JobWorld, instance: InstanceRow, configId: number | null): InstanceRow {
  const config = configId === null ? undefined : world.store.table("configs").get(configId);
  return world.store.table("instances").put({
    ...instance,
    status: "running",
    booted_config_id: config?.id ?? null,
    active_interface_ids: config?.interface_ids ?? [],
    updated: world.clock.timestamp(),
  });
}

/** A deploy (create or rebuild) is done: its disks are ready, and it runs its first config when it
 * was asked to boot (a `compute_boot` event with the config, as the API records one, so that clients
 * can tell which config an instance runs with), else it stays offline. */
export function finishDeploy(world: JobWorld, job: Job<"instance.create" | "instance.rebuild">) {
  const instance = world.store.table("instances").get(job.entity_id);
  if (!instance) return;
  readyDisks(world, instance.id);
  const [config] = configsOf(world.store, instance.id);
  if (job.payload.boot && config) {
    const bootEvent = startAction(world, null, "compute_boot", instance, configRef(config));
    runWith(world, instance, config.id);
    finishAction(world, bootEvent);
  } else
    world.store.table("instances").put({ ...instance, status: "offline", updated: world.clock.timestamp() });
  finishAction(world, job.payload.event_id);
}

/** Why an instance cannot be deleted now, if it cannot. */
function deleteBlocker(world: JobWorld, instance: InstanceRow): string | undefined {
  if (instance.status === "cloning" || instance.status === "restoring") {
    return `Compute instance cannot be deleted while it is ${instance.status}`;
  }
  if (clonesFrom(world, instance.id).length)
    return "Compute instance cannot be deleted while it is being cloned";
  return undefined;
}

/** The instances `user` may read. */
export function listInstances({ store }: JobWorld, user: UserRow): Instance[] {
  return store
    .table("instances")
    .filter((i) => canRead(user, "compute", i.id))
    .map(toInstance);
}

export function getInstance(world: JobWorld, user: UserRow, params: Params<typeof e.getInstance>): Instance {
  return toInstance(readableInstance(world, user, params.computeId));
}

/** Node balancers are not emulated: a readable instance has none. */
export function listInstanceNodeBalancers(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.listInstanceNodeBalancers>,
): never[] {
  readableInstance(world, user, params.computeId);
  return [];
}

/** Volumes are not emulated: a readable instance has none. */
export function listInstanceVolumes(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.listInstanceVolumes>,
): never[] {
  readableInstance(world, user, params.computeId);
  return [];
}

/** Deletes the instance (400 while it is cloned or restored): a `compute_delete` done at once. */
export function deleteInstance(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.deleteInstance>,
): Record<string, never> {
  const instance = writableInstance(world, user, params.computeId);
  const blocker = deleteBlocker(world, instance);
  if (blocker) throw refusals.cannotDelete(blocker);
  removeInstance(world, instance);
  completeAction(world, user, "compute_delete", instance);
  return {};
}

/**
 * The instance's cascade, for every path that deletes one: its queued jobs fail, its interfaces,
 * configs, disks and backups go with it, its StackScript counts one active deployment less and
 * nobody holds a grant on it any more.
 */
export function removeInstance(world: JobWorld, instance: InstanceRow): void {
  const { store } = world;
  for (const job of jobsOf(world, instance.id)) {
    finishAction(world, eventOf(job), "failed");
    store.table("jobs").delete(job.id);
  }
  for (const i of store.table("interfaces").filter((r) => r.compute_id === instance.id))
    store.table("interfaces").delete(i.id);
  removeContent(store, { configs: configsOf(store, instance.id), disks: disksOf(store, instance.id) });
  for (const b of store.table("backups").filter((r) => r.compute_id === instance.id))
    store.table("backups").delete(b.id);
  store.table("instances").delete(instance.id);
  if (instance.stackscript_id !== null) {
    countDeployment(store, store.table("stackscripts").get(instance.stackscript_id), -1);
  }
  revokeEntity(store, "compute", instance.id);
}

export function updateInstance(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.updateInstance>,
  body: Body<typeof e.updateInstance>,
): Instance {
  const { store, clock } = world;
  const instance = writableInstance(world, user, params.computeId);
  requireTagger(user, body.tags);
  if (body.label !== undefined) requireFreeLabel(store, body.label, instance.id);
  const schedule = { ...instance.backups.schedule, ...body.backups?.schedule };
  const updated = store.table("instances").put({
    ...instance,
    label: body.label ?? instance.label,
    group: body.group ?? instance.group,
    tags: body.tags ?? instance.tags,
    watchdog_enabled: body.watchdog_enabled ?? instance.watchdog_enabled,
    alerts: { ...instance.alerts, ...body.alerts },
    backups: { ...instance.backups, schedule },
    updated: clock.timestamp(),
  });
  ensureTags(store, updated.tags);
  notify(world, user, "compute_update", updated);
  return toInstance(updated);
}
