/**
 * Root password reset (only while shut down; emits password_reset) and rebuild (every disk and config
 * is deleted and the image deployed again: `rebuilding`, then running or offline with `booted:false`;
 * a `type` resizes as well, under the resize rules).
 */
import { DEPLOY_LIMITS, instanceEndpoints as e } from "../../contract";
import { ApiError } from "../api-error";
import type { Jobs } from "../jobs";
import type { Router } from "../router";
import {
  finishDeploy,
  requireIdle,
  requireType,
  specsOf,
  toInstance,
  writableInstance,
} from "../models/instances";
import { checkDeploy, countDeployment, deployImage, imageRef } from "../models/deploy";
import { notify, startAction } from "../models/events";
import { heldBy, removeContent } from "../models/content";

export function instanceActionRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.rebuild", finishDeploy);

  router
    .on(e.resetInstancePassword, (ctx) => {
      const instance = writableInstance(ctx, ctx.user, ctx.params.computeId);
      requireIdle(ctx, instance);
      if (instance.status !== "offline") {
        throw ApiError.badRequest("Compute instance must be shut down to reset its root password");
      }
      notify(ctx, ctx.user, "password_reset", instance);
      return {};
    })
    .on(e.rebuildInstance, (ctx) => {
      const { store, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      const type = body.type !== undefined ? requireType(body.type) : undefined;
      if (type && instance.pending_migration)
        throw ApiError.badRequest("Compute instance has a pending migration");
      requireIdle(ctx, instance);
      const deployment = checkDeploy(ctx, user, instance.region, body);
      const rebuilt = {
        ...instance,
        ...(type ? { type: type.id, specs: specsOf(type) } : {}),
        image: deployment.image.id,
        has_user_data: body.metadata?.user_data !== undefined,
        status: "rebuilding" as const,
        booted_config_id: null,
        active_interface_ids: [],
        stackscript_id: deployment.stackscript?.id ?? null,
        updated: ctx.clock.timestamp(),
      };
      // Checked before anything is deleted: the new image must fit the (new) type.
      const swap = DEPLOY_LIMITS.swapSize.default;
      if (rebuilt.specs.disk - swap < deployment.image.size) {
        throw ApiError.badRequest(`Image ${deployment.image.id} does not fit type ${rebuilt.type}`, "image");
      }
      removeContent(store, heldBy(store, instance.id));
      if (instance.stackscript_id !== null)
        countDeployment(store, store.table("stackscripts").get(instance.stackscript_id), -1);
      countDeployment(store, deployment.stackscript, 1);
      store.table("instances").put(rebuilt);
      deployImage(ctx, user, rebuilt, deployment.image, { swapSize: swap });
      const eventId = startAction(ctx, user, "compute_rebuild", rebuilt, imageRef(deployment.image));
      ctx.jobs.schedule(ctx, "instance.rebuild", instance.id, ctx.jobs.timing("instance.rebuild", 5000), {
        event_id: eventId,
        boot: body.booted ?? true,
      });
      return toInstance(rebuilt);
    });
}
