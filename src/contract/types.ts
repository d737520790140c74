/** Instance types (plans; public, no authentication): record and endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { listEnvelope, PageQuery } from "./pagination";
import { TYPE_CLASSES } from "./values";

export { TYPE_CLASSES, type TypeClass } from "./values";

const Price = z.object({ hourly: z.number(), monthly: z.number() });
const RegionPrice = Price.extend({ id: z.string() });

export const InstanceType = z.object({
  id: z.string(),
  label: z.string(),
  class: z.enum(TYPE_CLASSES),
  /** MB. */
  disk: z.number().int(),
  /** MB. */
  memory: z.number().int(),
  vcpus: z.number().int(),
  gpus: z.number().int(),
  /** Monthly transfer quota (GB). */
  transfer: z.number().int(),
  /** Mbit/s. */
  network_out: z.number().int(),
  price: Price,
  region_prices: z.array(RegionPrice),
  addons: z.object({ backups: z.object({ price: Price, region_prices: z.array(RegionPrice) }) }),
  /** The type a deprecated type upgrades to for free (mutate); null when current. */
  successor: z.string().nullable(),
});
export type InstanceType = z.infer<typeof InstanceType>;

export const typeEndpoints = {
  listTypes: endpoint({
    name: "listTypes",
    method: "GET",
    path: "/compute/types",
    auth: "public",
    query: PageQuery,
    response: listEnvelope(InstanceType),
    filterable: ["label", "disk", "class", "network_out", "memory", "transfer", "vcpus", "gpus"],
    summary: "Lists instance types",
  }),
  getType: endpoint({
    name: "getType",
    method: "GET",
    path: "/compute/types/{typeId}",
    auth: "public",
    params: z.object({ typeId: z.string().min(1) }),
    response: InstanceType,
    summary: "One instance type",
  }),
};
