/** Images: list and view (public without a token), update and delete of private images, capture from a disk. */
import { CLOUD_INIT_CAPABILITY, imageEndpoints as e, type ImageCreateRequest } from "../../contract";
import { ApiError } from "../api-error";
import { canRead, grantCreator, requireGlobal, requireWrite, revokeEntity } from "../auth";
import { recordEvent, settleEvent } from "../events";
import { imageEntity, publicImage, putPrivateImage, readableImageRow, toImage } from "../models/images";
import { allJobs, type Jobs } from "../jobs";
import { eventOf } from "../models/job-kinds";
import { paginate } from "../paginate";
import type { Router, World } from "../router";
import { PUBLIC_IMAGES } from "../seed/images";
import type { DiskRow, ImageRow, InstanceRow, UserRow } from "../state";
import { requireIdle } from "../models/instances";
import { startAction } from "../models/events";
import { IMAGE_UPLOAD_JOBS } from "./image-upload";

/** The capture of an image, keyed by the image: it becomes `available` even if the instance goes meanwhile. */
const CAPTURE_JOB = "image.capture";
/** Its twin keyed by the disk's instance (kind `disk.*`): the instance is busy while its disk is read. */
const READ_DISK_JOB = "disk.imagize";
/** How long a capture takes before the image is `available` (emulated ms). */
const CAPTURE_MS = 10_000;

/** Public images are the provider's: nobody may change or delete them. */
function refusePublic(imageId: string): void {
  if (publicImage(imageId))
    throw new ApiError(403, [{ reason: "Public images cannot be changed or deleted" }]);
}

function writableImage({ store }: World, user: UserRow, imageId: string): ImageRow {
  refusePublic(imageId);
  const row = readableImageRow(store, user, imageId);
  if (!row) throw ApiError.notFound();
  requireWrite(user, "image", row.id);
  return row;
}

/** The disk to capture and its instance: a ready disk of an instance the user may read, which is idle. */
function diskToCapture(
  world: World,
  user: UserRow,
  diskId: number,
): { disk: DiskRow; instance: InstanceRow } {
  const { store } = world;
  const disk = store.table("disks").get(diskId);
  const instance = disk && store.table("instances").get(disk.compute_id);
  if (!disk || !instance || !canRead(user, "compute", instance.id)) {
    throw ApiError.badRequest("Disk not found", "disk_id");
  }
  if (disk.status !== "ready") throw ApiError.badRequest(`Disk is ${disk.status}`, "disk_id");
  requireIdle(world, instance);
  return { disk, instance };
}

function captureImage(world: World, user: UserRow, body: ImageCreateRequest): ImageRow {
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
  const duration = jobs.timing(CAPTURE_JOB, CAPTURE_MS);
  jobs.schedule(world, READ_DISK_JOB, instance.id, duration, { image_id: row.id });
  jobs.schedule(world, CAPTURE_JOB, row.id, duration, { event_id: eventId });
  return row;
}

/** Jobs working on a private image: its capture (and the instance's twin) and its upload steps. */
function jobsOfImage(world: World, rowId: number) {
  const readers = allJobs(world).filter((j) => j.kind === READ_DISK_JOB && j.payload.image_id === rowId);
  return [...readers, ...world.jobs.pending(world, rowId, [CAPTURE_JOB, ...IMAGE_UPLOAD_JOBS])];
}

export function imageRoutes(router: Router, jobs: Jobs) {
  jobs.on(READ_DISK_JOB, () => {});
  jobs.on(CAPTURE_JOB, ({ store, clock }, job) => {
    const row = store.table("images").get(job.entity_id);
    if (row?.status === "creating") {
      store.table("images").put({ ...row, status: "available", updated: clock.timestamp() });
    }
    settleEvent(store, clock, job.payload.event_id, row ? "finished" : "failed");
  });

  router
    .on(e.listImages, ({ store, principal, query }) => {
      const user = principal?.user;
      const readable = user ? store.table("images").filter((row) => canRead(user, "image", row.id)) : [];
      return paginate([...PUBLIC_IMAGES, ...readable.map(toImage)], query);
    })
    .on(e.getImage, ({ store, principal, params }) => {
      const image = publicImage(params.imageId);
      if (image) return image;
      const row = readableImageRow(store, principal?.user, params.imageId);
      if (!row) throw ApiError.notFound();
      return toImage(row);
    })
    .on(e.createImage, (ctx) => toImage(captureImage(ctx, ctx.user, ctx.body)))
    .on(e.updateImage, (ctx) => {
      const { store, clock, user, body } = ctx;
      const row = writableImage(ctx, user, ctx.params.imageId);
      const updated = store.table("images").put({ ...row, ...body, updated: clock.timestamp() });
      recordEvent(store, clock, {
        action: "image_update",
        entity: imageEntity(updated),
        username: user.username,
      });
      return toImage(updated);
    })
    .on(e.deleteImage, (ctx) => {
      const { store, clock, user } = ctx;
      const row = writableImage(ctx, user, ctx.params.imageId);
      for (const job of jobsOfImage(ctx, row.id)) {
        const eventId = eventOf(job);
        if (eventId !== undefined) settleEvent(store, clock, eventId, "failed");
        store.table("jobs").delete(job.id);
      }
      store.table("images").delete(row.id);
      revokeEntity(store, "image", row.id);
      recordEvent(store, clock, {
        action: "image_delete",
        entity: imageEntity(row),
        username: user.username,
      });
      return {};
    });
}
