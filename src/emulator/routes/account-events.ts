/** `/account/events` (beyond the spec): the events the emulator records, as the real API lists them. */
import { eventEndpoints as e } from "../../contract";
import { getEvent, listEvents } from "../events";
import { paginate } from "../paginate";
import type { Router } from "../router";

export function accountEventRoutes(router: Router) {
  router
    .on(e.listEvents, (ctx) => paginate(listEvents(ctx.store, ctx.clock, ctx.user), ctx.query))
    .on(e.getEvent, (ctx) => getEvent(ctx.store, ctx.user, ctx.params.eventId));
}
