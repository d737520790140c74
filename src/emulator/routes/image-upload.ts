/** Image upload: the create that hands out an upload URL (the rules and the upload itself: `models/image-upload.ts`). */
import { imageEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import type { Router } from "../router";
import { expireUpload, finishUpload, uploadImage } from "../models/image-upload";

export function imageUploadRoutes(router: Router, jobs: Jobs) {
  jobs.on("image.upload_process", finishUpload).on("image.upload_expire", expireUpload);

  router.on(e.uploadImage, (ctx) => uploadImage(ctx, ctx.user, ctx.params, ctx.body));
}
