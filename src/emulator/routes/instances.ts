/** Compute instances: list, view, create, update, delete (the rules: `models/instances.ts`, `models/instance-create.ts`). */
import { instanceEndpoints as e } from "../../contract";
import { canRead } from "../auth";
import type { Jobs } from "../jobs";
import { paginate } from "../paginate";
import type { Router } from "../router";
import {
  deleteInstance,
  finishDeploy,
  readableInstance,
  toInstance,
  writableInstance,
  updateInstance,
} from "../models/instances";
import { createInstance } from "../models/instance-create";

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
    .on(e.updateInstance, (ctx) => updateInstance(ctx, ctx.user, ctx.params.computeId, ctx.body))
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
