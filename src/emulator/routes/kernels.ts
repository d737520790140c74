/** Kernels: public, no authentication. */
import { kernelEndpoints as e } from "../../contract";
import { ApiError } from "../api-error";
import { paginate } from "../paginate";
import type { Router } from "../router";
import { findKernel, KERNELS } from "../seed/kernels";

export function kernelRoutes(router: Router) {
  router
    .on(e.listKernels, ({ query }) => paginate(KERNELS, query))
    .on(e.getKernel, ({ params }) => {
      const kernel = findKernel(params.kernelId);
      if (!kernel) throw ApiError.notFound();
      return kernel;
    });
}
