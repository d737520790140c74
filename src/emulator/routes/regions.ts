/** Regions and their availability: public, no authentication. */
import { regionEndpoints as e } from "../../contract";
import { found } from "../api-error";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { AVAILABILITY, availabilityIn, findRegion, REGIONS } from "../seed/regions";

export function regionRoutes(router: Router) {
  router
    .on(e.listRegions, ({ query }) => paginate(REGIONS, query))
    .on(e.getRegion, ({ params }) => found(findRegion(params.regionId)))
    .on(e.listAvailability, ({ query }) => paginate(AVAILABILITY, query))
    .on(e.getRegionAvailability, ({ params }) => found(availabilityIn(params.regionId)));
}
