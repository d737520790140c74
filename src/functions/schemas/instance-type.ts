/** What `getInstanceTypes` and `getInstanceType` take and give (`../instance-type.ts` declares the same types). */
import { z } from "zod";
import { InstanceType } from "../../contract/types";
import { LabelArgs } from "./labels";

const Price = InstanceType.shape.price;
const RegionPrice = InstanceType.shape.region_prices.element;

const InstanceTypeResult = z.object({
  id: InstanceType.shape.id,
  label: InstanceType.shape.label,
  class: InstanceType.shape.class,
  disk: InstanceType.shape.disk,
  memory: InstanceType.shape.memory,
  vcpus: InstanceType.shape.vcpus,
  gpus: InstanceType.shape.gpus,
  transfer: InstanceType.shape.transfer,
  networkOut: InstanceType.shape.network_out,
  price: Price,
  regionPrices: z.array(RegionPrice),
  addons: z.object({ backups: z.object({ price: Price, regionPrices: z.array(RegionPrice) }) }),
  successor: InstanceType.shape.successor,
});

export const instanceTypeFunctions = {
  getInstanceTypes: {
    args: LabelArgs.extend({
      class: InstanceType.shape.class.optional(),
      minMemory: InstanceType.shape.memory.optional(),
      minVcpus: InstanceType.shape.vcpus.optional(),
      minDisk: InstanceType.shape.disk.optional(),
      gpus: InstanceType.shape.gpus.optional(),
    }),
    result: z.object({ types: z.array(InstanceTypeResult) }),
  },
  getInstanceType: { args: InstanceType.pick({ id: true }), result: InstanceTypeResult },
};
