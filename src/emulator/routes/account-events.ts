/** `/account/events` (beyond the spec): the events the emulator records, as the real API lists them. */
import { eventEndpoints as e } from "../../contract";
import { getEvent, listEvents } from "../models/account-events";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function accountEventRoutes(router: Router) {
  router
    .on(e.listEvents, (ctx) => paginate(listEvents(ctx, ctx.user), ctx.query))
    .on(e.getEvent, (ctx) => getEvent(ctx, ctx.user, ctx.params));
}
