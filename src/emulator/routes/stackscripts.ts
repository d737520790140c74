/** StackScripts (the rules: `models/stackscripts.ts`). */
import { stackScriptEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  createStackScript,
  deleteStackScript,
  getStackScript,
  listStackScripts,
  updateStackScript,
} from "../models/stackscripts";
import { paginate } from "../paginate";

export function stackScriptRoutes(router: Router) {
  router
    .on(e.listStackScripts, (ctx) => paginate(listStackScripts(ctx, ctx.principal?.user), ctx.query))
    .on(e.createStackScript, (ctx) => createStackScript(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.getStackScript, (ctx) => getStackScript(ctx, ctx.user, ctx.params))
    .on(e.updateStackScript, (ctx) => updateStackScript(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteStackScript, (ctx) => deleteStackScript(ctx, ctx.user, ctx.params));
}
