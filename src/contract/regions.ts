/** Regions and availability (records not shown in the spec; fields per the API's behaviour). */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { listEnvelope, PageQuery } from "./pagination";

export const Region = z.object({
  id: z.string(),
  label: z.string(),
  country: z.string(),
  capabilities: z.array(z.string()),
  status: z.enum(["ok", "outage"]),
  resolvers: z.object({ ipv4: z.string(), ipv6: z.string() }),
  site_type: z.string(),
});
export type Region = z.infer<typeof Region>;

export const RegionAvailability = z.object({
  region: z.string(),
  plan: z.string(),
  available: z.boolean(),
});
export type RegionAvailability = z.infer<typeof RegionAvailability>;

const RegionParams = z.object({ regionId: z.string().min(1) });

export const regionEndpoints = {
  listRegions: endpoint({
    name: "listRegions",
    method: "GET",
    path: "/regions",
    auth: "public",
    query: PageQuery,
    response: listEnvelope(Region),
    filterable: [],
    summary: "Lists regions",
  }),
  getRegion: endpoint({
    name: "getRegion",
    method: "GET",
    path: "/regions/{regionId}",
    auth: "public",
    params: RegionParams,
    response: Region,
    summary: "One region",
  }),
  listAvailability: endpoint({
    name: "listAvailability",
    method: "GET",
    path: "/regions/availability",
    auth: "public",
    query: PageQuery,
    response: listEnvelope(RegionAvailability),
    filterable: ["region", "plan", "available"],
    summary: "Availability of select premium and GPU plans for all regions",
  }),
  getRegionAvailability: endpoint({
    name: "getRegionAvailability",
    method: "GET",
    path: "/regions/{regionId}/availability",
    auth: "public",
    params: RegionParams,
    response: z.array(RegionAvailability),
    summary: "Availability for one region (a bare array)",
  }),
};

export { METADATA_CAPABILITY, VPC_CAPABILITY } from "./rule-values";
/** The capability the Backup service needs. */
export const BACKUPS_CAPABILITY = "Backups";
/** The capability VLAN interfaces need. */
export const VLAN_CAPABILITY = "Vlans";
