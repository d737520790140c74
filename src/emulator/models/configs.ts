/**
 * Configuration profiles: devices (disks of the instance, each once), kernel (must exist), defaults
 * (latest 64-bit kernel, run level `default`, `paravirt`, `/dev/sda`, memory limit = the instance's
 * RAM, comments ""), interfaces (omitted, null or `[]` = none: public networking without an interface
 * object; null on update keeps them). The profile an instance runs with cannot be deleted. Events:
 * compute_config_create, compute_config_update, compute_config_delete.
 */
import {
  configEndpoints as e,
  DEVICE_NAMES,
  deviceProblems,
  kernelProblems,
  type Config,
  type Devices,
  type DevicesRequest,
} from "../../contract";
import { notFound } from "./errors";
import { ApiError, refuse } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Body, Params, World } from "../router";
import { findKernel } from "../seed/kernels";
import type { ConfigRow, InstanceRow, UserRow } from "../state";
import type { Store } from "../store";
import { configOf, isRunning, readableInstance, writableInstance } from "./instances";
import { emptyDevices, newConfigRow } from "./deploy";
import { configRef, notify } from "./events";
import { buildInterfaceList, interfacesOf, storeInterfaces, toInterface } from "./interface-rows";
import { configsOf, disksOf, removeConfig } from "./content";

const refusals = {
  diskOrVolume: (field: string) =>
    ApiError.badRequest("A device holds either a disk_id or a volume_id", field),
  diskTwice: (diskId: number, field: string) =>
    ApiError.badRequest(`Disk ${diskId} is assigned to more than one device`, field),
  memoryLimit: (instance: InstanceRow) =>
    ApiError.badRequest(
      `memory_limit must be at most the instance's ${instance.specs.memory} MB`,
      "memory_limit",
    ),
  fullvirtDevice: (device: string) =>
    ApiError.badRequest(`${device} is unavailable in fullvirt mode`, `devices.${device}`),
  /** The profile the instance runs with cannot be deleted (nor its interfaces reordered). */
  inUse: () =>
    ApiError.badRequest("The instance is running with this configuration profile; shut it down first"),
};

export function toConfig(store: Store, row: ConfigRow): Config {
  const { compute_id: _c, interface_ids: _i, ...record } = row;
  return {
    ...record,
    initrd: record.initrd ?? null,
    interfaces: interfacesOf(store, row).map((i) => toInterface(store, i)),
  };
}

/** The request's devices as the record's: every slot, each a disk of this instance used once. */
function devicesFrom(world: JobWorld, instance: InstanceRow, req: DevicesRequest): Devices {
  const devices = emptyDevices();
  const used = new Set<number>();
  for (const name of DEVICE_NAMES) {
    const slot = req[name];
    if (!slot || (slot.disk_id == null && slot.volume_id == null)) continue;
    const field = `devices.${name}`;
    if (slot.disk_id != null && slot.volume_id != null) {
      throw refusals.diskOrVolume(field);
    }
    if (slot.volume_id != null) throw notFound("Volume", slot.volume_id, `${field}.volume_id`);
    refuse(
      deviceProblems(
        { [name]: slot },
        disksOf(world.store, instance.id).map((d) => d.id),
      ),
    );
    const disk = world.store.table("disks").get(slot.disk_id!)!;
    if (used.has(disk.id)) throw refusals.diskTwice(disk.id, `${field}.disk_id`);
    used.add(disk.id);
    devices[name] = { disk_id: disk.id, volume_id: null };
  }
  return devices;
}

function checkKernel(kernel: string | undefined) {
  if (kernel !== undefined) refuse(kernelProblems(kernel, findKernel(kernel)));
}

function checkMemory(instance: InstanceRow, limit: number | undefined) {
  if (limit !== undefined && limit > instance.specs.memory) {
    throw refusals.memoryLimit(instance);
  }
}

/** Is this the profile the instance runs with (or is booting into / shutting down from)? */
function runsWith(instance: InstanceRow, configId: number): boolean {
  return isRunning(instance) && instance.booted_config_id === configId;
}

/** 400 while the instance runs with the profile (it cannot be deleted, nor its interfaces reordered). */
export function requireNotRunning(instance: InstanceRow, config: ConfigRow): void {
  if (runsWith(instance, config.id)) throw refusals.inUse();
}

export function listConfigs(world: World, user: UserRow, path: Params<typeof e.listConfigs>): Config[] {
  const instance = readableInstance(world, user, path.computeId);
  return configsOf(world.store, instance.id).map((c) => toConfig(world.store, c));
}

export function getConfig(world: World, user: UserRow, path: Params<typeof e.getConfig>): Config {
  const instance = readableInstance(world, user, path.computeId);
  return toConfig(world.store, configOf(world, instance, path.configId));
}

export function createConfig(
  world: World,
  user: UserRow,
  path: Params<typeof e.createConfig>,
  body: Body<typeof e.createConfig>,
) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  checkKernel(body.kernel);
  checkMemory(instance, body.memory_limit);
  const devices = devicesFrom(world, instance, body.devices);
  const { interfaces: requested, helpers, comments, ...fields } = body;
  const row = newConfigRow(world, instance, { ...fields, comments: comments ?? "", devices });
  row.helpers = { ...row.helpers, ...helpers };
  const interfaces = buildInterfaceList(world, { user, instance, configId: row.id }, requested);
  const config = storeInterfaces(store, row, interfaces);
  notify(world, user, "compute_config_create", instance, configRef(config));
  return toConfig(store, config);
}

export function updateConfig(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateConfig>,
  body: Body<typeof e.updateConfig>,
) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  checkKernel(body.kernel);
  checkMemory(instance, body.memory_limit);
  const { interfaces: requested, helpers, devices: requestedDevices, ...fields } = body;
  const devices = requestedDevices ? devicesFrom(world, instance, requestedDevices) : config.devices;
  if ((body.virt_mode ?? config.virt_mode) === "fullvirt") {
    const bad = ["sde", "sdf", "sdg", "sdh"].find((d) => devices[d as keyof Devices]);
    if (bad) throw refusals.fullvirtDevice(bad);
  }
  // null is what clients send when they leave the interfaces alone.
  const interfaces =
    requested === undefined || requested === null
      ? undefined
      : buildInterfaceList(
          world,
          { user, instance, configId: config.id, replacing: config.interface_ids },
          requested,
        );
  let updated: ConfigRow = {
    ...config,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...(fields.comments === null ? { comments: "" } : {}),
    helpers: { ...config.helpers, ...helpers },
    devices,
    updated: world.clock.timestamp(),
  };
  updated = interfaces ? storeInterfaces(store, updated, interfaces) : store.table("configs").put(updated);
  notify(world, user, "compute_config_update", instance, configRef(updated));
  return toConfig(store, updated);
}

export function deleteConfig(world: World, user: UserRow, path: Params<typeof e.deleteConfig>) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  requireNotRunning(instance, config);
  removeConfig(store, config);
  if (instance.booted_config_id === config.id) {
    store.table("instances").put({ ...instance, booted_config_id: null, active_interface_ids: [] });
  }
  notify(world, user, "compute_config_delete", instance, configRef(config));
  return {};
}
