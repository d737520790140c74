/** Configuration profiles of an instance and their network interfaces: records, requests, limits, endpoints. */
import { z } from "zod";
import { parseCidr, parseIpv4 } from "./cidr";
import { endpoint } from "./endpoint";
import { bool, dateTime, idFrom, integer, realOnlyNull, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";
import { CONFIG_LIMITS } from "./rule-values";
import { keyed } from "./keyed";
import { INTERFACE_PURPOSES, RUN_LEVELS, VIRT_MODES } from "./values";

export { CONFIG_LIMITS };

export const DEVICE_NAMES = ["sda", "sdb", "sdc", "sdd", "sde", "sdf", "sdg", "sdh"] as const;
export type DeviceName = (typeof DEVICE_NAMES)[number];
/** Devices a `fullvirt` profile cannot use. */
export const PARAVIRT_ONLY_DEVICES: DeviceName[] = ["sde", "sdf", "sdg", "sdh"];

export const DEFAULT_KERNEL = "compute/latest-64bit";
export const DEFAULT_ROOT_DEVICE = "/dev/sda";
export {
  INTERFACE_PURPOSES,
  RUN_LEVELS,
  VIRT_MODES,
  type InterfacePurpose,
  type RunLevel,
  type VirtMode,
} from "./values";

// ---- records ----

export const Device = z.object({
  disk_id: z.number().int().nullable(),
  volume_id: z.number().int().nullable(),
});
export type Device = z.infer<typeof Device>;
export const Devices = z.object(keyed(DEVICE_NAMES, () => Device.nullable()));
export type Devices = z.infer<typeof Devices>;

export const Helpers = z.object({
  updatedb_disabled: z.boolean(),
  distro: z.boolean(),
  modules_dep: z.boolean(),
  network: z.boolean(),
  devtmpfs_automount: z.boolean(),
});
export type Helpers = z.infer<typeof Helpers>;

export const ConfigInterface = z.object({
  id: z.number().int(),
  purpose: z.enum(INTERFACE_PURPOSES),
  primary: z.boolean(),
  active: z.boolean(),
  label: z.string().nullable(),
  ipam_address: z.string().nullable(),
  /** Only vpc interfaces carry addresses; null for the others. */
  ipv4: z.object({ vpc: z.string().nullable(), nat_1_1: z.string().nullable() }).nullable(),
  subnet_id: z.number().int().nullable(),
  vpc_id: z.number().int().nullable(),
  ip_ranges: z.array(z.string()).nullable(),
  /** Beyond the spec: null (IPv6 in VPCs was in beta at this release). */
  ipv6: realOnlyNull,
});
export type ConfigInterface = z.infer<typeof ConfigInterface>;

export const Config = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The spec allows null; the real API answers "" when none were given. */
  comments: z.string().nullable(),
  devices: Devices,
  helpers: Helpers,
  interfaces: z.array(ConfigInterface),
  kernel: z.string(),
  memory_limit: z.number().int(),
  root_device: z.string(),
  run_level: z.enum(RUN_LEVELS),
  virt_mode: z.enum(VIRT_MODES),
  /** Beyond the spec (the real record has it): the initrd disk's ID, null for none. */
  initrd: z.number().int().nullable().optional(),
  created: dateTime,
  updated: dateTime,
});
export type Config = z.infer<typeof Config>;

// ---- requests ----

const isBlank = (v: unknown) => v === undefined || v === null || v === "";
const VLAN_LABEL = /^[a-zA-Z0-9-]+$/;
const isIpv4 = (v: string) => parseIpv4(v) !== undefined;
const isIpv4Cidr = (v: string) => parseCidr(v) !== undefined;

export const InterfaceIpv4Request = z.object({
  vpc: z.string({ error: "ipv4.vpc must be an IPv4 address" }).nullable().optional(),
  nat_1_1: z.string({ error: "ipv4.nat_1_1 must be an IPv4 address or any" }).nullable().optional(),
});

