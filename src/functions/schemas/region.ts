/** What `getRegions` and `getRegion` take and give (`../region.ts` declares the same types). */
import { z } from "zod";
import { Region } from "../../contract/regions";

const RegionResult = z.object({
  id: Region.shape.id,
  label: Region.shape.label,
  country: Region.shape.country,
  capabilities: Region.shape.capabilities,
  status: Region.shape.status,
  resolvers: Region.shape.resolvers,
  siteType: Region.shape.site_type,
});

export const regionFunctions = {
  getRegions: {
    args: z.object({
      capability: z.string().optional(),
      country: Region.shape.country.optional(),
      status: Region.shape.status.optional(),
    }),
    result: z.object({ regions: z.array(RegionResult) }),
  },
  getRegion: { args: z.object({ id: Region.shape.id }), result: RegionResult },
};
