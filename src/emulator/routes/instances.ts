/**
 * Compute instances: list, view, create (from an image, a StackScript, a backup, or empty), update,
 * delete. Create provisions on the emulator clock (`instance.create`): provisioning → running, or
 * offline with `booted: false`; an empty instance is offline at once.
 */
import { DEPLOY_LIMITS, instanceEndpoints as e, type InstanceCreateRequest } from "../../contract";
import { notFound } from "../models/errors";
import { ApiError } from "../api-error";
import { canRead, grantCreator, requireGlobal } from "../auth";
import type { Jobs, JobWorld } from "../jobs";
import { paginate } from "../paginate";
import { restorableBackup } from "../models/backups";
import type { Router } from "../router";
import type { InstanceRow, UserRow } from "../state";
import {
  deleteInstance,
  ensureTags,
  finishDeploy,
  newInstanceRow,
  readableInstance,
  requireFreeLabel,
  requireRegion,
  requireTagger,
  requireType,
  toInstance,
  writableInstance,
} from "../models/instances";
import { copyContent } from "../models/content";
import { checkDeploy, countDeployment, deployImage, imageRef } from "../models/deploy";
import { finishAction, notify, startAction } from "../models/events";

function createInstance(world: JobWorld, user: UserRow, body: InstanceCreateRequest): InstanceRow {
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
  return instance;
}

export function instanceRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.create", finishDeploy);

  router
    .on(e.listInstances, ({ store, user, query }) =>
      paginate(
        store
          .table("instances")
          .filter((i) => canRead(user, "compute", i.id))
          .map(toInstance),
        query,
      ),
    )
    .on(e.createInstance, (ctx) => toInstance(createInstance(ctx, ctx.user, ctx.body)))
    .on(e.getInstance, (ctx) => toInstance(readableInstance(ctx, ctx.user, ctx.params.computeId)))
    .on(e.updateInstance, (ctx) => {
      const { store, clock, user, body } = ctx;
      const instance = writableInstance(ctx, user, ctx.params.computeId);
      requireTagger(user, body.tags);
      if (body.label !== undefined) requireFreeLabel(store, body.label, instance.id);
      const schedule = { ...instance.backups.schedule, ...body.backups?.schedule };
      const updated = store.table("instances").put({
        ...instance,
        label: body.label ?? instance.label,
        group: body.group ?? instance.group,
        tags: body.tags ?? instance.tags,
        watchdog_enabled: body.watchdog_enabled ?? instance.watchdog_enabled,
        alerts: { ...instance.alerts, ...body.alerts },
        backups: { ...instance.backups, schedule },
        updated: clock.timestamp(),
      });
      ensureTags(store, updated.tags);
      notify(ctx, user, "compute_update", updated);
      return toInstance(updated);
    })
    .on(e.deleteInstance, (ctx) =>
      deleteInstance(ctx, ctx.user, writableInstance(ctx, ctx.user, ctx.params.computeId)),
    )
    .on(e.listInstanceNodeBalancers, (ctx) => {
      readableInstance(ctx, ctx.user, ctx.params.computeId);
      return paginate([], ctx.query);
    })
    .on(e.listInstanceVolumes, (ctx) => {
      readableInstance(ctx, ctx.user, ctx.params.computeId);
      return paginate([], ctx.query);
    });
}