export const IpRanges = z.array(
  z.string().refine(isIpv4Cidr, "ip_ranges must hold IPv4 ranges in CIDR notation"),
  {
    error: "ip_ranges must be an array of IPv4 ranges",
  },
);

/** An interface as sent on instance create, config create/update and interface add. */
export const InterfaceRequest = z
  .object({
    purpose: z.enum(INTERFACE_PURPOSES, {
      error: (iss) =>
        iss.input === undefined ? "purpose is required" : "purpose must be one of public, vlan, vpc",
    }),
    primary: bool("primary").optional(),
    label: z
      .string({ error: "label must be a string" })
      .max(64, "label must be 1..64 characters")
      .nullable()
      .optional(),
    ipam_address: z.string({ error: "ipam_address must be a string" }).nullable().optional(),
    ipv4: InterfaceIpv4Request.nullable().optional(),
    subnet_id: integer("subnet_id").positive("subnet_id must be an integer ID").nullable().optional(),
    ip_ranges: IpRanges.nullable().optional(),
  })
  .superRefine((i, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const nonVpc = () => {
      if (i.ipv4 !== undefined && i.ipv4 !== null) issue(["ipv4"], `ipv4 is only allowed on vpc interfaces`);
      if (i.ip_ranges?.length) issue(["ip_ranges"], `ip_ranges is only allowed on vpc interfaces`);
      if (!isBlank(i.subnet_id)) issue(["subnet_id"], `subnet_id is only allowed on vpc interfaces`);
    };
    if (i.purpose === "public") {
      if (!isBlank(i.label)) issue(["label"], "label must be empty for public interfaces");
      if (!isBlank(i.ipam_address))
        issue(["ipam_address"], "ipam_address must be empty for public interfaces");
      nonVpc();
    } else if (i.purpose === "vlan") {
      if (isBlank(i.label)) issue(["label"], "label is required for vlan interfaces");
      else if (!VLAN_LABEL.test(i.label!) || i.label!.includes("--")) {
        issue(["label"], "label must hold only ASCII letters, digits and single dashes");
      }
      if (!isBlank(i.ipam_address) && !isIpv4Cidr(i.ipam_address!)) {
        issue(["ipam_address"], "ipam_address must be an IPv4 address in CIDR notation, e.g. 10.0.0.1/24");
      }
      if (i.primary) issue(["primary"], "vlan interfaces cannot be primary");
      nonVpc();
    } else {
      if (isBlank(i.subnet_id)) issue(["subnet_id"], "subnet_id is required for vpc interfaces");
      if (!isBlank(i.label)) issue(["label"], "label must be empty for vpc interfaces");
      if (!isBlank(i.ipam_address)) issue(["ipam_address"], "ipam_address must be empty for vpc interfaces");
      checkVpcIpv4(i.ipv4, issue);
    }
  });
export type InterfaceRequest = z.infer<typeof InterfaceRequest>;

type IssueFn = (path: string[], message: string) => void;

function checkVpcIpv4(ipv4: z.infer<typeof InterfaceIpv4Request> | null | undefined, issue: IssueFn) {
  if (!isBlank(ipv4?.vpc) && !isIpv4(ipv4!.vpc!)) issue(["ipv4", "vpc"], "ipv4.vpc must be an IPv4 address");
  const nat = ipv4?.nat_1_1;
  if (!isBlank(nat) && nat !== "any" && !isIpv4(nat!)) {
    issue(["ipv4", "nat_1_1"], "ipv4.nat_1_1 must be an IPv4 address or any");
  }
}

