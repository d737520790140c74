/**
 * Compute instances: the record, the create/update requests and every action's body (boot, reboot,
 * password, rebuild, rescue, resize, clone, migrate, mutate), statistics and transfer, with limits.
 */
import { z } from "zod";
import { DevicesRequest, InterfaceList } from "./configs";
import {
  AuthorizedKeys,
  AuthorizedUsers,
  ImageId,
  Metadata,
  RootPass,
  StackScriptData,
  StackScriptId,
} from "./deploy";
import { bool, dateTime, integer, text } from "./fields";
import { BACKUP_DAYS, BACKUP_WINDOWS, INSTANCE_STATUSES } from "./values";

export const INSTANCE_LIMITS = {
  label: { min: 3, max: 64 },
  tag: { min: 3, max: 50 },
  concurrentClones: 5,
  /** Stats and transfer periods. */
  year: { min: 2000, max: 2037 },
  month: { min: 1, max: 12 },
} as const;

export { INSTANCE_BUSY_REASON } from "./errors";

export { INSTANCE_STATUSES, type InstanceStatus } from "./values";

/** Begins with a letter, ends with a letter or digit; letters, digits, `-`, `_`, `.`; no `--`, `__`, `..`. */
const LABEL_PATTERN = /^[a-zA-Z](?:(?!--|__|\.\.)[a-zA-Z0-9_.-])*[a-zA-Z0-9]$/;
export const InstanceLabel = text("label", INSTANCE_LIMITS.label).regex(
  LABEL_PATTERN,
  "label must begin with a letter, end with a letter or digit, hold only ASCII letters, digits, -, _ and ., and have no two -, _ or . in a row",
);
export const TagLabel = text("tags", INSTANCE_LIMITS.tag);
export const Tags = z.array(TagLabel, { error: "tags must be an array of strings" });

export { BACKUP_DAYS, BACKUP_WINDOWS } from "./values";

// ---- records ----

export const Specs = z.object({
  disk: z.number().int(),
  memory: z.number().int(),
  vcpus: z.number().int(),
  gpus: z.number().int(),
  transfer: z.number().int(),
});
export type Specs = z.infer<typeof Specs>;

/** Integers (the requests take integers only; api-behaviour 4.12). */
export const Alerts = z.object({
  cpu: z.number().int(),
  io: z.number().int(),
  network_in: z.number().int(),
  network_out: z.number().int(),
  transfer_quota: z.number().int(),
});
export type Alerts = z.infer<typeof Alerts>;

export const InstanceBackups = z.object({
  available: z.boolean(),
  enabled: z.boolean(),
  last_successful: dateTime.nullable(),
  schedule: z.object({ day: z.enum(BACKUP_DAYS).nullable(), window: z.enum(BACKUP_WINDOWS).nullable() }),
});
export type InstanceBackups = z.infer<typeof InstanceBackups>;

export const Instance = z.object({
  id: z.number().int(),
  label: z.string(),
  region: z.string(),
  type: z.string(),
  image: z.string().nullable(),
  group: z.string(),
  tags: z.array(z.string()),
  status: z.enum(INSTANCE_STATUSES),
  hypervisor: z.literal("kvm"),
  host_uuid: z.string(),
  has_user_data: z.boolean(),
  ipv4: z.array(z.string()),
  ipv6: z.string().nullable(),
  specs: Specs,
  alerts: Alerts,
  backups: InstanceBackups,
  watchdog_enabled: z.boolean(),
  created: dateTime,
  updated: dateTime,
});
export type Instance = z.infer<typeof Instance>;

// ---- requests ----

const typeId = (field = "type") => text(field, { min: 1, max: 64 });
const regionId = text("region", { min: 1, max: 64 });
const swapSize = integer("swap_size").nonnegative("swap_size must be at least 0");

