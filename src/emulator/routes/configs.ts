/** Configuration profiles of an instance (the rules: `models/configs.ts`). */
import { configEndpoints as e } from "../../contract";
import { createConfig, deleteConfig, getConfig, listConfigs, updateConfig } from "../models/configs";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function configRoutes(router: Router) {
  router
    .on(e.listConfigs, (ctx) => paginate(listConfigs(ctx, ctx.user, ctx.params), ctx.query))
    .on(e.getConfig, (ctx) => getConfig(ctx, ctx.user, ctx.params))
    .on(e.createConfig, (ctx) => createConfig(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.updateConfig, (ctx) => updateConfig(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteConfig, (ctx) => deleteConfig(ctx, ctx.user, ctx.params));
}
