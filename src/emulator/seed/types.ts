/** Instance types the emulator serves: the real plan IDs, sizes and prices (disk and memory in MB). */
import type { InstanceType } from "../../contract";

function type(
  id: string,
  label: string,
  cls: InstanceType["class"],
  [disk, memory, vcpus, gpus]: [number, number, number, number],
  [transfer, networkOut]: [number, number],
  [monthly, hourly]: [number, number],
  backups: [number, number],
  successor: string | null = null,
): InstanceType {
  return {
    id,
    label,
    class: cls,
    disk,
    memory,
    vcpus,
    gpus,
    transfer,
    network_out: networkOut,
    price: { monthly, hourly },
    region_prices: [],
    addons: { backups: { price: { monthly: backups[0], hourly: backups[1] }, region_prices: [] } },
    successor,
  };
}

export const TYPES: InstanceType[] = [
  type("g6-nanode-1", "Nanode 1GB", "nanode", [25600, 1024, 1, 0], [1000, 1000], [5, 0.0075], [2, 0.003]),
  type(
    "g6-standard-1",
    "Compute 2GB",
    "standard",
    [51200, 2048, 1, 0],
    [2000, 2000],
    [12, 0.018],
    [2.5, 0.004],
  ),
  type(
    "g6-standard-2",
    "Compute 4GB",
    "standard",
    [81920, 4096, 2, 0],
    [4000, 4000],
    [24, 0.036],
    [5, 0.008],
  ),
  type(
    "g6-standard-4",
    "Compute 8GB",
    "standard",
    [163840, 8192, 4, 0],
    [5000, 5000],
    [48, 0.072],
    [10, 0.015],
  ),
  type(
    "g6-standard-6",
    "Compute 16GB",
    "standard",
    [327680, 16384, 6, 0],
    [8000, 6000],
    [96, 0.144],
    [20, 0.03],
  ),
  type(
    "g6-standard-8",
    "Compute 32GB",
    "standard",
    [655360, 32768, 8, 0],
    [16000, 7000],
    [192, 0.288],
    [40, 0.06],
  ),
  type(
    "g6-dedicated-2",
    "Dedicated 4GB",
    "dedicated",
    [81920, 4096, 2, 0],
    [4000, 4000],
    [36, 0.054],
    [5, 0.008],
  ),
  type(
    "g6-dedicated-4",
    "Dedicated 8GB",
    "dedicated",
    [163840, 8192, 4, 0],
    [5000, 5000],
    [72, 0.108],
    [10, 0.015],
  ),
  type(
    "g7-highmem-1",
    "Compute 24GB",
    "highmem",
    [20480, 24576, 2, 0],
    [5000, 5000],
    [60, 0.09],
    [5, 0.0075],
  ),
  type(
    "g1-gpu-rtx6000-1",
    "Dedicated 32GB + RTX6000 GPU x1",
    "gpu",
    [655360, 32768, 8, 1],
    [16000, 10000],
    [1000, 1.5],
    [40, 0.06],
  ),
  /** A deprecated plan with a free upgrade path, so that mutate and migrate with upgrade have one to take. */
  type(
    "g5-standard-1",
    "Compute 2GB (legacy)",
    "standard",
    [30720, 2048, 1, 0],
    [2000, 1000],
    [10, 0.015],
    [2.5, 0.004],
    "g6-standard-1",
  ),
];

export function findType(id: string): InstanceType | undefined {
  return TYPES.find((t) => t.id === id);
}
