/** Disks of an instance: record, requests (create rules included), limits and endpoints. */
import { z } from "zod";
import {
  AuthorizedKeys,
  AuthorizedUsers,
  ImageId,
  password,
  RootPass,
  StackScriptData,
  StackScriptId,
} from "./deploy";
import { endpoint } from "./endpoint";
import { dateTime, idFrom, integer, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";
import { DISK_STATUSES, FILESYSTEMS } from "./values";

export const DISK_LIMITS = { label: { min: 1, max: 48 }, size: { min: 1 } } as const;
export { DISK_STATUSES, FILESYSTEMS, type DiskStatus, type Filesystem } from "./values";

export const Disk = z.object({
  id: z.number().int(),
  label: z.string(),
  size: z.number().int(),
  filesystem: z.enum(FILESYSTEMS),
  status: z.enum(DISK_STATUSES),
  created: dateTime,
  updated: dateTime,
});
export type Disk = z.infer<typeof Disk>;

export const DiskLabel = text("label", DISK_LIMITS.label);
export const DiskSize = integer("size").min(DISK_LIMITS.size.min, "size must be at least 1 (MB)");

export const DiskCreateRequest = z
  .object({
    size: DiskSize,
    label: DiskLabel.optional(),
    filesystem: z
      .enum(FILESYSTEMS, { error: "filesystem must be one of raw, swap, ext3, ext4, initrd" })
      .optional(),
    image: ImageId.optional(),
    root_pass: RootPass.optional(),
    authorized_keys: AuthorizedKeys.optional(),
    authorized_users: AuthorizedUsers.optional(),
    stackscript_id: StackScriptId.optional(),
    stackscript_data: StackScriptData.optional(),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (d.label === undefined && d.image === undefined) issue("label", "label is required for an empty disk");
    if (d.image !== undefined && d.root_pass === undefined) {
      issue("root_pass", "root_pass is required when deploying an image");
    }
    if (d.stackscript_id !== undefined && d.image === undefined) {
      issue("image", "image is required with a StackScript");
    }
  });
export type DiskCreateRequest = z.infer<typeof DiskCreateRequest>;

export const DiskUpdateRequest = z.object({ label: DiskLabel.optional() });
export const DiskResizeRequest = z.object({ size: DiskSize });
export const DiskPasswordRequest = z.object({ password: password("password") });

const computeId = idFrom("computeId");
export const DiskParams = z.object({ computeId, diskId: idFrom("diskId") });

export const diskEndpoints = {
  listDisks: endpoint({
    name: "listDisks",
    method: "GET",
    path: "/compute/instances/{computeId}/disks",
    scopes: ["computes:read_only"],
    params: z.object({ computeId }),
    query: PageQuery,
    response: listEnvelope(Disk),
    filterable: ["label", "size"],
    summary: "Lists an instance's disks",
  }),
  createDisk: endpoint({
    name: "createDisk",
    method: "POST",
    path: "/compute/instances/{computeId}/disks",
    scopes: ["computes:read_write"],
    params: z.object({ computeId }),
    body: DiskCreateRequest,
    response: Disk,
    summary: "Creates an empty disk or deploys an image onto a new disk",
  }),
  getDisk: endpoint({
    name: "getDisk",
    method: "GET",
    path: "/compute/instances/{computeId}/disks/{diskId}",
    scopes: ["computes:read_only"],
    params: DiskParams,
    response: Disk,
    summary: "One disk",
  }),
  updateDisk: endpoint({
    name: "updateDisk",
    method: "PUT",
    path: "/compute/instances/{computeId}/disks/{diskId}",
    scopes: ["computes:read_write"],
    params: DiskParams,
    body: DiskUpdateRequest,
    response: Disk,
    summary: "Renames a disk (label only)",
  }),
  deleteDisk: endpoint({
    name: "deleteDisk",
    method: "DELETE",
    path: "/compute/instances/{computeId}/disks/{diskId}",
    scopes: ["computes:read_write"],
    params: DiskParams,
    summary: "Deletes a disk (destructive)",
  }),
  resizeDisk: endpoint({
    name: "resizeDisk",
    method: "POST",
    path: "/compute/instances/{computeId}/disks/{diskId}/resize",
    scopes: ["computes:read_write"],
    params: DiskParams,
    body: DiskResizeRequest,
    summary: "Resizes a disk within the instance type's disk allocation",
  }),
  resetDiskPassword: endpoint({
    name: "resetDiskPassword",
    method: "POST",
    path: "/compute/instances/{computeId}/disks/{diskId}/password",
    scopes: ["computes:read_write"],
    params: DiskParams,
    body: DiskPasswordRequest,
    summary: "Resets the root password stored on a disk",
  }),
  cloneDisk: endpoint({
    name: "cloneDisk",
    method: "POST",
    path: "/compute/instances/{computeId}/disks/{diskId}/clone",
    scopes: ["computes:read_write"],
    params: DiskParams,
    response: Disk,
    summary: "Copies a disk onto a new disk of the same instance",
  }),
};
