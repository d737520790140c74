/**
 * Clone: disks and configs of a source instance onto a new instance (region and type required) or an
 * existing one (it must be idle and have room). Needs add_computes; at most five clones from one
 * source run at once; tags are copied; user data needs a new instance with `metadata.user_data`;
 * interfaces are rebuilt (1:1 NAT becomes `any`). The target is `cloning` until `instance.clone` is
 * due, then offline (a new instance) or back in its power state (an existing one).
 */
import {
  INSTANCE_LIMITS,
  instanceEndpoints as e,
  type CloneRequest,
  type InstanceType,
} from "../../contract";
import { ApiError } from "../api-error";
import { grantCreator, requireGlobal } from "../auth";
import type { JobWorld } from "../jobs";
import type { Body, Params, World } from "../router";
import type { InstanceRow, UserRow } from "../state";
import {
  diskSpaceUsed,
  ensureTags,
  clonesFrom,
  isRunning,
  newInstanceRow,
  readableInstance,
  readyDisks,
  requireFreeLabel,
  requireIdle,
  requireRegion,
  requireType,
  runWith,
  toInstance,
  writableInstance,
} from "./instances";
import { copyContent, type Content, configsOf, disksOf } from "./content";
import { checkUserDataRegion } from "./deploy";
import { computeRef, finishAction, startAction } from "./events";
import { interfacesOf } from "./interface-rows";
import type { Job } from "./job-kinds";

const refusals = {
  notOfSource: (kind: "Disk" | "Config", id: number, field: string) =>
    ApiError.badRequest(`${kind} ${id} is not a ${kind.toLowerCase()} of the source`, field),
  ontoItself: () => ApiError.badRequest("An instance cannot be cloned onto itself", "compute_id"),
  noSpace: (needed: number, free: number) =>
    ApiError.badRequest(
      `Not enough free disk space on the target: ${needed} MB needed, ${free} MB free`,
      "compute_id",
    ),
  typeTooSmall: (type: InstanceType, needed: number) =>
    ApiError.badRequest(`Type ${type.id} allows ${type.disk} MB; the clone needs ${needed} MB`, "type"),
  tooManyClones: () =>
    ApiError.badRequest(
      `At most ${INSTANCE_LIMITS.concurrentClones} clones from one instance can run at a time`,
    ),
  userData: () =>
    ApiError.badRequest(
      "An instance with user data must be cloned to a new instance with metadata.user_data",
      "metadata.user_data",
    ),
};

/** What is cloned: both omitted = everything; disks only = those disks; configs = those and their disks. */
function selection(world: JobWorld, source: InstanceRow, body: CloneRequest): Content {
  const disks = disksOf(world.store, source.id);
  const configs = configsOf(world.store, source.id);
  for (const id of body.disks ?? []) {
    if (!disks.some((d) => d.id === id)) throw refusals.notOfSource("Disk", id, "disks");
  }
  for (const id of body.configs ?? []) {
    if (!configs.some((c) => c.id === id)) throw refusals.notOfSource("Config", id, "configs");
  }
  const chosenConfigs =
    body.configs !== undefined
      ? configs.filter((c) => body.configs!.includes(c.id))
      : body.disks
        ? []
        : configs;
  const referenced = new Set(chosenConfigs.flatMap((c) => Object.values(c.devices).map((d) => d?.disk_id)));
  const chosenDisks =
    body.disks !== undefined
      ? disks.filter((d) => body.disks!.includes(d.id))
      : body.configs !== undefined
        ? disks.filter((d) => referenced.has(d.id))
        : disks;
  return {
    disks: chosenDisks,
    configs: chosenConfigs.map((config) => ({ config, interfaces: interfacesOf(world.store, config) })),
  };
}

function targetOf(
  world: JobWorld,
  user: UserRow,
  source: InstanceRow,
  body: CloneRequest,
  needed: number,
): InstanceRow {
  if (body.compute_id !== undefined) {
    if (body.compute_id === source.id) throw refusals.ontoItself();
    const target = writableInstance(world, user, body.compute_id);
    requireIdle(world, target);
    const free = target.specs.disk - diskSpaceUsed(world.store, target.id);
    if (needed > free) {
      throw refusals.noSpace(needed, free);
    }
    return target;
  }
  requireRegion(body.region!);
  const type = requireType(body.type!);
  if (body.label !== undefined) requireFreeLabel(world.store, body.label);
  if (needed > type.disk) {
    throw refusals.typeTooSmall(type, needed);
  }
  if (body.metadata?.user_data !== undefined) checkUserDataRegion(body.region!);
  return newInstanceRow(world, {
    label: body.label,
    region: body.region!,
    type,
    status: "cloning",
    image: source.image,
    group: body.group ?? source.group,
    tags: [...source.tags],
    backups_enabled: body.backups_enabled,
    private_ip: body.private_ip,
    has_user_data: body.metadata?.user_data !== undefined,
  });
}

/** A clone is done: its disks are ready; a new instance is offline, an existing one back in its power state. */
export function finishClone(world: JobWorld, job: Job<"instance.clone">): void {
  const target = world.store.table("instances").get(job.entity_id);
  if (!target) return;
  readyDisks(world, target.id);
  if (job.payload.was_running) runWith(world, target, target.booted_config_id);
  else world.store.table("instances").put({ ...target, status: "offline", updated: world.clock.timestamp() });
  finishAction(world, job.payload.event_id);
}

export function cloneInstance(
  world: World,
  user: UserRow,
  path: Params<typeof e.cloneInstance>,
  body: Body<typeof e.cloneInstance>,
) {
  const { store } = world;
  requireGlobal(user, "add_computes");
  const source = readableInstance(world, user, path.computeId);
  if (clonesFrom(world, source.id).length >= INSTANCE_LIMITS.concurrentClones) {
    throw refusals.tooManyClones();
  }
  if (source.has_user_data && (body.compute_id !== undefined || body.metadata?.user_data === undefined)) {
    throw refusals.userData();
  }
  const content = selection(world, source, body);
  const needed = content.disks.reduce((sum, d) => sum + d.size, 0);
  const target = targetOf(world, user, source, body, needed);
  const existing = store.table("instances").get(target.id) !== undefined;
  copyContent(world, user, target, content);
  const cloning = store
    .table("instances")
    .put({ ...target, status: "cloning", updated: world.clock.timestamp() });
  if (!existing) {
    ensureTags(store, cloning.tags);
    grantCreator(store, user, "compute", cloning.id, cloning.label);
  }
  const eventId = startAction(world, user, "compute_clone", source, computeRef(cloning));
  world.jobs.schedule(world, "instance.clone", cloning.id, world.jobs.timing("instance.clone", 6000), {
    event_id: eventId,
    source_id: source.id,
    was_running: existing && isRunning(target),
  });
  return toInstance(cloning);
}
