/** Images: list and view (public without a token), capture from a disk, update and delete of private images (the rules: `models/images.ts`). */
import { imageEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import { createImage, deleteImage, finishCapture, getImage, listImages, updateImage } from "../models/images";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function imageRoutes(router: Router, jobs: Jobs) {
  jobs.on("disk.imagize", () => {}).on("image.capture", finishCapture);

  router
    .on(e.listImages, (ctx) => paginate(listImages(ctx, ctx.principal?.user), ctx.query))
    .on(e.getImage, (ctx) => getImage(ctx, ctx.principal?.user, ctx.params))
    .on(e.createImage, (ctx) => createImage(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.updateImage, (ctx) => updateImage(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteImage, (ctx) => deleteImage(ctx, ctx.user, ctx.params));
}
