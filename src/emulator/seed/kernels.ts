/** Kernels the emulator serves (IDs `compute/...`), shaped as the API's kernel records. */
import type { Kernel } from "../../contract";

function kernel(
  id: string,
  label: string,
  version: string,
  architecture: Kernel["architecture"],
  built: string,
  flags: { pvops?: boolean; deprecated?: boolean } = {},
): Kernel {
  return {
    id: `compute/${id}`,
    label,
    version,
    architecture,
    built,
    deprecated: flags.deprecated ?? false,
    kvm: true,
    pvops: flags.pvops ?? true,
  };
}

export const KERNELS: Kernel[] = [
  kernel(
    "latest-64bit",
    "Latest 64 bit (6.1.10-x86_64-compute159)",
    "6.1.10",
    "x86_64",
    "2023-02-08T19:50:57",
  ),
  kernel("latest-32bit", "Latest 32 bit (6.1.10-x86-compute170)", "6.1.10", "i386", "2023-02-08T19:46:31"),
  kernel("grub2", "GRUB 2", "2.06", "x86_64", "2022-08-29T14:28:36", { pvops: false }),
  kernel("grub-legacy", "GRUB (Legacy)", "2.0.0", "x86_64", "2015-04-29T15:32:30", { pvops: false }),
  kernel("direct-disk", "Direct Disk", "", "x86_64", "2015-05-04T21:51:43", { pvops: false }),
  kernel("6.2.9-x86_64-compute160", "6.2.9-x86_64-compute160", "6.2.9", "x86_64", "2023-04-05T19:40:30"),
  kernel("5.19.2-x86-compute176", "5.19.2-x86-compute176", "5.19.2", "i386", "2022-08-18T18:55:08"),
  kernel("latest-2.6", "Latest 2.6 (2.6.39.1-x86_64-compute19)", "2.6.39", "x86_64", "2011-06-03T13:00:00", {
    deprecated: true,
  }),
];

export function findKernel(id: string): Kernel | undefined {
  return KERNELS.find((k) => k.id === id);
}
