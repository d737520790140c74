/** What `getRegionAvailability` takes and gives (`../region-availability.ts` declares the same types). */
import { z } from "zod";
import { RegionAvailability } from "../../contract/regions";

export const regionAvailabilityFunctions = {
  getRegionAvailability: {
    args: RegionAvailability.partial(),
    result: z.object({ availability: z.array(RegionAvailability) }),
  },
};
