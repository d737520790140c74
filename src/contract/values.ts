/**
 * Value lists of the contract that the package's public types name (the data functions' results).
 * This module imports nothing: the declarations of the package's main entry must never load zod,
 * whose CommonJS declarations fail a strict project without esModuleInterop (TS1259).
 */
export const IMAGE_STATUSES = ["creating", "pending_upload", "available"] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

export const INSTANCE_STATUSES = [
  "running",
  "offline",
  "booting",
  "rebooting",
  "shutting_down",
  "provisioning",
  "deleting",
  "migrating",
  "rebuilding",
  "cloning",
  "restoring",
  "stopped",
  "billing_suspension",
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

export const TYPE_CLASSES = ["nanode", "standard", "dedicated", "premium", "gpu", "highmem"] as const;
export type TypeClass = (typeof TYPE_CLASSES)[number];
