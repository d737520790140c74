/** Instance types: public, no authentication. */
import { typeEndpoints as e } from "../../contract";
import { found } from "../api-error";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { findType, TYPES } from "../seed/types";

export function typeRoutes(router: Router) {
  router
    .on(e.listTypes, ({ query }) => paginate(TYPES, query))
    .on(e.getType, ({ params }) => found(findType(params.typeId)));
}
