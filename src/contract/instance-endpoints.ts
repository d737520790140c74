/**
 * The endpoints of compute instances: CRUD, lifecycle actions, statistics, transfer and per-instance
 * lists. The one area whose endpoints live apart from its records (`instances.ts`): the two hold 24
 * endpoints and the record, the create and every action's body, and together would be over 600
 * lines, where every other area's file is under 400.
 */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { idFrom } from "./fields";
import {
  BootRequest,
  CloneRequest,
  Instance,
  InstanceCreateRequest,
  InstanceIp,
  InstanceIpRequest,
  InstanceIps,
  InstanceStats,
  InstanceUpdateRequest,
  MigrateRequest,
  MonthlyTransfer,
  MutateRequest,
  NodeBalancer,
  PasswordRequest,
  RebootRequest,
  RebuildRequest,
  RescueRequest,
  ResizeRequest,
  Transfer,
  Volume,
} from "./instances";
import { listEnvelope, PageQuery } from "./pagination";

const computeId = idFrom("computeId");
export const InstanceParams = z.object({ computeId });
/** Year and month are checked by the handler against `StatsPeriod`, so that a bad one is a 400 naming it. */
const PeriodParams = z.object({
  computeId,
  year: z.coerce.number().int(),
  month: z.coerce.number().int(),
});
const read = "computes:read_only" as const;
const write = "computes:read_write" as const;
const base = "/compute/instances/{computeId}";

function action<B extends z.ZodType>(name: string, verb: string, body: B, summary: string) {
  return endpoint({
    name,
    method: "POST",
    path: `${base}/${verb}`,
    scopes: [write],
    params: InstanceParams,
    body,
    summary,
  });
}

export const instanceEndpoints = {
  listInstances: endpoint({
    name: "listInstances",
    method: "GET",
    path: "/compute/instances",
    scopes: [read],
    query: PageQuery,
    response: listEnvelope(Instance),
    filterable: ["id", "label", "region", "image", "group", "tags", "ipv4"],
    summary: "Lists the instances the user may view",
  }),
  createInstance: endpoint({
    name: "createInstance",
    method: "POST",
    path: "/compute/instances",
    scopes: [write],
    body: InstanceCreateRequest,
    response: Instance,
    summary: "Creates an instance (from an image, a StackScript, a backup, or empty); needs add_computes",
  }),
  getInstance: endpoint({
    name: "getInstance",
    method: "GET",
    path: base,
    scopes: [read],
    params: InstanceParams,
    response: Instance,
    summary: "One instance",
  }),
  updateInstance: endpoint({
    name: "updateInstance",
    method: "PUT",
    path: base,
    scopes: [write],
    params: InstanceParams,
    body: InstanceUpdateRequest,
    response: Instance,
    summary: "Updates label, group, tags, alerts, backup schedule and watchdog",
  }),
  deleteInstance: endpoint({
    name: "deleteInstance",
    method: "DELETE",
    path: base,
    scopes: [write],
    params: InstanceParams,
    summary: "Deletes an instance with its disks, configs and backups; not while cloning or restoring",
  }),
  bootInstance: action(
    "bootInstance",
    "boot",
    BootRequest,
    "Boots with the given, only or last booted config",
  ),
  rebootInstance: action(
    "rebootInstance",
    "reboot",
    RebootRequest,
    "Reboots with the given, last booted or only config",
  ),
  shutdownInstance: action("shutdownInstance", "shutdown", z.object({}), "Shuts the instance down"),
  resetInstancePassword: action(
    "resetInstancePassword",
    "password",
    PasswordRequest,
    "Resets the root password of a shut-down instance; emits password_reset",
  ),
  rebuildInstance: endpoint({
    name: "rebuildInstance",
    method: "POST",
    path: `${base}/rebuild`,
    scopes: [write],
    params: InstanceParams,
    body: RebuildRequest,
    response: Instance,
    summary: "Deletes every disk and config and deploys an image again",
  }),
  rescueInstance: action(
    "rescueInstance",
    "rescue",
    RescueRequest,
    "Boots into rescue mode (sdh is reserved)",
  ),
  resizeInstance: action("resizeInstance", "resize", ResizeRequest, "Resizes to another type"),
  cloneInstance: endpoint({
    name: "cloneInstance",
    method: "POST",
    path: `${base}/clone`,
    scopes: [write],
    params: InstanceParams,
    body: CloneRequest,
    response: Instance,
    summary: "Clones disks and configs to a new or an existing instance; needs add_computes",
  }),
  migrateInstance: action(
    "migrateInstance",
    "migrate",
    MigrateRequest,
    "Migrates to another host or region; upgrade:true needs a free upgrade",
  ),
  mutateInstance: action(
    "mutateInstance",
    "mutate",
    MutateRequest,
    "Upgrades a deprecated type to its successor",
  ),
  listInstanceNodeBalancers: endpoint({
    name: "listInstanceNodeBalancers",
    method: "GET",
    path: `${base}/nodebalancers`,
    scopes: [read],
    params: InstanceParams,
    query: PageQuery,
    response: listEnvelope(NodeBalancer),
    filterable: ["label", "region", "ipv4", "tags"],
    summary: "Node balancers the instance is a backend of",
  }),
  listInstanceVolumes: endpoint({
    name: "listInstanceVolumes",
    method: "GET",
    path: `${base}/volumes`,
    scopes: [read],
    params: InstanceParams,
    query: PageQuery,
    response: listEnvelope(Volume),
    filterable: ["label", "tags"],
    summary: "Volumes attached to the instance",
  }),
  getInstanceIps: endpoint({
    name: "getInstanceIps",
    method: "GET",
    path: `${base}/ips`,
    scopes: [read],
    params: InstanceParams,
    response: InstanceIps,
    summary: "The instance's IPv4 (public, private, shared, reserved) and IPv6 (SLAAC, link-local, global)",
    beyondSpec: true,
  }),
  allocateInstanceIp: endpoint({
    name: "allocateInstanceIp",
    method: "POST",
    path: `${base}/ips`,
    scopes: [write],
    params: InstanceParams,
    body: InstanceIpRequest,
    response: InstanceIp,
    summary:
      "Allocates an IPv4 address to the instance: the private one (at most one), or another public one; beyond the spec's tables (real API behaviour)",
    beyondSpec: true,
  }),
  getInstanceStats: endpoint({
    name: "getInstanceStats",
    method: "GET",
    path: `${base}/stats`,
    scopes: [read],
    params: InstanceParams,
    response: InstanceStats,
    summary: "Statistics of the past 24 hours",
  }),
  getInstanceStatsByMonth: endpoint({
    name: "getInstanceStatsByMonth",
    method: "GET",
    path: `${base}/stats/{year}/{month}`,
    scopes: [read],
    params: PeriodParams,
    response: InstanceStats,
    summary: "Statistics of a past or the current month (the current month: the past 30 days)",
  }),
  getInstanceTransfer: endpoint({
    name: "getInstanceTransfer",
    method: "GET",
    path: `${base}/transfer`,
    scopes: [read],
    params: InstanceParams,
    response: Transfer,
    summary: "Network transfer of the current month (billable and quota in GB, used in bytes)",
  }),
  getInstanceTransferByMonth: endpoint({
    name: "getInstanceTransferByMonth",
    method: "GET",
    path: `${base}/transfer/{year}/{month}`,
    scopes: [read],
    params: PeriodParams,
    response: MonthlyTransfer,
    summary: "Network transfer of a past or the current month",
  }),
};
