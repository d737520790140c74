/**
 * Interfaces of a configuration profile: a bare ordered array; add (at most three, one public, unique
 * vlan labels and IPAM addresses, a new primary demotes the old one), update (public: primary only;
 * vlan: not allowed; vpc: primary, ipv4, ip_ranges), delete (not while active), order (every ID once;
 * not while the profile is active). Add, update and delete emit compute_config_update.
 */
import { addedInterfaceProblems, configEndpoints as e } from "../../contract";
import { ApiError, refuse } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Router } from "../router";
import type { ConfigRow, InstanceRow, InterfaceRow, UserRow } from "../state";
import { configOf, readableInstance, writableInstance } from "../models/instances";
import { configRef, notify } from "../models/events";
import { runsWith } from "./configs";
import {
  buildInterface,
  checkRanges,
  interfacesOf,
  isActive,
  natAddress,
  toInterface,
  vpcAddress,
} from "../models/interfaces";

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

export function interfaceRoutes(router: Router) {
  router
    .on(e.listInterfaces, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      return interfacesOf(ctx.store, config).map((i) => toInterface(ctx.store, i));
    })
    .on(e.getInterface, (ctx) => {
      const instance = readableInstance(ctx, ctx.user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      return toInterface(ctx.store, interfaceOf(ctx, config, ctx.params.interfaceId));
    })
    .on(e.addInterface, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      refuse(addedInterfaceProblems(interfacesOf(store, config), body));
      const row = store
        .table("interfaces")
        .put(buildInterface(ctx, { user, instance, configId: config.id }, body, ""));
      if (row.primary) demoteOthers(ctx, config, row.id);
      const updated = { ...config, interface_ids: [...config.interface_ids, row.id] };
      changed(ctx, user, instance, updated);
      return toInterface(store, row);
    })
    .on(e.updateInterface, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      const row = interfaceOf(ctx, config, ctx.params.interfaceId);
      if (row.purpose === "vlan") throw ApiError.badRequest("vlan interfaces cannot be updated");
      if (row.purpose === "public") {
        if (body.ipv4 !== undefined)
          throw ApiError.badRequest("Only primary can be updated on a public interface", "ipv4");
        if (body.ip_ranges !== undefined) {
          throw ApiError.badRequest("Only primary can be updated on a public interface", "ip_ranges");
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
          body.ip_ranges === undefined
            ? row.ip_ranges
            : checkRanges(subnet, body.ip_ranges ?? [], "ip_ranges");
        next = { ...next, ipv4: { vpc: address, nat_1_1: nat }, ip_ranges: ranges };
      }
      store.table("interfaces").put(next);
      if (next.primary) demoteOthers(ctx, config, next.id);
      changed(ctx, user, instance, config);
      return toInterface(store, next);
    })
    .on(e.deleteInterface, (ctx) => {
      const { store, user } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      const row = interfaceOf(ctx, config, ctx.params.interfaceId);
      if (isActive(store, row)) {
        throw ApiError.badRequest(
          "Active interfaces cannot be deleted; shut the instance down or reboot it with another configuration profile first",
        );
      }
      store.table("interfaces").delete(row.id);
      changed(ctx, user, instance, {
        ...config,
        interface_ids: config.interface_ids.filter((id) => id !== row.id),
      });
      return {};
    })
    .on(e.orderInterfaces, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const config = configOf(ctx, instance, ctx.params.configId);
      const current = [...config.interface_ids].sort((a, b) => a - b);
      const given = [...body.ids].sort((a, b) => a - b);
      if (current.length !== given.length || current.some((id, i) => id !== given[i])) {
        throw ApiError.badRequest("ids must list every interface of the profile exactly once", "ids");
      }
      if (runsWith(instance, config.id)) {
        throw ApiError.badRequest(
          "The instance is running with this configuration profile; shut it down first",
        );
      }
      store.table("configs").put({ ...config, interface_ids: body.ids, updated: ctx.clock.timestamp() });
      return {};
    });
}
