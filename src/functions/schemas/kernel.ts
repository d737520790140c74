/** What `getKernels` and `getKernel` take and give (`../kernel.ts` declares the same types). */
import { z } from "zod";
import { Kernel } from "../../contract/kernels";
import { LabelArgs } from "./labels";

export const kernelFunctions = {
  getKernels: {
    args: LabelArgs.extend(
      Kernel.pick({ version: true, architecture: true, deprecated: true, kvm: true, pvops: true }).partial()
        .shape,
    ),
    result: z.object({ kernels: z.array(Kernel) }),
  },
  getKernel: { args: Kernel.pick({ id: true }), result: Kernel },
};
