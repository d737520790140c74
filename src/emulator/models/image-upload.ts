/**
 * Image upload. `POST /images/upload` creates a private image in `pending_upload` and answers a
 * one-time URL (`/_upload/images/<n>?token=...`, served outside `/v4`). A PUT of gzip data to it
 * (`Content-Type: application/octet-stream`, at most 5 GB compressed) is checked by gunzipping it
 * as it streams in; the image becomes `available` after a processing job, its `size` the uncompressed
 * size in MB. Rejected data leaves the image `pending_upload` and the URL usable. An image whose data
 * has not arrived 24 hours after creation is deleted.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import {
  CLOUD_INIT_CAPABILITY,
  IMAGE_LIMITS,
  imageEndpoints as e,
  regionProblems,
  type ErrorItem,
} from "../../contract";
import { ApiError, refuse } from "../api-error";
import { grantCreator, requireGlobal, revokeEntity } from "../auth";
import { recordChange, recordEvent, settleEvent } from "../events";
import { imageEntity, putPrivateImage, toImage } from "./image-records";
import type { JobWorld } from "../jobs";
import type { Body, Params, World } from "../router";
import type { ImageRow, UserRow } from "../state";
import { findRegion } from "../seed/regions";
import type { Job } from "./job-kinds";

/** Where upload URLs live, outside the API's `/v4`. */
export const UPLOAD_PREFIX = "/_upload/images";

const PROCESS_JOB = "image.upload_process";
/** How long processing uploaded data takes (emulated ms). */
const PROCESS_MS = 15_000;
const MB = 1024 * 1024;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export interface UploadAnswer {
  status: number;
  body: { errors: ErrorItem[] } | undefined;
  headers: Record<string, string>;
}

/**
 * Answers a request to an upload URL: 200 (no body) once the data is accepted; 404 for an unknown
 * URL, 400 for a used URL, a wrong method or content type, or data that is not gzip, 413 above the
 * size limit. Never throws; after an error the rest of the body is discarded and the connection closed.
 */
export async function receiveImageUpload(
  world: World,
  req: IncomingMessage,
  url: URL,
  maxBytes: number = IMAGE_LIMITS.uploadBytes,
): Promise<UploadAnswer> {
  try {
    world.jobs.runDue(world);
    if (req.method !== "PUT") throw new ApiError(405, [{ reason: "Upload URLs take PUT only" }]);
    uploadTarget(world, url);
    const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== "application/octet-stream") {
      throw ApiError.badRequest("Content-Type must be application/octet-stream");
    }
    const declared = Number(req.headers["content-length"]);
    if (declared > maxBytes) throw tooLarge(maxBytes);

    const bytes = await gunzippedSize(req, maxBytes);
    const row = uploadTarget(world, url); // again: another upload or a delete may have come meanwhile
    const event = recordEvent(world.store, world.clock, {
      action: "image_upload",
      entity: imageEntity(row),
      username: world.store.table("users").get(row.user_id)?.username ?? null,
      status: "started",
    });
    world.store.table("images").put({ ...row, upload: { token: row.upload!.token, used: true } });
    world.jobs.schedule(world, PROCESS_JOB, row.id, world.jobs.timing(PROCESS_JOB, PROCESS_MS), {
      size_mb: Math.max(1, Math.ceil(bytes / MB)),
      event_id: event.id,
    });
    world.store.commit();
    return { status: 200, body: undefined, headers: {} };
  } catch (err) {
    const error = err instanceof ApiError ? err : new ApiError(500, [{ reason: "Internal server error" }]);
    if (!(err instanceof ApiError)) console.error("compute-emulator: image upload failed:", err);
    req.resume(); // discard what is left of the body, so the connection closes cleanly after the answer
    return { status: error.status, body: { errors: error.errors }, headers: { Connection: "close" } };
  }
}

