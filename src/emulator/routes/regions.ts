import { regionEndpoints as e } from "../../contract";
import { ApiError } from "../api-error";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { AVAILABILITY, findRegion, REGIONS } from "../seed/regions";

export function regionRoutes(router: Router) {
  router
    .on(e.listRegions, ({ query }) => paginate(REGIONS, query))
    .on(e.getRegion, ({ params }) => findRegion(params.regionId) ?? Promise.reject(ApiError.notFound()))
    .on(e.listAvailability, ({ query }) => paginate(AVAILABILITY, query))
    .on(e.getRegionAvailability, ({ params }) => {
      if (!findRegion(params.regionId)) throw ApiError.notFound();
      return AVAILABILITY.filter((a) => a.region === params.regionId);
    });
}
