/** Kernels: public, no authentication. */
import { kernelEndpoints as e } from "../../contract";
import { found } from "../api-error";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { findKernel, KERNELS } from "../seed/kernels";

export function kernelRoutes(router: Router) {
  router
    .on(e.listKernels, ({ query }) => paginate(KERNELS, query))
    .on(e.getKernel, ({ params }) => found(findKernel(params.kernelId)));
}