/** The pending image an upload URL points at: 404 when unknown, 400 when already used. */
function uploadTarget({ store }: World, url: URL): ImageRow {
  const match = new RegExp(`^${UPLOAD_PREFIX}/([1-9]\\d*)$`).exec(url.pathname);
  const row = match ? store.table("images").get(Number(match[1])) : undefined;
  const given = Buffer.from(url.searchParams.get("token") ?? "");
  const expected = Buffer.from(row?.upload?.token ?? "");
  if (!row?.upload || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw ApiError.notFound();
  }
  if (row.upload.used || row.status !== "pending_upload") {
    throw ApiError.badRequest("This upload URL has already been used");
  }
  return row;
}

function tooLarge(maxBytes: number): ApiError {
  const limit = maxBytes >= 1024 ** 3 ? `${maxBytes / 1024 ** 3} GB` : `${maxBytes} bytes`;
  return new ApiError(413, [{ reason: `Image uploads are limited to ${limit} of compressed data` }]);
}

function notGzip(detail?: string): ApiError {
  return ApiError.badRequest(`Image data must be a gzip file${detail ? ` (${detail})` : ""}`);
}

/** Reads the body as it streams in (at most `maxBytes`), gunzips it, and answers the uncompressed size. */
async function gunzippedSize(req: IncomingMessage, maxBytes: number): Promise<number> {
  const gunzip = createGunzip();
  let uncompressed = 0;
  let failure: Error | undefined;
  gunzip.on("data", (chunk: Buffer) => (uncompressed += chunk.length));
  gunzip.on("error", (err) => (failure ??= err));
  let received = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > maxBytes) throw tooLarge(maxBytes);
      if (head.length < GZIP_MAGIC.length) {
        head = Buffer.concat([head, chunk]).subarray(0, GZIP_MAGIC.length);
        if (!GZIP_MAGIC.subarray(0, head.length).equals(head)) throw notGzip();
      }
      if (failure) throw notGzip(failure.message);
      if (!gunzip.write(chunk)) await once(gunzip, "drain");
    }
    if (head.length < GZIP_MAGIC.length) throw notGzip();
    gunzip.end();
    await finished(gunzip);
    return uncompressed;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw notGzip((failure ?? (err as Error)).message);
  } finally {
    gunzip.destroy();
  }
}

/** The uploaded data is processed: the image is `available` with the data's size. */
export function finishUpload({ store, clock }: JobWorld, job: Job<"image.upload_process">): void {
  const row = store.table("images").get(job.entity_id);
  if (row?.status === "pending_upload") {
    store
      .table("images")
      .put({ ...row, status: "available", size: job.payload.size_mb, updated: clock.timestamp() });
  }
  settleEvent(store, clock, job.payload.event_id, row ? "finished" : "failed");
}

/** An upload URL not used in time: the pending image goes. */
export function expireUpload({ store, clock }: JobWorld, job: Job<"image.upload_expire">): void {
  const row = store.table("images").get(job.entity_id);
  if (!row || row.status !== "pending_upload" || row.upload?.used) return;
  store.table("images").delete(row.id);
  revokeEntity(store, "image", row.id);
  recordChange({ store, clock }, null, "image_delete", imageEntity(row));
}

export function uploadImage(
  world: World,
  user: UserRow,
  _params: Params<typeof e.uploadImage>,
  body: Body<typeof e.uploadImage>,
) {
  const { store } = world;
  requireGlobal(user, "add_images");
  refuse(regionProblems(body.region, findRegion(body.region)));
  const token = randomBytes(24).toString("hex");
  const row = putPrivateImage(world, user, {
    label: body.label,
    description: body.description ?? null,
    capabilities: body.cloud_init ? [CLOUD_INIT_CAPABILITY] : [],
    size: 0,
    status: "pending_upload",
    region: body.region,
    upload: { token, used: false },
  });
  grantCreator(store, user, "image", row.id, row.label);
  world.jobs.schedule(
    world,
    "image.upload_expire",
    row.id,
    world.jobs.timing("image.upload_expire", IMAGE_LIMITS.uploadWindowMs),
  );
  return {
    image: toImage(row),
    upload_to: `${world.baseUrl ?? ""}${UPLOAD_PREFIX}/${row.id}?token=${token}`,
  };
}
