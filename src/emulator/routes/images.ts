/** Images: list and view (public without a token), update and delete of private images, capture from a disk. */
import { imageEndpoints as e } from "../../contract";
import { canRead } from "../auth";
import type { Jobs } from "../jobs";
import { captureImage, deleteImage, finishCapture, updateImage } from "../models/images";
import { publicImage, readableImageRow, toImage } from "../models/image-records";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { PUBLIC_IMAGES } from "../seed/images";
import { ApiError } from "../api-error";

export function imageRoutes(router: Router, jobs: Jobs) {
  jobs.on("disk.imagize", () => {}).on("image.capture", finishCapture);

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
    .on(e.createImage, (ctx) => captureImage(ctx, ctx.user, ctx.body))
    .on(e.updateImage, (ctx) => updateImage(ctx, ctx.user, ctx.params.imageId, ctx.body))
    .on(e.deleteImage, (ctx) => deleteImage(ctx, ctx.user, ctx.params.imageId));
}
