/** Images: the record, capture (from a disk) and upload requests, limits and endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { bool, dateTime, integer, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";
import { IMAGE_STATUSES, IMAGE_TYPES } from "./values";

export const IMAGE_LIMITS = {
  /** The spec gives no bounds for an image label; the emulator takes 1..128. */
  label: { min: 1, max: 128 },
  description: { min: 1, max: 65000 },
  /** Largest compressed upload: 5 GB. */
  uploadBytes: 5 * 1024 ** 3,
  /** Time the upload data must arrive in: 24 hours. */
  uploadWindowMs: 24 * 60 * 60 * 1000,
} as const;

export { IMAGE_STATUSES, IMAGE_TYPES, type ImageStatus, type ImageType } from "./values";

/** Public image IDs start with `compute/`, private ones are `private/<n>`. */
export const PUBLIC_IMAGE_PREFIX = "compute/";
export const PRIVATE_IMAGE_PREFIX = "private/";
export { CLOUD_INIT_CAPABILITY } from "./rule-values";

export const ImageLabel = text("label", IMAGE_LIMITS.label);
export const ImageDescription = text("description", IMAGE_LIMITS.description);

export const Image = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  capabilities: z.array(z.string()),
  created: dateTime,
  updated: dateTime,
  created_by: z.string().nullable(),
  deprecated: z.boolean(),
  eol: dateTime.nullable(),
  expiry: dateTime.nullable(),
  is_public: z.boolean(),
  size: z.number().int(),
  status: z.enum(IMAGE_STATUSES),
  type: z.enum(IMAGE_TYPES),
  vendor: z.string().nullable(),
});
export type Image = z.infer<typeof Image>;

export const ImageCreateRequest = z.object({
  disk_id: integer("disk_id"),
  label: ImageLabel.optional(),
  description: ImageDescription.nullable().optional(),
  cloud_init: bool("cloud_init").optional(),
});
export type ImageCreateRequest = z.infer<typeof ImageCreateRequest>;

export const ImageUploadRequest = z.object({
  label: ImageLabel,
  region: text("region", { min: 1, max: 64 }),
  description: ImageDescription.nullable().optional(),
  cloud_init: bool("cloud_init").optional(),
});
export type ImageUploadRequest = z.infer<typeof ImageUploadRequest>;

export const ImageUploadResponse = z.object({ image: Image, upload_to: z.string() });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

export const ImageUpdateRequest = z.object({
  label: ImageLabel.optional(),
  description: ImageDescription.nullable().optional(),
});
export type ImageUpdateRequest = z.infer<typeof ImageUpdateRequest>;

export const ImageParams = z.object({ imageId: z.string().min(1) });

export const imageEndpoints = {
  listImages: endpoint({
    name: "listImages",
    method: "GET",
    path: "/images",
    auth: "optional",
    scopes: ["images:read_only"],
    query: PageQuery,
    response: listEnvelope(Image),
    filterable: ["label", "deprecated", "is_public", "size", "type", "vendor", "status"],
    unorderable: ["status"],
    summary: "Lists public images, and with a token also the private images the user may read",
  }),
  createImage: endpoint({
    name: "createImage",
    method: "POST",
    path: "/images",
    scopes: ["images:read_write", "computes:read_only"],
    body: ImageCreateRequest,
    response: Image,
    summary: "Captures a private image from a disk (status creating, then available); needs grant add_images",
  }),
  uploadImage: endpoint({
    name: "uploadImage",
    method: "POST",
    path: "/images/upload",
    scopes: ["images:read_write"],
    body: ImageUploadRequest,
    response: ImageUploadResponse,
    summary: "Creates a private image (status pending_upload) and returns the URL to PUT its data to",
  }),
  getImage: endpoint({
    name: "getImage",
    method: "GET",
    path: "/images/{imageId}",
    auth: "optional",
    scopes: ["images:read_only"],
    params: ImageParams,
    slashParams: ["imageId"],
    response: Image,
    summary: "One image; public images need no token",
  }),
  updateImage: endpoint({
    name: "updateImage",
    method: "PUT",
    path: "/images/{imageId}",
    scopes: ["images:read_write"],
    params: ImageParams,
    slashParams: ["imageId"],
    body: ImageUpdateRequest,
    response: Image,
    summary: "Updates a private image's label and description; public images answer 403",
  }),
  deleteImage: endpoint({
    name: "deleteImage",
    method: "DELETE",
    path: "/images/{imageId}",
    scopes: ["images:read_write"],
    params: ImageParams,
    slashParams: ["imageId"],
    summary: "Deletes a private image (a pending capture or upload ends with it); public images answer 403",
  }),
};
