import { regionEndpoints as e } from "../../contract";
import { ApiError } from "../api-error";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { AVAILABILITY, REGIONS } from "../seed/regions";

export function findRegion(id: string) {
  return REGIONS.find((r) => r.id === id);
}

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