/** Rules over a whole interface list: 0..3 items, one primary, one public, unique vlan labels and IPAM addresses. */
export const InterfaceList = z
  .array(InterfaceRequest, { error: "interfaces must be an array" })
  .max(CONFIG_LIMITS.interfaces.max, "interfaces must be 1..3 items")
  .superRefine((list, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message });
    if (list.filter((i) => i.primary).length > 1) issue("at most one interface may be primary");
    if (list.filter((i) => i.purpose === "public").length > 1)
      issue("at most one public interface is allowed");
    const labels = list.filter((i) => i.purpose === "vlan").map((i) => i.label);
    if (new Set(labels).size !== labels.length) issue("vlan labels must be unique among the interfaces");
    const ipams = list.map((i) => i.ipam_address).filter((a) => !isBlank(a));
    if (new Set(ipams).size !== ipams.length) issue("ipam_address must be unique among the interfaces");
  });

const DeviceRequest = z.object({
  disk_id: integer("disk_id").positive("disk_id must be an integer ID").nullable().optional(),
  volume_id: integer("volume_id").positive("volume_id must be an integer ID").nullable().optional(),
});
export const DevicesRequest = z.strictObject(
  keyed(DEVICE_NAMES, () => DeviceRequest.nullable().optional()),
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? "devices are named sda..sdh"
        : iss.input === undefined
          ? "devices is required"
          : "devices must be an object",
  },
);
export type DevicesRequest = z.infer<typeof DevicesRequest>;

const ROOT_DEVICE = /^[a-zA-Z0-9/_-]+$/;

const configFields = {
  label: text("label", CONFIG_LIMITS.label),
  devices: DevicesRequest,
  comments: z.string({ error: "comments must be a string" }).nullable().optional(),
  helpers: z
    .object({
      updatedb_disabled: bool("helpers.updatedb_disabled"),
      distro: bool("helpers.distro"),
      modules_dep: bool("helpers.modules_dep"),
      network: bool("helpers.network"),
      devtmpfs_automount: bool("helpers.devtmpfs_automount"),
    })
    .partial()
    .optional(),
  /** null: on create none, on update the interfaces stay (clients send null when not changing them). */
  interfaces: InterfaceList.nullable().optional(),
  kernel: text("kernel", { min: 1, max: 64 }).optional(),
  memory_limit: integer("memory_limit").nonnegative("memory_limit must be at least 0").optional(),
  root_device: text("root_device", { min: 1, max: 64 })
    .regex(ROOT_DEVICE, "root_device may hold only letters, digits, /, _ and -")
    .optional(),
  run_level: z.enum(RUN_LEVELS, { error: "run_level must be one of default, single, binbash" }).optional(),
  virt_mode: z.enum(VIRT_MODES, { error: "virt_mode must be paravirt or fullvirt" }).optional(),
};

function checkVirtMode(c: { virt_mode?: string; devices?: DevicesRequest }, ctx: z.RefinementCtx) {
  if (c.virt_mode !== "fullvirt" || !c.devices) return;
  for (const d of PARAVIRT_ONLY_DEVICES) {
    if (c.devices[d])
      ctx.addIssue({ code: "custom", path: ["devices", d], message: `${d} is unavailable in fullvirt mode` });
  }
}

export const ConfigCreateRequest = z.object(configFields).superRefine(checkVirtMode);
export type ConfigCreateRequest = z.infer<typeof ConfigCreateRequest>;

export const ConfigUpdateRequest = z
  .object({ ...configFields, label: configFields.label.optional(), devices: DevicesRequest.optional() })
  .superRefine(checkVirtMode);
export type ConfigUpdateRequest = z.infer<typeof ConfigUpdateRequest>;

export const InterfaceUpdateRequest = z
  .object({
    primary: bool("primary").optional(),
    ipv4: InterfaceIpv4Request.optional(),
    ip_ranges: IpRanges.nullable().optional(),
  })
  .superRefine((u, ctx) =>
    checkVpcIpv4(u.ipv4, (path, message) => ctx.addIssue({ code: "custom", path, message })),
  );
export type InterfaceUpdateRequest = z.infer<typeof InterfaceUpdateRequest>;

export const InterfaceOrderRequest = z.object({
  ids: z
    .array(integer("ids"), {
      error: (iss) => (iss.input === undefined ? "ids is required" : "ids must be an array"),
    })
    .min(1, "ids must list every interface of the profile"),
});