export const InstanceCreateRequest = z
  .object({
    region: regionId,
    type: typeId(),
    label: InstanceLabel.optional(),
    image: ImageId.optional(),
    root_pass: RootPass.optional(),
    authorized_keys: AuthorizedKeys.optional(),
    authorized_users: AuthorizedUsers.optional(),
    backup_id: integer("backup_id").positive("backup_id must be an integer ID").optional(),
    backups_enabled: bool("backups_enabled").optional(),
    booted: bool("booted").optional(),
    firewall_id: integer("firewall_id").positive("firewall_id must be an integer ID").optional(),
    group: z
      .string({ error: "group must be a string" })
      .max(50, "group must be at most 50 characters")
      .optional(),
    interfaces: InterfaceList.optional(),
    metadata: Metadata.optional(),
    private_ip: bool("private_ip").optional(),
    stackscript_id: StackScriptId.optional(),
    stackscript_data: StackScriptData.optional(),
    swap_size: swapSize.optional(),
    tags: Tags.optional(),
  })
  .superRefine((r, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (r.image !== undefined && r.backup_id !== undefined) {
      issue("backup_id", "backup_id cannot be combined with image");
    }
    if (r.stackscript_id !== undefined && r.image === undefined) {
      issue("image", "image is required with a StackScript");
    }
    if (r.image !== undefined && r.root_pass === undefined) {
      issue("root_pass", "root_pass is required when deploying from an image or StackScript");
    }
  });
export type InstanceCreateRequest = z.infer<typeof InstanceCreateRequest>;

export const InstanceUpdateRequest = z.object({
  label: InstanceLabel.optional(),
  group: z
    .string({ error: "group must be a string" })
    .max(50, "group must be at most 50 characters")
    .optional(),
  tags: Tags.optional(),
  watchdog_enabled: bool("watchdog_enabled").optional(),
  alerts: z
    .object({
      cpu: integer("alerts.cpu").nonnegative("alerts.cpu must be at least 0"),
      io: integer("alerts.io").nonnegative("alerts.io must be at least 0"),
      network_in: integer("alerts.network_in").nonnegative("alerts.network_in must be at least 0"),
      network_out: integer("alerts.network_out").nonnegative("alerts.network_out must be at least 0"),
      transfer_quota: integer("alerts.transfer_quota")
        .min(0, "alerts.transfer_quota must be 0..100")
        .max(100, "alerts.transfer_quota must be 0..100"),
    })
    .partial()
    .optional(),
  backups: z
    .object({
      schedule: z
        .object({
          day: z
            .enum(BACKUP_DAYS, { error: "backups.schedule.day must be a weekday or Scheduling" })
            .nullable(),
          window: z
            .enum(BACKUP_WINDOWS, { error: "backups.schedule.window must be W0, W2, ..., W22" })
            .nullable(),
        })
        .partial(),
    })
    .partial()
    .optional(),
});
export type InstanceUpdateRequest = z.infer<typeof InstanceUpdateRequest>;

const configId = integer("config_id").positive("config_id must be an integer ID");
export const BootRequest = z.object({ config_id: configId.optional() });
export const RebootRequest = z.object({ config_id: configId.nullable().optional() });
export const PasswordRequest = z.object({ root_pass: RootPass });

export const RebuildRequest = z.object({
  image: ImageId,
  root_pass: RootPass,
  authorized_keys: AuthorizedKeys.optional(),
  authorized_users: AuthorizedUsers.optional(),
  booted: bool("booted").optional(),
  metadata: Metadata.optional(),
  stackscript_id: StackScriptId.optional(),
  stackscript_data: StackScriptData.optional(),
  type: typeId().optional(),
});
export type RebuildRequest = z.infer<typeof RebuildRequest>;

export const RescueRequest = z.object({
  devices: DevicesRequest.superRefine((d, ctx) => {
    if (d.sdh !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["sdh"],
        message: "sdh is reserved and unavailable in rescue mode",
      });
    }
  }).optional(),
});

const MIGRATION_TYPES = ["warm", "cold"] as const;
const migrationType = (field: string) => z.enum(MIGRATION_TYPES, { error: `${field} must be warm or cold` });
const allowAutoDiskResize = bool("allow_auto_disk_resize").default(true);

export const ResizeRequest = z.object({
  type: typeId(),
  allow_auto_disk_resize: allowAutoDiskResize,
  migration_type: migrationType("migration_type").default("cold"),
});
export type ResizeRequest = z.infer<typeof ResizeRequest>;

export const MigrateRequest = z
  .object({
    region: regionId.optional(),
    upgrade: bool("upgrade").default(false),
    type: migrationType("type").default("cold"),
  })
  .superRefine((m, ctx) => {
    if (m.region !== undefined && m.type === "warm") {
      ctx.addIssue({
        code: "custom",
        path: ["type"],
        message: "warm migrations are not available across regions",
      });
    }
  });
export type MigrateRequest = z.infer<typeof MigrateRequest>;

export const MutateRequest = z.object({ allow_auto_disk_resize: allowAutoDiskResize });

