/** Public images the emulator serves (IDs `compute/...`), shaped as the API's image records. */
import type { Image } from "../../contract";
const CREATED = "2024-01-15T12:00:00";

function image(
  id: string,
  label: string,
  vendor: string,
  size: number,
  cloudInit: boolean,
  eol: string | null,
  deprecated = false,
): Image {
  return {
    id: `compute/${id}`,
    label,
    description: "",
    capabilities: cloudInit ? ["cloud-init"] : [],
    created: CREATED,
    updated: CREATED,
    created_by: "compute",
    deprecated,
    eol,
    expiry: null,
    is_public: true,
    size,
    status: "available",
    type: "manual",
    vendor,
  };
}

export const PUBLIC_IMAGES: Image[] = [
  image("debian11", "Debian 11", "Debian", 1400, true, "2026-08-14T04:00:00"),
  image("debian12", "Debian 12", "Debian", 1500, true, "2028-06-10T04:00:00"),
  image("ubuntu20.04", "Ubuntu 20.04 LTS", "Ubuntu", 2500, true, "2025-04-02T04:00:00"),
  image("ubuntu22.04", "Ubuntu 22.04 LTS", "Ubuntu", 3500, true, "2027-04-01T04:00:00"),
  image("ubuntu24.04", "Ubuntu 24.04 LTS", "Ubuntu", 3500, true, "2029-04-01T04:00:00"),
  image("almalinux9", "AlmaLinux 9", "AlmaLinux", 2200, true, "2032-05-31T04:00:00"),
  image("rocky9", "Rocky Linux 9", "Rocky", 2200, true, "2032-05-31T04:00:00"),
  image("fedora39", "Fedora 39", "Fedora", 2000, false, "2024-11-12T05:00:00"),
  image("alpine3.19", "Alpine 3.19", "Alpine", 300, false, "2025-11-01T04:00:00"),
  image("arch", "Arch Linux", "Arch", 1800, false, null),
  image("centos7", "CentOS 7", "CentOS", 2500, false, "2024-06-30T04:00:00", true),
];
