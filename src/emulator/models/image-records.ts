/**
 * Image records as a user sees them: the public seed images (`compute/...`) and the account's private
 * images (`private/<n>`, rows of the `images` table), found by ID and shaped as the API's record. What the image endpoints do: `images.ts`.
 */
import {
  imageEndpoints,
  PRIVATE_IMAGE_PREFIX,
  PUBLIC_IMAGE_PREFIX,
  type EventEntity,
  type Image,
} from "../../contract";
import { canRead } from "../auth";
import { entityRef } from "../events";
import { PUBLIC_IMAGES } from "../seed/images";
import type { Clock } from "../clock";
import type { ImageRow, UserRow } from "../state";
import type { Store } from "../store";

export function privateImageId(rowId: number): string {
  return `${PRIVATE_IMAGE_PREFIX}${rowId}`;
}

/** The row ID inside `private/<n>`, or undefined for any other image ID. */
export function privateRowId(imageId: string): number | undefined {
  const match = /^private\/([1-9]\d*)$/.exec(imageId);
  return match ? Number(match[1]) : undefined;
}

export function publicImage(imageId: string): Image | undefined {
  if (!imageId.startsWith(PUBLIC_IMAGE_PREFIX)) return undefined;
  return PUBLIC_IMAGES.find((i) => i.id === imageId);
}

export function toImage(row: ImageRow): Image {
  const { id, user_id: _user, region: _region, upload: _upload, ...record } = row;
  return { ...record, id: privateImageId(id) };
}

/** A private image row the user may read (any grant on it), or undefined. */
export function readableImageRow(store: Store, user: UserRow | undefined, imageId: string) {
  const rowId = privateRowId(imageId);
  if (rowId === undefined || !user) return undefined;
  const row = store.table("images").get(rowId);
  return row && canRead(user, "image", row.id) ? row : undefined;
}

/**
 * The image `id` as `user` sees it: a public image, or a private image of the account the user may
 * read; without a user, public images only. Undefined when there is none.
 *
 * For deploys (instance create, rebuild, disk create): an image that is found is not necessarily
 * deployable. Only an image whose status is `available` can be deployed (`isDeployable`); a
 * `creating` (capture running) or `pending_upload` (data not yet uploaded and processed) image must
 * be refused with a 400 naming the `image` field.
 */
export function findImage(store: Store, user: UserRow | undefined, id: string): Image | undefined {
  const found = publicImage(id) ?? readableImageRow(store, user, id);
  if (!found) return undefined;
  return "user_id" in found ? toImage(found) : found;
}

export function isDeployable(image: Image): boolean {
  return image.status === "available";
}

/** The image as an event's entity. */
export function imageEntity(row: ImageRow): EventEntity {
  const id = privateImageId(row.id);
  return entityRef("image", id, row.label, imageEndpoints.getImage, { imageId: id });
}

/** A new private image of `user`: what every captured or uploaded image starts with, plus `fields`. */
export function putPrivateImage(
  { store, clock }: { store: Store; clock: Clock },
  user: UserRow,
  fields: Pick<ImageRow, "label" | "description" | "capabilities" | "size" | "status" | "region"> &
    Partial<Pick<ImageRow, "upload">>,
): ImageRow {
  const now = clock.timestamp();
  return store.table("images").put({
    id: store.nextId("image"),
    user_id: user.id,
    created: now,
    updated: now,
    created_by: user.username,
    deprecated: false,
    eol: null,
    expiry: null,
    is_public: false,
    type: "manual",
    vendor: null,
    ...fields,
  });
}
