/** Compute instances: list, view, create, update, delete (the rules: `models/instances.ts`, `models/instance-create.ts`). */
import { instanceEndpoints as e } from "../../contract";
import type { Jobs } from "../jobs";
import { paginate } from "../paginate";
import type { Router } from "../router";
import {
  deleteInstance,
  finishDeploy,
  getInstance,
  listInstanceNodeBalancers,
  listInstances,
  listInstanceVolumes,
  updateInstance,
} from "../models/instances";
import { createInstance } from "../models/instance-create";

export function instanceRoutes(router: Router, jobs: Jobs) {
  jobs.on("instance.create", finishDeploy);

  router
    .on(e.listInstances, (ctx) => paginate(listInstances(ctx, ctx.user), ctx.query))
    .on(e.createInstance, (ctx) => createInstance(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.getInstance, (ctx) => getInstance(ctx, ctx.user, ctx.params))
    .on(e.updateInstance, (ctx) => updateInstance(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteInstance, (ctx) => deleteInstance(ctx, ctx.user, ctx.params))
    .on(e.listInstanceNodeBalancers, (ctx) =>
      paginate(listInstanceNodeBalancers(ctx, ctx.user, ctx.params), ctx.query),
    )
    .on(e.listInstanceVolumes, (ctx) => paginate(listInstanceVolumes(ctx, ctx.user, ctx.params), ctx.query));
}