export const CloneRequest = z
  .object({
    compute_id: integer("compute_id").positive("compute_id must be an integer ID").optional(),
    region: regionId.optional(),
    type: typeId().optional(),
    label: InstanceLabel.optional(),
    group: z
      .string({ error: "group must be a string" })
      .max(50, "group must be at most 50 characters")
      .optional(),
    backups_enabled: bool("backups_enabled").optional(),
    private_ip: bool("private_ip").optional(),
    disks: z.array(integer("disks"), { error: "disks must be an array of disk IDs" }).optional(),
    configs: z.array(integer("configs"), { error: "configs must be an array of config IDs" }).optional(),
    metadata: Metadata.optional(),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (c.compute_id === undefined) {
      if (c.region === undefined) issue("region", "region is required to clone to a new instance");
      if (c.type === undefined) issue("type", "type is required to clone to a new instance");
    }
  });
export type CloneRequest = z.infer<typeof CloneRequest>;

// ---- statistics and transfer ----

/** Data points `[unix ms, value]`. */
const Series = z.array(z.tuple([z.number(), z.number()]));
const NetStats = z.object({ in: Series, out: Series, private_in: Series, private_out: Series });
export const InstanceStats = z.object({
  cpu: Series,
  io: z.object({ io: Series, swap: Series }),
  netv4: NetStats,
  netv6: NetStats,
  title: z.string(),
});
export type InstanceStats = z.infer<typeof InstanceStats>;

export const Transfer = z.object({
  billable: z.number().int(),
  quota: z.number().int(),
  used: z.number().int(),
});
export const MonthlyTransfer = z.object({
  bytes_in: z.number().int(),
  bytes_out: z.number().int(),
  bytes_total: z.number().int(),
});

/** A stats or transfer month: year 2000..2037, month 1..12 (past or current, checked by the API). */
export const StatsPeriod = z.object({
  year: integer("year")
    .min(INSTANCE_LIMITS.year.min, "year must be 2000..2037")
    .max(INSTANCE_LIMITS.year.max, "year must be 2000..2037"),
  month: integer("month").min(1, "month must be 1..12").max(12, "month must be 1..12"),
});

// ---- addresses (GET .../ips: beyond the spec, in the real API's shape) ----

/** One address of an instance. */
export const InstanceIp = z.object({
  address: z.string(),
  gateway: z.string().nullable(),
  subnet_mask: z.string(),
  prefix: z.number().int(),
  /** `ipv4`, `ipv6`, `ipv6/pool` or `ipv6/range`. */
  type: z.string(),
  public: z.boolean(),
  rdns: z.string().nullable(),
  compute_id: z.number().int(),
  region: z.string(),
});
export type InstanceIp = z.infer<typeof InstanceIp>;

/** `POST .../ips`: one more address; only `ipv4` exists, and `public: false` asks for the private one. */
export const InstanceIpRequest = z.object({
  type: z.enum(["ipv4"], {
    error: (iss) =>
      iss.input === undefined || iss.input === null ? "type is required" : "type must be ipv4",
  }),
  public: bool("public"),
});
export type InstanceIpRequest = z.infer<typeof InstanceIpRequest>;

export const Ipv6Range = z.object({
  range: z.string(),
  prefix: z.number().int(),
  region: z.string(),
  route_target: z.string().nullable(),
});

export const InstanceIps = z.object({
  ipv4: z.object({
    public: z.array(InstanceIp),
    private: z.array(InstanceIp),
    shared: z.array(InstanceIp),
    reserved: z.array(InstanceIp),
  }),
  ipv6: z.object({
    slaac: InstanceIp.nullable(),
    link_local: InstanceIp.nullable(),
    global: z.array(Ipv6Range),
  }),
});
export type InstanceIps = z.infer<typeof InstanceIps>;

// ---- products listed per instance but not emulated ----

export const NodeBalancer = z.object({
  id: z.number().int(),
  label: z.string(),
  region: z.string(),
  hostname: z.string(),
  ipv4: z.string(),
  ipv6: z.string().nullable(),
  created: dateTime,
  updated: dateTime,
});
export const Volume = z.object({
  id: z.number().int(),
  label: z.string(),
  status: z.string(),
  size: z.number().int(),
  region: z.string(),
  compute_id: z.number().int().nullable(),
  filesystem_path: z.string(),
  tags: z.array(z.string()),
  created: dateTime,
  updated: dateTime,
});
