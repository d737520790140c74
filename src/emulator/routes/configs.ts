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
import { notFound } from "../models/errors";
import { ApiError, refuse } from "../api-error";
import type { JobWorld } from "../jobs";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { findKernel } from "../seed/kernels";
import type { ConfigRow, InstanceRow } from "../state";
import type { Store } from "../store";
import { configOf, isRunning, readableInstance, writableInstance } from "../models/instances";
import { emptyDevices, newConfigRow } from "../models/deploy";
import { configRef, notify } from "../models/events";
import { buildInterfaceList, interfacesOf, storeInterfaces, toInterface } from "../models/interfaces";
import { configsOf, disksOf, removeConfig } from "../models/content";

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
      throw ApiError.badRequest("A device holds either a disk_id or a volume_id", field);
    }
    if (slot.volume_id != null) throw notFound("Volume", slot.volume_id, `${field}.volume_id`);
    refuse(
      deviceProblems(
        { [name]: slot },
        disksOf(world.store, instance.id).map((d) => d.id),
      ),
    );
    const disk = world.store.table("disks").get(slot.disk_id!)!;
    if (used.has(disk.id))
      throw ApiError.badRequest(`Disk ${disk.id} is assigned to more than one device`, `${field}.disk_id`);
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
    throw ApiError.badRequest(
      `memory_limit must be at most the instance's ${instance.specs.memory} MB`,
      "memory_limit",
    );
  }
}

/** Is this the profile the instance runs with (or is booting into / shutting down from)? */
export function runsWith(instance: InstanceRow, configId: number): boolean {
  return isRunning(instance) && instance.booted_config_id === configId;
}

export function configRoutes(router: Router) {
  router
    .on(e.listConfigs, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      return paginate(
        configsOf(ctx.store, instance.id).map((c) => toConfig(ctx.store, c)),
        ctx.query,
      );
    })
    .on(e.getConfig, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      return toConfig(ctx.store, configOf(ctx, instance, ctx.params.configId));
    })
    .on(e.createConfig, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      checkKernel(body.kernel);
      checkMemory(instance, body.memory_limit);
      const devices = devicesFrom(ctx, instance, body.devices);
      const { interfaces: requested, helpers, comments, ...fields } = body;
      const row = newConfigRow(ctx, instance, { ...fields, comments: comments ?? "", devices });
      row.helpers = { ...row.helpers, ...helpers };
      const interfaces = buildInterfaceList(ctx, { user, instance, configId: row.id }, requested);
      const config = storeInterfaces(store, row, interfaces);
      notify(ctx, user, "compute_config_create", instance, configRef(config));
      return toConfig(store, config);
    })
    .on(e.updateConfig, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      checkKernel(body.kernel);
      checkMemory(instance, body.memory_limit);
      const { interfaces: requested, helpers, devices: requestedDevices, ...fields } = body;
      const devices = requestedDevices ? devicesFrom(ctx, instance, requestedDevices) : config.devices;
      if ((body.virt_mode ?? config.virt_mode) === "fullvirt") {
        const bad = ["sde", "sdf", "sdg", "sdh"].find((d) => devices[d as keyof Devices]);
        if (bad) throw ApiError.badRequest(`${bad} is unavailable in fullvirt mode`, `devices.${bad}`);
      }
      // null is what clients send when they leave the interfaces alone.
      const interfaces =
        requested === undefined || requested === null
          ? undefined
          : buildInterfaceList(
              ctx,
              { user, instance, configId: config.id, replacing: config.interface_ids },
              requested,
            );
      let updated: ConfigRow = {
        ...config,
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        ...(fields.comments === null ? { comments: "" } : {}),
        helpers: { ...config.helpers, ...helpers },
        devices,
        updated: ctx.clock.timestamp(),
      };
      updated = interfaces
        ? storeInterfaces(store, updated, interfaces)
        : store.table("configs").put(updated);
      notify(ctx, user, "compute_config_update", instance, configRef(updated));
      return toConfig(store, updated);
    })
    .on(e.deleteConfig, (ctx) => {
      const { store, user } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      if (runsWith(instance, config.id)) {
        throw ApiError.badRequest(
          "The instance is running with this configuration profile; shut it down first",
        );
      }
      removeConfig(store, config);
      if (instance.booted_config_id === config.id) {
        store.table("instances").put({ ...instance, booted_config_id: null, active_interface_ids: [] });
      }
      notify(ctx, user, "compute_config_delete", instance, configRef(config));
      return {};
    });
}
