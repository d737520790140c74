/** Backups of an instance (automatic and snapshots): records, requests, limits and endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { bool, dateTime, idFrom, integer, text } from "./fields";
import { BACKUP_STATUSES, BACKUP_TYPES, FILESYSTEMS } from "./values";

export const BACKUP_LIMITS = { snapshotLabel: { min: 1, max: 255 } } as const;
export { BACKUP_STATUSES, BACKUP_TYPES, type BackupStatus, type BackupType } from "./values";

export const BackupDisk = z.object({
  label: z.string(),
  size: z.number().int(),
  filesystem: z.enum(FILESYSTEMS),
});
export type BackupDisk = z.infer<typeof BackupDisk>;

export const Backup = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  type: z.enum(BACKUP_TYPES),
  status: z.enum(BACKUP_STATUSES),
  available: z.boolean(),
  configs: z.array(z.string()),
  disks: z.array(BackupDisk),
  created: dateTime,
  finished: dateTime.nullable(),
  updated: dateTime,
  /** Beyond the spec (the real record has it): the instance's region when the backup was taken. */
  region: z.string().optional(),
});
export type Backup = z.infer<typeof Backup>;

export const BackupsList = z.object({
  automatic: z.array(Backup),
  snapshot: z.object({ current: Backup.nullable(), in_progress: Backup.nullable() }),
});
export type BackupsList = z.infer<typeof BackupsList>;

export const SnapshotRequest = z.object({ label: text("label", BACKUP_LIMITS.snapshotLabel) });
export const RestoreRequest = z.object({
  compute_id: integer("compute_id").positive("compute_id must be an integer ID"),
  overwrite: bool("overwrite").default(false),
});

const computeId = idFrom("computeId");
const InstanceParams = z.object({ computeId });
export const BackupParams = z.object({ computeId, backupId: idFrom("backupId") });
const base = "/compute/instances/{computeId}/backups";

export const backupEndpoints = {
  listBackups: endpoint({
    name: "listBackups",
    method: "GET",
    path: base,
    scopes: ["computes:read_only"],
    params: InstanceParams,
    response: BackupsList,
    summary: "Automatic backups and the current and in-progress snapshots",
  }),
  createSnapshot: endpoint({
    name: "createSnapshot",
    method: "POST",
    path: base,
    scopes: ["computes:read_write"],
    params: InstanceParams,
    body: SnapshotRequest,
    response: Backup,
    summary: "Takes a snapshot; the previous snapshot is replaced when it succeeds",
  }),
  enableBackups: endpoint({
    name: "enableBackups",
    method: "POST",
    path: `${base}/enable`,
    scopes: ["computes:read_write"],
    params: InstanceParams,
    summary: "Enables the backup service",
  }),
  cancelBackups: endpoint({
    name: "cancelBackups",
    method: "POST",
    path: `${base}/cancel`,
    scopes: ["computes:read_write"],
    params: InstanceParams,
    summary: "Cancels the backup service and deletes every backup",
  }),
  getBackup: endpoint({
    name: "getBackup",
    method: "GET",
    path: `${base}/{backupId}`,
    scopes: ["computes:read_only"],
    params: BackupParams,
    response: Backup,
    summary: "One backup",
  }),
  restoreBackup: endpoint({
    name: "restoreBackup",
    method: "POST",
    path: `${base}/{backupId}/restore`,
    scopes: ["computes:read_write"],
    params: BackupParams,
    body: RestoreRequest,
    summary: "Restores a backup onto an instance of the same region",
  }),
};