// ---- endpoints ----

const computeId = idFrom("computeId");
export const ConfigParams = z.object({ computeId, configId: idFrom("configId") });
export const InterfaceParams = ConfigParams.extend({ interfaceId: idFrom("interfaceId") });
const read = ["computes:read_only"] as const;
const write = ["computes:read_write"] as const;

export const configEndpoints = {
  listConfigs: endpoint({
    name: "listConfigs",
    method: "GET",
    path: "/compute/instances/{computeId}/configs",
    scopes: [...read],
    params: z.object({ computeId }),
    query: PageQuery,
    response: listEnvelope(Config),
    filterable: ["label"],
    summary: "Lists an instance's configuration profiles",
  }),
  createConfig: endpoint({
    name: "createConfig",
    method: "POST",
    path: "/compute/instances/{computeId}/configs",
    scopes: [...write],
    params: z.object({ computeId }),
    body: ConfigCreateRequest,
    response: Config,
    summary: "Creates a configuration profile (label and devices required)",
  }),
  getConfig: endpoint({
    name: "getConfig",
    method: "GET",
    path: "/compute/instances/{computeId}/configs/{configId}",
    scopes: [...read],
    params: ConfigParams,
    response: Config,
    summary: "One configuration profile",
  }),
  updateConfig: endpoint({
    name: "updateConfig",
    method: "PUT",
    path: "/compute/instances/{computeId}/configs/{configId}",
    scopes: [...write],
    params: ConfigParams,
    body: ConfigUpdateRequest,
    response: Config,
    summary: "Updates a configuration profile; interfaces, when given, replace the list",
  }),
  deleteConfig: endpoint({
    name: "deleteConfig",
    method: "DELETE",
    path: "/compute/instances/{computeId}/configs/{configId}",
    scopes: [...write],
    params: ConfigParams,
    summary: "Deletes a configuration profile the instance is not running with",
  }),
  listInterfaces: endpoint({
    name: "listInterfaces",
    method: "GET",
    path: "/compute/instances/{computeId}/configs/{configId}/interfaces",
    scopes: [...read],
    params: ConfigParams,
    response: z.array(ConfigInterface),
    summary: "The profile's interfaces in order (a bare array)",
  }),
  addInterface: endpoint({
    name: "addInterface",
    method: "POST",
    path: "/compute/instances/{computeId}/configs/{configId}/interfaces",
    scopes: [...write],
    params: ConfigParams,
    body: InterfaceRequest,
    response: ConfigInterface,
    summary: "Adds an interface; emits compute_config_update",
  }),
  orderInterfaces: endpoint({
    name: "orderInterfaces",
    method: "POST",
    path: "/compute/instances/{computeId}/configs/{configId}/interfaces/order",
    scopes: [...write],
    params: ConfigParams,
    body: InterfaceOrderRequest,
    summary: "Reorders the interfaces (every existing ID, once)",
  }),
  getInterface: endpoint({
    name: "getInterface",
    method: "GET",
    path: "/compute/instances/{computeId}/configs/{configId}/interfaces/{interfaceId}",
    scopes: [...read],
    params: InterfaceParams,
    response: ConfigInterface,
    summary: "One interface",
  }),
  updateInterface: endpoint({
    name: "updateInterface",
    method: "PUT",
    path: "/compute/instances/{computeId}/configs/{configId}/interfaces/{interfaceId}",
    scopes: [...write],
    params: InterfaceParams,
    body: InterfaceUpdateRequest,
    response: ConfigInterface,
    summary: "Updates primary, ipv4 and ip_ranges; emits compute_config_update",
  }),
  deleteInterface: endpoint({
    name: "deleteInterface",
    method: "DELETE",
    path: "/compute/instances/{computeId}/configs/{configId}/interfaces/{interfaceId}",
    scopes: [...write],
    params: InterfaceParams,
    summary: "Deletes an inactive interface; emits compute_config_update",
  }),
};
