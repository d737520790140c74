/**
 * Creating an instance: from an image (a deploy, optionally with a StackScript and interfaces), from
 * a backup (its disks and configs restored), or empty. A deploy or restore provisions on the emulator
 * clock (`instance.create`): provisioning → running, or offline with `booted: false`; an empty
 * instance is offline at once.
 */
import { DEPLOY_LIMITS, instanceEndpoints as e, type Instance } from "../../contract";
import { ApiError } from "../api-error";
import type { Body, Params } from "../router";
import type { UserRow } from "../state";
import type { JobWorld } from "../jobs";
import { checkDeploy, countDeployment, deployImage, imageRef } from "./deploy";
import { copyContent } from "./content";
import {
  ensureTags,
  newInstanceRow,
  requireFreeLabel,
  requireRegion,
  requireTagger,
  requireType,
  toInstance,
} from "./instances";
import { finishAction, startAction } from "./events";
import { grantCreator, requireGlobal } from "../auth";
import { notFound } from "./errors";
import { restorableBackup } from "./backups";

export function createInstance(
  world: JobWorld,
  user: UserRow,
  _params: Params<typeof e.createInstance>,
  body: Body<typeof e.createInstance>,
): Instance {
  const { store } = world;
  requireGlobal(user, "add_computes");
  requireTagger(user, body.tags);
  requireRegion(body.region);
  const type = requireType(body.type);
  if (body.label !== undefined) requireFreeLabel(store, body.label);
  if (body.firewall_id !== undefined) {
    // Firewalls are not emulated, so no firewall exists to attach.
    throw notFound("Firewall", body.firewall_id, "firewall_id");
  }
  const deploys = body.image !== undefined || body.backup_id !== undefined;
  if (body.image === undefined && body.interfaces !== undefined) {
    // Only an image deploy makes a config for them; a restore brings the backup's configs.
    throw ApiError.badRequest("interfaces need an image to deploy a config with", "interfaces");
  }
  const deployment = body.image !== undefined ? checkDeploy(world, user, body.region, body) : undefined;
  const backup =
    body.backup_id !== undefined
      ? restorableBackup(world, user, body.backup_id, body.region, type)
      : undefined;

  const instance = newInstanceRow(world, {
    ...body,
    type,
    status: deploys ? "provisioning" : "offline",
    image: body.image ?? null,
    has_user_data: body.metadata?.user_data !== undefined,
  });
  instance.stackscript_id = deployment?.stackscript?.id ?? null;
  if (deployment) {
    deployImage(world, user, instance, deployment.image, {
      swapSize: body.swap_size ?? DEPLOY_LIMITS.swapSize.default,
      interfaces: body.interfaces,
      onCreate: true,
    });
  } else if (backup) {
    copyContent(world, user, instance, backup.content);
  }
  store.table("instances").put(instance);
  ensureTags(store, instance.tags);
  grantCreator(store, user, "compute", instance.id, instance.label);
  countDeployment(store, deployment?.stackscript, 1);
  const secondary = deployment ? imageRef(deployment.image) : null;
  const eventId = startAction(world, user, "compute_create", instance, secondary);
  if (deploys) {
    world.jobs.schedule(world, "instance.create", instance.id, world.jobs.timing("instance.create", 4000), {
      event_id: eventId,
      boot: body.booted ?? true,
    });
  } else {
    finishAction(world, eventId);
  }
  return toInstance(instance);
}
