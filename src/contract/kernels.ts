/** Kernels (public, no authentication): record and endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { dateTime } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const Kernel = z.object({
  id: z.string(),
  label: z.string(),
  version: z.string(),
  architecture: z.enum(["x86_64", "i386"]),
  built: dateTime,
  deprecated: z.boolean(),
  kvm: z.boolean(),
  pvops: z.boolean(),
});
export type Kernel = z.infer<typeof Kernel>;

/** Kernel IDs hold a slash (`compute/latest-64bit`), kept in the path like image IDs. */
const KernelParams = z.object({ kernelId: z.string().min(1) });

export const kernelEndpoints = {
  listKernels: endpoint({
    name: "listKernels",
    method: "GET",
    path: "/compute/kernels",
    auth: "public",
    query: PageQuery,
    response: listEnvelope(Kernel),
    filterable: ["label", "version", "kvm", "architecture", "pvops", "deprecated"],
    summary: "Lists kernels",
  }),
  getKernel: endpoint({
    name: "getKernel",
    method: "GET",
    path: "/compute/kernels/{kernelId}",
    auth: "public",
    params: KernelParams,
    slashParams: ["kernelId"],
    response: Kernel,
    summary: "One kernel",
  }),
};
