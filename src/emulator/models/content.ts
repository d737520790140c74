/**
 * What an instance holds (disks; configs with their interfaces) and its cascades: a config goes with
 * its interfaces, a replaced content (rebuild, restore with `overwrite`) with all of them.
 *
 * Copying disks and configs onto an instance: clones (from another instance) and restores (from a
 * backup's content). Disks arrive `not ready`; configs point at the copies; interfaces are rebuilt
 * for the target (VPC addresses assigned anew, 1:1 NAT becomes `any` = the target's public IPv4).
 */
import { DEVICE_NAMES, type Devices, type InterfaceRequest } from "../../contract";
import type { JobWorld } from "../jobs";
import type { ConfigRow, DiskRow, InstanceRow, InterfaceRow, UserRow } from "../state";
import type { Store } from "../store";
import { newConfigRow, newDisk } from "./deploy";
import { buildInterface, storeInterfaces } from "./interface-rows";

export interface Content {
  disks: DiskRow[];
  configs: { config: ConfigRow; interfaces: InterfaceRow[] }[];
}

export function disksOf(store: Store, instanceId: number): DiskRow[] {
  return store.table("disks").filter((d) => d.compute_id === instanceId);
}

export function configsOf(store: Store, instanceId: number): ConfigRow[] {
  return store.table("configs").filter((c) => c.compute_id === instanceId);
}

/** The configs and disks an instance holds now. */
export function heldBy(store: Store, instanceId: number): { configs: ConfigRow[]; disks: DiskRow[] } {
  return { configs: configsOf(store, instanceId), disks: disksOf(store, instanceId) };
}

/** Deletes a config and its interfaces. */
export function removeConfig(store: Store, config: ConfigRow): void {
  for (const id of config.interface_ids) store.table("interfaces").delete(id);
  store.table("configs").delete(config.id);
}

/** Deletes configs (with their interfaces) and disks. */
export function removeContent(store: Store, held: { configs: ConfigRow[]; disks: DiskRow[] }): void {
  for (const config of held.configs) removeConfig(store, config);
  for (const disk of held.disks) store.table("disks").delete(disk.id);
}

/** Puts `content` on the instance in place of what it holds (the new content is built first, so
 * that a refusal leaves the instance as it was). */
export function replaceContent(world: JobWorld, user: UserRow, target: InstanceRow, content: Content) {
  const replaced = heldBy(world.store, target.id);
  copyContent(world, user, target, content);
  removeContent(world.store, replaced);
}

/** The request that recreates an interface row on another instance. */
export function interfaceTemplate(row: InterfaceRow): InterfaceRequest {
  if (row.purpose === "public") return { purpose: "public", primary: row.primary };
  if (row.purpose === "vlan") {
    return { purpose: "vlan", primary: false, label: row.label, ipam_address: row.ipam_address };
  }
  return {
    purpose: "vpc",
    primary: row.primary,
    subnet_id: row.subnet_id,
    ipv4: { nat_1_1: row.ipv4?.nat_1_1 ? "any" : null },
    ip_ranges: row.ip_ranges ?? [],
  };
}

/** Builds every interface first (so that a refusal leaves nothing behind), then stores disks and configs. */
export function copyContent(world: JobWorld, user: UserRow, target: InstanceRow, content: Content) {
  const planned = content.configs.map(({ config, interfaces }, i) => {
    const row = newConfigRow(world, target, { ...configFields(config) });
    const built: InterfaceRow[] = [];
    interfaces.forEach((iface, j) =>
      built.push(
        buildInterface(
          world,
          { user, instance: target, configId: row.id },
          interfaceTemplate(iface),
          `configs[${i}].interfaces[${j}].`,
          built,
        ),
      ),
    );
    return { row, built, source: config };
  });
  const diskIds = new Map<number, number>();
  const disks = content.disks.map((d) => {
    const copy = newDisk(world, target, {
      label: d.label,
      size: d.size,
      filesystem: d.filesystem,
      image: d.image,
    });
    diskIds.set(d.id, copy.id);
    return copy;
  });
  const configs = planned.map(({ row, built, source }) => {
    const devices = remap(source.devices, diskIds);
    world.store.table("configs").put({ ...row, devices });
    return storeInterfaces(world.store, { ...row, devices }, built);
  });
  return { disks, configs };
}

function configFields(c: ConfigRow) {
  const { id: _i, compute_id: _c, interface_ids: _f, created: _cr, updated: _u, devices: _d, ...fields } = c;
  return fields;
}

function remap(devices: Devices, diskIds: Map<number, number>): Devices {
  const out = { ...devices };
  for (const name of DEVICE_NAMES) {
    const slot = devices[name];
    const copied = slot?.disk_id != null ? diskIds.get(slot.disk_id) : undefined;
    out[name] = copied !== undefined ? { disk_id: copied, volume_id: null } : null;
  }
  return out;
}
