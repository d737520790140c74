/**
 * Images as a user sees them: the public seed images and the account's private images (their records
 * and lookups: `image-records.ts`). Changing private images: capture from a disk (`creating` → `available` on the emulator clock, the
 * disk's instance busy meanwhile), update and delete (public images are the provider's: 403). A
 * deleted image's capture or upload steps fail.
 */
import { CLOUD_INIT_CAPABILITY, imageEndpoints as e, type Image } from "../../contract";
import { ApiError } from "../api-error";
import { canRead, grantCreator, requireGlobal, requireWrite, revokeEntity } from "../auth";
import { recordChange, settleEvent } from "../events";
import { allJobs, type JobWorld } from "../jobs";
import type { Body, Params } from "../router";
import { PUBLIC_IMAGES } from "../seed/images";
import type { DiskRow, ImageRow, InstanceRow, UserRow } from "../state";
import { startAction } from "./events";
import { imageEntity, publicImage, putPrivateImage, readableImageRow, toImage } from "./image-records";
import { requireIdle } from "./instances";
import { eventOf, type Job, type JobKind } from "./job-kinds";

/** The steps of an upload, keyed by the image (they fail when it is deleted). */
export const IMAGE_UPLOAD_JOBS: JobKind[] = ["image.upload_process", "image.upload_expire"];
/** How long a capture takes before the image is `available` (emulated ms). */
const CAPTURE_MS = 10_000;

const refusals = {
  publicImage: () => new ApiError(403, [{ reason: "Public images cannot be changed or deleted" }]),
  noDisk: () => ApiError.badRequest("Disk not found", "disk_id"),
  diskNotReady: (disk: DiskRow) => ApiError.badRequest(`Disk is ${disk.status}`, "disk_id"),
};

function writableImage(world: JobWorld, user: UserRow, imageId: string): ImageRow {
  if (publicImage(imageId)) throw refusals.publicImage();
  const row = readableImageRow(world.store, user, imageId);
  if (!row) throw ApiError.notFound();
  requireWrite(user, "image", row.id);
  return row;
}

/** The disk to capture and its instance: a ready disk of an instance the user may read, which is idle. */
function diskToCapture(
  world: JobWorld,
  user: UserRow,
  diskId: number,
): { disk: DiskRow; instance: InstanceRow } {
  const { store } = world;
  const disk = store.table("disks").get(diskId);
  const instance = disk && store.table("instances").get(disk.compute_id);
  if (!disk || !instance || !canRead(user, "compute", instance.id)) throw refusals.noDisk();
  if (disk.status !== "ready") throw refusals.diskNotReady(disk);
  requireIdle(world, instance);
  return { disk, instance };
}

/** The capture is keyed by the image (it becomes `available` even if the instance goes meanwhile), its
 * twin `disk.imagize` by the disk's instance (busy while its disk is read). */
/** The public images and the private ones `user` may read (none without a user). */
export function listImages({ store }: JobWorld, user: UserRow | undefined): Image[] {
  const readable = user ? store.table("images").filter((row) => canRead(user, "image", row.id)) : [];
  return [...PUBLIC_IMAGES, ...readable.map(toImage)];
}

export function getImage(
  world: JobWorld,
  user: UserRow | undefined,
  params: Params<typeof e.getImage>,
): Image {
  const image = publicImage(params.imageId);
  if (image) return image;
  const row = readableImageRow(world.store, user, params.imageId);
  if (!row) throw ApiError.notFound();
  return toImage(row);
}

export function createImage(
  world: JobWorld,
  user: UserRow,
  _params: Params<typeof e.createImage>,
  body: Body<typeof e.createImage>,
): Image {
  const { store, jobs } = world;
  requireGlobal(user, "add_images");
  const { disk, instance } = diskToCapture(world, user, body.disk_id);
  const row = putPrivateImage(world, user, {
    label: body.label ?? disk.label,
    description: body.description ?? null,
    capabilities: body.cloud_init ? [CLOUD_INIT_CAPABILITY] : [],
    size: disk.size,
    status: "creating",
    region: null,
  });
  grantCreator(store, user, "image", row.id, row.label);
  const eventId = startAction(world, user, "disk_imagize", instance, imageEntity(row));
  const duration = jobs.timing("image.capture", CAPTURE_MS);
  jobs.schedule(world, "disk.imagize", instance.id, duration, { image_id: row.id });
  jobs.schedule(world, "image.capture", row.id, duration, { event_id: eventId });
  return toImage(row);
}

export function finishCapture({ store, clock }: JobWorld, job: Job<"image.capture">): void {
  const row = store.table("images").get(job.entity_id);
  if (row?.status === "creating") {
    store.table("images").put({ ...row, status: "available", updated: clock.timestamp() });
  }
  settleEvent(store, clock, job.payload.event_id, row ? "finished" : "failed");
}

export function updateImage(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.updateImage>,
  body: Body<typeof e.updateImage>,
): Image {
  const row = writableImage(world, user, params.imageId);
  const updated = world.store.table("images").put({ ...row, ...body, updated: world.clock.timestamp() });
  recordChange(world, user, "image_update", imageEntity(updated));
  return toImage(updated);
}

/** Jobs working on a private image: its capture (and the instance's twin) and its upload steps. */
function jobsOfImage(world: JobWorld, rowId: number) {
  const readers = allJobs(world).filter((j) => j.kind === "disk.imagize" && j.payload.image_id === rowId);
  return [...readers, ...world.jobs.pending(world, rowId, ["image.capture", ...IMAGE_UPLOAD_JOBS])];
}

export function deleteImage(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.deleteImage>,
): Record<string, never> {
  const { store, clock } = world;
  const row = writableImage(world, user, params.imageId);
  for (const job of jobsOfImage(world, row.id)) {
    const eventId = eventOf(job);
    if (eventId !== undefined) settleEvent(store, clock, eventId, "failed");
    store.table("jobs").delete(job.id);
  }
  store.table("images").delete(row.id);
  revokeEntity(store, "image", row.id);
  recordChange(world, user, "image_delete", imageEntity(row));
  return {};
}
