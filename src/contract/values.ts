/**
 * Value lists of the contract that the package's public types name (the classes' outputs and
 * inputs, the data functions' results): the contract's `z.enum`s are made of them.
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

export const IMAGE_TYPES = ["manual", "automatic"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const BACKUP_DAYS = [
  "Scheduling",
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export type BackupDay = (typeof BACKUP_DAYS)[number];

/** `Scheduling` until the API picks one, then a two-hour window: `W0`, `W2`..`W22`. */
export const BACKUP_WINDOWS = [
  "Scheduling",
  "W0",
  "W2",
  "W4",
  "W6",
  "W8",
  "W10",
  "W12",
  "W14",
  "W16",
  "W18",
  "W20",
  "W22",
] as const;
export type BackupWindow = (typeof BACKUP_WINDOWS)[number];

export const FILESYSTEMS = ["raw", "swap", "ext3", "ext4", "initrd"] as const;
export type Filesystem = (typeof FILESYSTEMS)[number];

export const DISK_STATUSES = ["ready", "not ready", "deleting"] as const;
export type DiskStatus = (typeof DISK_STATUSES)[number];

export const RUN_LEVELS = ["default", "single", "binbash"] as const;
export type RunLevel = (typeof RUN_LEVELS)[number];

export const VIRT_MODES = ["paravirt", "fullvirt"] as const;
export type VirtMode = (typeof VIRT_MODES)[number];

export const INTERFACE_PURPOSES = ["public", "vlan", "vpc"] as const;
export type InterfacePurpose = (typeof INTERFACE_PURPOSES)[number];

export const LISH_AUTH_METHODS = ["password_keys", "keys_only", "disabled"] as const;
export type LishAuthMethod = (typeof LISH_AUTH_METHODS)[number];

export const BACKUP_STATUSES = [
  "paused",
  "pending",
  "running",
  "needsPostProcessing",
  "successful",
  "failed",
  "userAborted",
] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

export const BACKUP_TYPES = ["auto", "snapshot"] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

export const PERMISSIONS = ["read_only", "read_write"] as const;
export type Permission = (typeof PERMISSIONS)[number];
