/**
 * Interfaces of a configuration profile: a bare ordered array; add (at most three, one public, unique
 * vlan labels and IPAM addresses, a new primary demotes the old one), update (public: primary only;
 * vlan: not allowed; vpc: primary, ipv4, ip_ranges), delete (not while active), order (every ID once;
 * not while the profile is active). Add, update and delete emit compute_config_update. Building an
 * interface row against the state: `interface-rows.ts`.
 */
import { addedInterfaceProblems, configEndpoints as e } from "../../contract";
import { ApiError, refuse } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Body, Params, World } from "../router";
import type { ConfigRow, InstanceRow, InterfaceRow, UserRow } from "../state";
import { requireNotRunning } from "./configs";
import { configRef, notify } from "./events";
import { configOf, readableInstance, writableInstance } from "./instances";
import {
  buildInterface,
  checkRanges,
  interfacesOf,
  isActive,
  natAddress,
  toInterface,
  vpcAddress,
} from "./interface-rows";

const refusals = {
  vlanUpdate: () => ApiError.badRequest("vlan interfaces cannot be updated"),
  publicUpdate: (field: string) =>
    ApiError.badRequest("Only primary can be updated on a public interface", field),
  activeInterface: () =>
    ApiError.badRequest(
      "Active interfaces cannot be deleted; shut the instance down or reboot it with another configuration profile first",
    ),
  order: () => ApiError.badRequest("ids must list every interface of the profile exactly once", "ids"),
};

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
  requireNotRunning(instance, config);
  store.table("configs").put({ ...config, interface_ids: body.ids, updated: world.clock.timestamp() });
  return {};
}
