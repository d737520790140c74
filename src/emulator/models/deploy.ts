/**
 * Deploying an image: the image must exist and be available, a StackScript must accept the image and
 * get its required data, authorized users need a profile key; an image deploy creates an image disk,
 * a swap disk and a default config with its interfaces.
 */
import {
  DEFAULT_KERNEL,
  DEFAULT_ROOT_DEVICE,
  DEPLOY_LIMITS,
  DEVICE_NAMES,
  imageEndpoints,
  imageProblems,
  stackScriptProblems,
  swapProblems,
  userDataImageProblems,
  userDataRegionProblems,
  type Devices,
  type EventEntity,
  type Filesystem,
  type Image,
  type InterfaceRequest,
} from "../../contract";
import { ApiError, refuse } from "../api-error";
import { entityRef } from "../events";
import { findImage, isDeployable } from "./image-records";
import type { JobWorld } from "../jobs";
import type { ConfigRow, DiskRow, InstanceRow, StackScriptRow, UserRow } from "../state";
import type { Store } from "../store";
import { parseUdfs } from "../stackscript-udfs";
import { buildInterfaceList, storeInterfaces } from "./interface-rows";
import { findRegion } from "../seed/regions";
import { findStackScript } from "./stackscripts";

export interface DeployRequest {
  image?: string;
  stackscript_id?: number;
  stackscript_data?: Record<string, unknown>;
  authorized_users?: string[];
  metadata?: { user_data?: string };
}

export interface Deployment {
  image: Image;
  stackscript: StackScriptRow | undefined;
}

/** Checks everything a deploy names; throws 400 naming the field. */
export function checkDeploy(world: JobWorld, user: UserRow, region: string, req: DeployRequest): Deployment {
  const { store } = world;
  const found = findImage(store, user, req.image!);
  refuse(imageProblems(req.image!, found));
  const image = found!;
  if (!isDeployable(image)) {
    throw ApiError.badRequest(
      `Image ${req.image} is ${image.status}; only available images can be deployed`,
      "image",
    );
  }
  let stackscript: StackScriptRow | undefined;
  if (req.stackscript_id !== undefined) {
    stackscript = findStackScript(store, user, req.stackscript_id);
    refuse(
      stackScriptProblems(
        req.stackscript_id,
        stackscript && { ...stackscript, user_defined_fields: parseUdfs(stackscript.script) },
        image.id,
        req.stackscript_data ?? {},
      ),
    );
  }
  for (const [i, username] of (req.authorized_users ?? []).entries()) {
    const found = store.table("users").find((u) => u.username === username);
    if (!found || !store.table("ssh_keys").find((k) => k.user_id === found.id)) {
      throw ApiError.badRequest(
        `User ${username} does not exist or has no SSH key on the profile`,
        `authorized_users[${i}]`,
      );
    }
  }
  if (req.metadata?.user_data !== undefined) checkUserData(region, image);
  return { image, stackscript };
}

export function checkUserDataRegion(regionId: string) {
  refuse(userDataRegionProblems(regionId, findRegion(regionId)));
}

/** User data needs a region with the Metadata capability and a cloud-init image. */
export function checkUserData(regionId: string, image: Image) {
  checkUserDataRegion(regionId);
  refuse(userDataImageProblems(image));
}

/** The image as the secondary entity of a create or rebuild event. */
export function imageRef(image: Image): EventEntity {
  return entityRef("image", image.id, image.label, imageEndpoints.getImage, { imageId: image.id });
}

/** Counts a deploy on the StackScript. */
export function countDeployment(store: Store, stackscript: StackScriptRow | undefined, delta: 1 | -1) {
  if (!stackscript) return;
  const row = store.table("stackscripts").get(stackscript.id);
  if (!row) return;
  store.table("stackscripts").put({
    ...row,
    deployments_total: row.deployments_total + (delta > 0 ? 1 : 0),
    deployments_active: Math.max(0, row.deployments_active + delta),
  });
}

export function newDisk(
  world: JobWorld,
  instance: InstanceRow,
  fields: {
    label: string;
    size: number;
    filesystem: Filesystem;
    image?: string | null;
    status?: DiskRow["status"];
  },
): DiskRow {
  const now = world.clock.timestamp();
  return world.store.table("disks").put({
    id: world.store.nextId("disk"),
    compute_id: instance.id,
    label: fields.label,
    size: fields.size,
    filesystem: fields.filesystem,
    status: fields.status ?? "not ready",
    image: fields.image ?? null,
    created: now,
    updated: now,
  });
}

export function emptyDevices(): Devices {
  return Object.fromEntries(DEVICE_NAMES.map((d) => [d, null])) as Devices;
}

/** The default helpers of a config made by a deploy (all on). */
const DEPLOY_HELPERS = {
  updatedb_disabled: true,
  distro: true,
  modules_dep: true,
  network: true,
  devtmpfs_automount: true,
};

export function newConfigRow(
  world: JobWorld,
  instance: InstanceRow,
  fields: Partial<Omit<ConfigRow, "id" | "compute_id" | "created" | "updated" | "interface_ids">> & {
    label: string;
  },
): ConfigRow {
  const now = world.clock.timestamp();
  return {
    id: world.store.nextId("config"),
    compute_id: instance.id,
    comments: "",
    devices: emptyDevices(),
    helpers: { ...DEPLOY_HELPERS, devtmpfs_automount: false },
    kernel: DEFAULT_KERNEL,
    memory_limit: instance.specs.memory,
    root_device: DEFAULT_ROOT_DEVICE,
    run_level: "default",
    virt_mode: "paravirt",
    initrd: null,
    ...fields,
    interface_ids: [],
    created: now,
    updated: now,
  };
}

/**
 * The disks and config of an image deploy: `<image> Disk` (the type's disk minus swap) on sda, a swap
 * disk on sdb, and `My <image> Disk Profile` with the given interfaces (none: public networking, no interface object).
 */
export function deployImage(
  world: JobWorld,
  user: UserRow,
  instance: InstanceRow,
  image: Image,
  opts: { swapSize?: number; interfaces?: InterfaceRequest[]; onCreate?: boolean },
): { disks: DiskRow[]; config: ConfigRow } {
  const swap = opts.swapSize ?? DEPLOY_LIMITS.swapSize.default;
  refuse(swapProblems(image, { id: instance.type, disk: instance.specs.disk }, swap));
  const size = instance.specs.disk - swap;
  const config = newConfigRow(world, instance, {
    label: `My ${image.label} Disk Profile`,
    helpers: DEPLOY_HELPERS,
  });
  const interfaces = buildInterfaceList(
    world,
    { user, instance, configId: config.id, onCreate: opts.onCreate },
    opts.interfaces,
  );
  const root = newDisk(world, instance, {
    label: `${image.label} Disk`,
    size,
    filesystem: "ext4",
    image: image.id,
  });
  const disks = [root];
  const devices = emptyDevices();
  devices.sda = { disk_id: root.id, volume_id: null };
  if (swap > 0) {
    const swapDisk = newDisk(world, instance, {
      label: `${swap} MB Swap Image`,
      size: swap,
      filesystem: "swap",
    });
    disks.push(swapDisk);
    devices.sdb = { disk_id: swapDisk.id, volume_id: null };
  }
  world.store.table("configs").put({ ...config, devices });
  return { disks, config: storeInterfaces(world.store, { ...config, devices }, interfaces) };
}
