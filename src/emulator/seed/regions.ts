/** Regions the emulator serves: the real IDs and labels; the older ones lack VPCs and Metadata. */
import type { Region, RegionAvailability } from "../../contract";

const LEGACY = [
  "Computes",
  "Backups",
  "NodeBalancers",
  "Block Storage",
  "Kubernetes",
  "Cloud Firewall",
  "Vlans",
];
const CURRENT = [...LEGACY, "GPU Computes", "VPCs", "Metadata", "Premium Plans", "Object Storage"];

function region(id: string, label: string, country: string, capabilities: string[], octet: number): Region {
  const ipv4 = [1, 2, 3, 4, 5].map((n) => `172.105.${octet}.${n}`).join(", ");
  const ipv6 = [1, 2, 3].map((n) => `2600:3c0${octet % 10}::${n}`).join(", ");
  return { id, label, country, capabilities, status: "ok", resolvers: { ipv4, ipv6 }, site_type: "core" };
}

export const REGIONS: Region[] = [
  region("us-east", "Newark, NJ", "us", LEGACY, 10),
  region("us-central", "Dallas, TX", "us", LEGACY, 11),
  region("us-west", "Fremont, CA", "us", LEGACY, 12),
  region("eu-west", "London, UK", "gb", LEGACY, 13),
  region("ap-south", "Singapore, SG", "sg", LEGACY, 14),
  region("us-iad", "Washington, DC", "us", CURRENT, 20),
  region("us-ord", "Chicago, IL", "us", CURRENT, 21),
  region("fr-par", "Paris, FR", "fr", CURRENT, 22),
  region("nl-ams", "Amsterdam, NL", "nl", CURRENT, 23),
  region("se-sto", "Stockholm, SE", "se", CURRENT, 24),
  region("jp-osa", "Osaka, JP", "jp", CURRENT, 25),
];

const PLANS = ["gpu-rtx6000-1.1", "gpu-rtx6000-2.1", "premium4096.7"];

export const AVAILABILITY: RegionAvailability[] = REGIONS.flatMap((r) =>
  PLANS.map((plan, i) => ({
    region: r.id,
    plan,
    available:
      r.capabilities.includes("Premium Plans") && (i === 2 || r.capabilities.includes("GPU Computes")),
  })),
);

export function findRegion(id: string) {
  return REGIONS.find((r) => r.id === id);
}

/** The plans' availability in one region, or undefined when there is no such region. */
export function availabilityIn(regionId: string): RegionAvailability[] | undefined {
  return findRegion(regionId) && AVAILABILITY.filter((a) => a.region === regionId);
}
