/** What `getImages` and `getImage` take and give (`../image.ts` declares the same types). */
import { z } from "zod";
import { Image } from "../../contract/images";
import { LabelArgs } from "./labels";

const ImageResult = z.object({
  id: Image.shape.id,
  label: Image.shape.label,
  description: Image.shape.description,
  capabilities: Image.shape.capabilities,
  created: Image.shape.created,
  updated: Image.shape.updated,
  createdBy: Image.shape.created_by,
  deprecated: Image.shape.deprecated,
  eol: Image.shape.eol,
  expiry: Image.shape.expiry,
  isPublic: Image.shape.is_public,
  size: Image.shape.size,
  status: Image.shape.status,
  type: Image.shape.type,
  vendor: Image.shape.vendor,
});

const ImageFilterArgs = LabelArgs.extend({
  isPublic: Image.shape.is_public.optional(),
  vendor: z.string().optional(),
  deprecated: Image.shape.deprecated.optional(),
  status: Image.shape.status.optional(),
  type: Image.shape.type.optional(),
});

export const imageFunctions = {
  getImages: {
    args: ImageFilterArgs.extend({ latest: z.boolean().optional() }),
    result: z.object({ images: z.array(ImageResult) }),
  },
  getImage: { args: ImageFilterArgs.extend({ id: Image.shape.id.optional() }), result: ImageResult },
};
