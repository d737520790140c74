/** Configuration profiles of an instance (the rules: `models/configs.ts`). */
import { configEndpoints as e } from "../../contract";
import { configOf, readableInstance } from "../models/instances";
import type { Router } from "../router";
import { createConfig, deleteConfig, listConfigs, toConfig, updateConfig } from "../models/configs";

export function configRoutes(router: Router) {
  router
    .on(e.listConfigs, (ctx) => listConfigs(ctx, ctx.user, ctx.params, ctx.query))
    .on(e.getConfig, (ctx) =>
      toConfig(
        ctx.store,
        configOf(ctx, readableInstance(ctx, ctx.user, ctx.params.computeId), ctx.params.configId),
      ),
    )
    .on(e.createConfig, (ctx) => createConfig(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.updateConfig, (ctx) => updateConfig(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteConfig, (ctx) => deleteConfig(ctx, ctx.user, ctx.params));
}
