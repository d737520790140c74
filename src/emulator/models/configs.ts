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
  addedInterfaceProblems,
} from "../../contract";
import { notFound } from "./errors";
import { ApiError, refuse } from "../api-error";
import type { JobWorld } from "../jobs";
import { paginate } from "../paginate";
import type { Body, Params, Query, World } from "../router";
import { findKernel } from "../seed/kernels";
import type { ConfigRow, InstanceRow, InterfaceRow, UserRow } from "../state";
import type { Store } from "../store";
import { configOf, isRunning, readableInstance, writableInstance } from "./instances";
import { emptyDevices, newConfigRow } from "./deploy";
import { configRef, notify } from "./events";
import {
  buildInterfaceList,
  interfacesOf,
  storeInterfaces,
  toInterface,
  buildInterface,
  checkRanges,
  isActive,
  natAddress,
  vpcAddress,
} from "./interface-rows";
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
  /** The profile the instance runs with cannot be deleted or reordered. */
  inUse: () =>
    ApiError.badRequest("The instance is running with this configuration profile; shut it down first"),
  vlanUpdate: () => ApiError.badRequest("vlan interfaces cannot be updated"),
  publicUpdate: (field: string) =>
    ApiError.badRequest("Only primary can be updated on a public interface", field),
  activeInterface: () =>
    ApiError.badRequest(
      "Active interfaces cannot be deleted; shut the instance down or reboot it with another configuration profile first",
    ),
  order: () => ApiError.badRequest("ids must list every interface of the profile exactly once", "ids"),
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
export function runsWith(instance: InstanceRow, configId: number): boolean {
  return isRunning(instance) && instance.booted_config_id === configId;
}

export function listConfigs(
  world: World,
  user: UserRow,
  path: Params<typeof e.listConfigs>,
  query: Query<typeof e.listConfigs>,
) {
  const instance = readableInstance(world, user, path.computeId);
  return paginate(
    configsOf(world.store, instance.id).map((c) => toConfig(world.store, c)),
    query,
  );
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
  if (runsWith(instance, config.id)) {
    throw refusals.inUse();
  }
  removeConfig(store, config);
  if (instance.booted_config_id === config.id) {
    store.table("instances").put({ ...instance, booted_config_id: null, active_interface_ids: [] });
  }
  notify(world, user, "compute_config_delete", instance, configRef(config));
  return {};
}

/**
 * Interfaces of a configuration profile: a bare ordered array; add (at most three, one public, unique
 * vlan labels and IPAM addresses, a new primary demotes the old one), update (public: primary only;
 * vlan: not allowed; vpc: primary, ipv4, ip_ranges), delete (not while active), order (every ID once;
 * not while the profile is active). Add, update and delete emit compute_config_update.
 */
function interfaceOf(world: JobWorld, config: ConfigRow, id: number): InterfaceRow {
  const row = world.store.table("interfaces").get(id);
  if (!row || row.config_id !== config.id) throw ApiError.notFound();
  return row;
}

function changed(world: JobWorld, user: UserRow, instance: InstanceRow, config: ConfigRow) {
  const fresh = world.store.table("configs").put({ ...config, updated: world.clock.timestamp() });
  notify(world, user, "compute_config_update", instance, configRef(fresh));
}

/** Only one interface of a profile is primary: the others are demoted. */
function demoteOthers(world: JobWorld, config: ConfigRow, keep: number) {
  for (const other of interfacesOf(world.store, config)) {
    if (other.id !== keep && other.primary) world.store.table("interfaces").put({ ...other, primary: false });
  }
}

export function listInterfaces(world: World, user: UserRow, path: Params<typeof e.listInterfaces>) {
  const instance = readableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  return interfacesOf(world.store, config).map((i) => toInterface(world.store, i));
}

export function getInterface(world: World, user: UserRow, path: Params<typeof e.getInterface>) {
  const instance = readableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  return toInterface(world.store, interfaceOf(world, config, path.interfaceId));
}

export function addInterface(
  world: World,
  user: UserRow,
  path: Params<typeof e.addInterface>,
  body: Body<typeof e.addInterface>,
) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  refuse(addedInterfaceProblems(interfacesOf(store, config), body));
  const row = store
    .table("interfaces")
    .put(buildInterface(world, { user, instance, configId: config.id }, body, ""));
  if (row.primary) demoteOthers(world, config, row.id);
  const updated = { ...config, interface_ids: [...config.interface_ids, row.id] };
  changed(world, user, instance, updated);
  return toInterface(store, row);
}

export function updateInterface(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateInterface>,
  body: Body<typeof e.updateInterface>,
) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  const row = interfaceOf(world, config, path.interfaceId);
  if (row.purpose === "vlan") throw refusals.vlanUpdate();
  if (row.purpose === "public") {
    if (body.ipv4 !== undefined) throw refusals.publicUpdate("ipv4");
    if (body.ip_ranges !== undefined) {
      throw refusals.publicUpdate("ip_ranges");
    }
  }
  let next: InterfaceRow = { ...row, primary: body.primary ?? row.primary };
  if (row.purpose === "vpc") {
    const subnet = store.table("subnets").get(row.subnet_id!)!;
    const target = { user, instance, configId: config.id, replacing: [row.id] };
    const address =
      body.ipv4?.vpc && body.ipv4.vpc !== row.ipv4?.vpc
        ? vpcAddress(store, subnet, body.ipv4.vpc, target, [], "ipv4.vpc")
        : row.ipv4!.vpc;
    const nat =
      body.ipv4 && "nat_1_1" in body.ipv4
        ? natAddress(target, body.ipv4.nat_1_1, "ipv4.nat_1_1")
        : row.ipv4!.nat_1_1;
    const ranges =
      body.ip_ranges === undefined ? row.ip_ranges : checkRanges(subnet, body.ip_ranges ?? [], "ip_ranges");
    next = { ...next, ipv4: { vpc: address, nat_1_1: nat }, ip_ranges: ranges };
  }
  store.table("interfaces").put(next);
  if (next.primary) demoteOthers(world, config, next.id);
  changed(world, user, instance, config);
  return toInterface(store, next);
}

export function deleteInterface(world: World, user: UserRow, path: Params<typeof e.deleteInterface>) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  const row = interfaceOf(world, config, path.interfaceId);
  if (isActive(store, row)) {
    throw refusals.activeInterface();
  }
  store.table("interfaces").delete(row.id);
  changed(world, user, instance, {
    ...config,
    interface_ids: config.interface_ids.filter((id) => id !== row.id),
  });
  return {};
}

export function orderInterfaces(
  world: World,
  user: UserRow,
  path: Params<typeof e.orderInterfaces>,
  body: Body<typeof e.orderInterfaces>,
) {
  const { store } = world;
  const instance = writableInstance(world, user, path.computeId);
  const config = configOf(world, instance, path.configId);
  const current = [...config.interface_ids].sort((a, b) => a - b);
  const given = [...body.ids].sort((a, b) => a - b);
  if (current.length !== given.length || current.some((id, i) => id !== given[i])) {
    throw refusals.order();
  }
  if (runsWith(instance, config.id)) {
    throw refusals.inUse();
  }
  store.table("configs").put({ ...config, interface_ids: body.ids, updated: world.clock.timestamp() });
  return {};
}
