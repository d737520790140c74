/** Instance actions: root password reset (shut down only) and rebuild (the image deployed again). */
import { DEPLOY_LIMITS, instanceEndpoints as e, type Instance } from "../../contract";
import { ApiError } from "../api-error";
import type { JobWorld } from "../jobs";
import type { Body, Params } from "../router";
import type { UserRow } from "../state";
import { heldBy, removeContent } from "./content";
import { checkDeploy, countDeployment, deployImage, imageRef } from "./deploy";
import { pendingMigration } from "./errors";
import { notify, startAction } from "./events";
import { requireIdle, requireType, specsOf, toInstance, writableInstance } from "./instances";

const refusals = {
  notShutDown: () => ApiError.badRequest("Compute instance must be shut down to reset its root password"),
  imageTooBig: (imageId: string, typeId: string) =>
    ApiError.badRequest(`Image ${imageId} does not fit type ${typeId}`, "image"),
};

/** The root password can be reset only while the instance is shut down (`password_reset`). */
export function resetInstancePassword(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.resetInstancePassword>,
): Record<string, never> {
  const instance = writableInstance(world, user, params.computeId);
  requireIdle(world, instance);
  if (instance.status !== "offline") {
    throw refusals.notShutDown();
  }
  notify(world, user, "password_reset", instance);
  return {};
}

/**
 * Rebuild: every disk and config is deleted and the image deployed again (`rebuilding`, then
 * running, or offline with `booted: false`); a `type` resizes as well, under the resize rules.
 */
export function rebuildInstance(
  world: JobWorld,
  user: UserRow,
  params: Params<typeof e.rebuildInstance>,
  body: Body<typeof e.rebuildInstance>,
): Instance {
  const { store } = world;
  const instance = writableInstance(world, user, params.computeId);
  const type = body.type !== undefined ? requireType(body.type) : undefined;
  if (type && instance.pending_migration) throw pendingMigration();
  requireIdle(world, instance);
  const deployment = checkDeploy(world, user, instance.region, body);
  const rebuilt = {
    ...instance,
    ...(type ? { type: type.id, specs: specsOf(type) } : {}),
    image: deployment.image.id,
    has_user_data: body.metadata?.user_data !== undefined,
    status: "rebuilding" as const,
    booted_config_id: null,
    active_interface_ids: [],
    stackscript_id: deployment.stackscript?.id ?? null,
    updated: world.clock.timestamp(),
  };
  // Checked before anything is deleted: the new image must fit the (new) type.
  const swap = DEPLOY_LIMITS.swapSize.default;
  if (rebuilt.specs.disk - swap < deployment.image.size) {
    throw refusals.imageTooBig(deployment.image.id, rebuilt.type);
  }
  removeContent(store, heldBy(store, instance.id));
  if (instance.stackscript_id !== null)
    countDeployment(store, store.table("stackscripts").get(instance.stackscript_id), -1);
  countDeployment(store, deployment.stackscript, 1);
  store.table("instances").put(rebuilt);
  deployImage(world, user, rebuilt, deployment.image, { swapSize: swap });
  const eventId = startAction(world, user, "compute_rebuild", rebuilt, imageRef(deployment.image));
  world.jobs.schedule(world, "instance.rebuild", instance.id, world.jobs.timing("instance.rebuild", 5000), {
    event_id: eventId,
    boot: body.booted ?? true,
  });
  return toInstance(rebuilt);
}
