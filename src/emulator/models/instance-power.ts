/**
 * Power actions: boot, reboot, shutdown and rescue. Each waits for queued or running actions
 * (400 `Compute instance busy.`), sets a transitional status, emits `started` and finishes on the
 * emulator clock (`instance.boot`, `instance.shutdown`).
 */
import { DEVICE_NAMES, instanceEndpoints as e } from "../../contract";
import { notFound } from "./errors";
import { ApiError } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Body, Params, World } from "../router";
import type { ConfigRow, InstanceRow, UserRow } from "../state";
import { diskOf, requireIdle, runWith, writableInstance } from "./instances";
import { configRef, finishAction, startAction } from "./events";
import { configsOf } from "./content";
import type { Job } from "./job-kinds";

const refusals = {
  notOfInstance: (what: string, field: string) => ApiError.badRequest(`${what} of this instance`, field),
};

/** Boot: the given config; else the only one; else the last booted; else an error. */
function bootConfig(world: JobWorld, instance: InstanceRow, configId: number | undefined): ConfigRow {
  if (configId !== undefined) return givenConfig(world, instance, configId);
  const configs = configsOf(world.store, instance.id);
  if (configs.length === 1) return configs[0]!;
  const last = configs.find((c) => c.id === instance.booted_config_id);
  if (last) return last;
  throw noConfig(configs.length);
}

/** Reboot: the given config; else the last booted; else the only one; else an error. */
function rebootConfig(
  world: JobWorld,
  instance: InstanceRow,
  configId: number | null | undefined,
): ConfigRow {
  if (configId !== undefined && configId !== null) return givenConfig(world, instance, configId);
  const configs = configsOf(world.store, instance.id);
  const last = configs.find((c) => c.id === instance.booted_config_id);
  if (last) return last;
  if (configs.length === 1) return configs[0]!;
  throw noConfig(configs.length);
}

function givenConfig(world: JobWorld, instance: InstanceRow, configId: number): ConfigRow {
  const config = world.store.table("configs").get(configId);
  if (!config || config.compute_id !== instance.id) {
    throw refusals.notOfInstance(`Config ${configId} is not a configuration profile`, "config_id");
  }
  return config;
}

function noConfig(count: number): ApiError {
  return count === 0
    ? ApiError.badRequest("Compute instance has no configuration profile to boot")
    : ApiError.badRequest(
        "Compute instance has more than one configuration profile and none was booted last; give config_id",
        "config_id",
      );
}

function startBoot(
  world: JobWorld,
  user: UserRow,
  instance: InstanceRow,
  config: ConfigRow | null,
  status: "booting" | "rebooting",
  action: string,
) {
  world.store.table("instances").put({ ...instance, status, updated: world.clock.timestamp() });
  const eventId = startAction(world, user, action, instance, config ? configRef(config) : null);
  world.jobs.schedule(world, "instance.boot", instance.id, world.jobs.timing("instance.boot", 3000), {
    event_id: eventId,
    config_id: config?.id ?? null,
  });
}

export function finishBoot(world: JobWorld, job: Job<"instance.boot">): void {
  const instance = world.store.table("instances").get(job.entity_id);
  if (!instance) return;
  runWith(world, instance, job.payload.config_id);
  finishAction(world, job.payload.event_id);
}

export function finishShutdown(world: JobWorld, job: Job<"instance.shutdown">): void {
  const instance = world.store.table("instances").get(job.entity_id);
  if (!instance) return;
  world.store.table("instances").put({ ...instance, status: "offline", updated: world.clock.timestamp() });
  finishAction(world, job.payload.event_id);
}

export function bootInstance(
  world: World,
  user: UserRow,
  path: Params<typeof e.bootInstance>,
  body: Body<typeof e.bootInstance>,
) {
  const instance = writableInstance(world, user, path.computeId);
  requireIdle(world, instance);
  if (instance.status === "running") return {};
  const config = bootConfig(world, instance, body.config_id);
  startBoot(world, user, instance, config, "booting", "compute_boot");
  return {};
}

export function rebootInstance(
  world: World,
  user: UserRow,
  path: Params<typeof e.rebootInstance>,
  body: Body<typeof e.rebootInstance>,
) {
  const instance = writableInstance(world, user, path.computeId);
  requireIdle(world, instance);
  const config = rebootConfig(world, instance, body.config_id);
  startBoot(world, user, instance, config, "rebooting", "compute_reboot");
  return {};
}

export function shutdownInstance(world: World, user: UserRow, path: Params<typeof e.shutdownInstance>) {
  const instance = writableInstance(world, user, path.computeId);
  requireIdle(world, instance);
  if (instance.status === "offline") return {};
  world.store
    .table("instances")
    .put({ ...instance, status: "shutting_down", updated: world.clock.timestamp() });
  const eventId = startAction(world, user, "compute_shutdown", instance);
  world.jobs.schedule(world, "instance.shutdown", instance.id, world.jobs.timing("instance.shutdown", 3000), {
    event_id: eventId,
  });
  return {};
}

export function rescueInstance(
  world: World,
  user: UserRow,
  path: Params<typeof e.rescueInstance>,
  body: Body<typeof e.rescueInstance>,
) {
  const instance = writableInstance(world, user, path.computeId);
  requireIdle(world, instance);
  const devices = body.devices ?? {};
  for (const name of DEVICE_NAMES) {
    const slot = devices[name];
    if (slot?.disk_id != null) {
      try {
        diskOf(world, instance, slot.disk_id);
      } catch {
        throw refusals.notOfInstance(`Disk ${slot.disk_id} is not a disk`, `devices.${name}.disk_id`);
      }
    }
    if (slot?.volume_id != null) throw notFound("Volume", slot.volume_id, `devices.${name}.volume_id`);
  }
  const status = instance.status === "running" ? "rebooting" : "booting";
  startBoot(world, user, instance, null, status, "compute_boot");
  return {};
}
