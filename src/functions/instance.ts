/** Data functions of instances: `getInstances` (filters by label, tag, region, image) and `getInstance`. API area: instances. */
import type * as pulumi from "@pulumi/pulumi";
import type { Instance } from "../contract/instances";
import type { BackupDay, BackupWindow, InstanceStatus } from "../contract/values";
import {
  clientFor,
  endpoints,
  idArg,
  outputOf,
  run,
  type FunctionOptions,
  type IdArg,
  type InputArgs,
} from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** A compute instance. */
export interface InstanceResult {
  id: number;
  label: string;
  /** Region ID. */
  region: string;
  /** Instance type ID. */
  type: string;
  /** The image it was deployed from, or null. */
  image: string | null;
  group: string;
  tags: string[];
  /** e.g. `running`, `offline`, `provisioning`, `booting`. */
  status: InstanceStatus;
  hypervisor: "kvm";
  hostUuid: string;
  hasUserData: boolean;
  /** Its IPv4 addresses, public and private. */
  ipv4: string[];
  /** Its SLAAC IPv6 address (with prefix), or null. */
  ipv6: string | null;
  /** What its type gives it: disk and memory in MB, transfer in GB. */
  specs: {
    disk: number;
    memory: number;
    vcpus: number;
    gpus: number;
    transfer: number;
  };
  /** Alert thresholds. */
  alerts: {
    cpu: number;
    io: number;
    networkIn: number;
    networkOut: number;
    transferQuota: number;
  };
  /** Its backup service: whether it is available and enabled, the last success and the schedule. */
  backups: {
    /** Whether the region offers backups. */
    available: boolean;
    /** Whether backups are enabled (`backupsEnabled`). */
    enabled: boolean;
    /** When the last backup succeeded (ISO 8601), or null. */
    lastSuccessful: string | null;
    /** When automatic backups run: `day` (`Sunday`..`Saturday`, or `Scheduling`) and `window` (`W0`, `W2`..`W22`: a two-hour window), each `Scheduling` or null until the API picks one. */
    schedule: { day: BackupDay | null; window: BackupWindow | null };
  };
  watchdogEnabled: boolean;
  created: string;
  updated: string;
}

export interface GetInstancesArgs extends LabelArgs {
  /** Only instances in this region. */
  region?: string;
  /** Only instances carrying this tag. */
  tag?: string;
  /** Only instances carrying every one of these tags. */
  tags?: string[];
  /** Only instances deployed from this image ID. */
  image?: string;
  /** Only instances with this status (checked here: the list cannot filter on it). */
  status?: InstanceStatus;
}

export interface GetInstancesResult {
  /** The matching instances the user may read, in the API's order. */
  instances: InstanceResult[];
}

export interface GetInstanceArgs {
  /** The instance's ID (a number, or an `Instance`'s `id`). */
  id: IdArg;
}

/** @internal */
export function toInstanceResult(i: Instance): InstanceResult {
  return {
    id: i.id,
    label: i.label,
    region: i.region,
    type: i.type,
    image: i.image,
    group: i.group,
    tags: [...i.tags],
    status: i.status,
    hypervisor: i.hypervisor,
    hostUuid: i.host_uuid,
    hasUserData: i.has_user_data,
    ipv4: [...i.ipv4],
    ipv6: i.ipv6,
    specs: { ...i.specs },
    alerts: {
      cpu: i.alerts.cpu,
      io: i.alerts.io,
      networkIn: i.alerts.network_in,
      networkOut: i.alerts.network_out,
      transferQuota: i.alerts.transfer_quota,
    },
    backups: {
      available: i.backups.available,
      enabled: i.backups.enabled,
      lastSuccessful: i.backups.last_successful,
      schedule: { day: i.backups.schedule.day, window: i.backups.schedule.window },
    },
    watchdogEnabled: i.watchdog_enabled,
    created: i.created,
    updated: i.updated,
  };
}

/** The instances the user may read; all filters but `labelRegex` and `status` are sent as `X-Filter`. */
export function getInstances(
  args: GetInstancesArgs = {},
  opts?: FunctionOptions,
): Promise<GetInstancesResult> {
  return run({ fn: "getInstances", args, opts }, async () => {
    const tags = [...(args.tag === undefined ? [] : [args.tag]), ...(args.tags ?? [])];
    const { filter, keep } = byLabel(args, {
      region: args.region,
      image: args.image,
      // A tags condition holds when one element matches; `+and` over them asks for every tag.
      tags: tags.length ? { "+and": tags } : undefined,
    });
    const all = await collect(clientFor(opts).each(endpoints().listInstances, { filter }));
    const kept = keep(all).filter((i) => args.status === undefined || i.status === args.status);
    return { instances: kept.map(toInstanceResult) };
  });
}

/** `getInstances` with Input arguments. */
export function getInstancesOutput(
  args: InputArgs<GetInstancesArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetInstancesResult> {
  return outputOf(getInstances, args, opts);
}

/** One instance by ID; an unknown one fails with `instance <id> not found`. */
export function getInstance(args: GetInstanceArgs, opts?: FunctionOptions): Promise<InstanceResult> {
  return run({ fn: "getInstance", args, opts, notFound: `instance ${args.id}` }, async () =>
    toInstanceResult(await clientFor(opts).api.getInstance({ params: { computeId: idArg("id", args.id) } })),
  );
}

/** `getInstance` with Input arguments. */
export function getInstanceOutput(
  args: InputArgs<GetInstanceArgs>,
  opts?: FunctionOptions,
): pulumi.Output<InstanceResult> {
  return outputOf(getInstance, args, opts);
}
