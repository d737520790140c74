/** StackScripts (the rules: `models/stackscripts.ts`). */
import { stackScriptEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  createStackScript,
  deleteStackScript,
  updateStackScript,
  readableStackScript,
  toStackScript,
  visible,
} from "../models/stackscripts";
import { paginate } from "../paginate";

export function stackScriptRoutes(router: Router) {
  router
    .on(e.listStackScripts, ({ store, principal, query }) => {
      const user = principal?.user;
      const rows = store.table("stackscripts").filter((row) => visible(user, row));
      return paginate(
        rows.map((row) => toStackScript(store, row, user)),
        query,
      );
    })
    .on(e.createStackScript, (ctx) => createStackScript(ctx, ctx.user, ctx.body))
    .on(e.getStackScript, (ctx) =>
      toStackScript(ctx.store, readableStackScript(ctx, ctx.user, ctx.params.stackscriptId), ctx.user),
    )
    .on(e.updateStackScript, (ctx) => updateStackScript(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteStackScript, (ctx) => deleteStackScript(ctx, ctx.user, ctx.params));
}
