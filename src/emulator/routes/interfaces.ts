/** Interfaces of a configuration profile (the rules: `models/interfaces.ts`). */
import { configEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  addInterface,
  deleteInterface,
  getInterface,
  listInterfaces,
  orderInterfaces,
  updateInterface,
} from "../models/interfaces";

export function interfaceRoutes(router: Router) {
  router
    .on(e.listInterfaces, (ctx) => listInterfaces(ctx, ctx.user, ctx.params))
    .on(e.getInterface, (ctx) => getInterface(ctx, ctx.user, ctx.params))
    .on(e.addInterface, (ctx) => addInterface(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.updateInterface, (ctx) => updateInterface(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deleteInterface, (ctx) => deleteInterface(ctx, ctx.user, ctx.params))
    .on(e.orderInterfaces, (ctx) => orderInterfaces(ctx, ctx.user, ctx.params, ctx.body));
}
