/**
 * Building and changing instance rows: the record, labels (unique; default `compute<id>`), tags,
 * region and type lookups, a new row's addresses, specs and alert defaults, and the end states of
 * lifecycles (disks ready, running with a config).
 */
import { randomUUID } from "node:crypto";
import {
  BACKUPS_CAPABILITY,
  regionProblems,
  typeProblems,
  type Instance,
  type InstanceType,
} from "../../contract";
import { ApiError, refuse } from "../api-error";
import type { JobWorld } from "../jobs";
import { findType } from "../seed/types";
import type { InstanceRow, JobRow, UserRow } from "../state";
import type { Store } from "../store";
import { configsOf, disksOf } from "./instance-access";
import { allocateIpv6, allocatePrivateIpv4, allocatePublicIpv4 } from "./instance-addresses";
import { configRef, finishAction, startAction } from "./instance-events";
import { findRegion } from "./regions";

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
  if (labelTaken(store, label, exceptId))
    throw ApiError.badRequest("Label must be unique among your instances", "label");
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
export function finishDeploy(world: JobWorld, job: JobRow) {
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
