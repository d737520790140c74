import * as pulumi from "@pulumi/pulumi";
import type { BackupDay, BackupWindow, InstanceStatus } from "../contract/values";
import { INSTANCE_COMPUTED, INSTANCE_SECRETS } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import type { InstanceConfigInterface } from "./instance-config";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface InstanceArgs {
  /**
   * Region ID, e.g. `us-iad`. Changed in place by a migration: `pulumi up` waits until the instance
   * rests in the new region in the power state it had (it gets new public addresses; the API refuses
   * to move an instance with a VPC interface).
   */
  region: pulumi.Input<string>;
  /** Instance type ID, e.g. `g6-standard-1`. Changed in place by a resize (the instance moves host; it
   * comes back in the power state it had). */
  type: pulumi.Input<string>;
  /**
   * 3..64 characters: begins with a letter, ends with a letter or digit; ASCII letters, digits, `-`,
   * `_` and `.`, never two of `-`, `_`, `.` in a row; unique among the account's instances. Updated in
   * place. When left out the API chooses one (`compute<id>`), and the resource keeps whatever the
   * API holds. A replacement that keeps the label deletes the old instance first.
   */
  label?: pulumi.Input<string>;
  /** Image to deploy, e.g. `compute/debian12` or `private/12`; needs `rootPass`. Left out: an empty
   * instance (no disks or configs; it stays offline until an `InstanceConfig` boots it), or one
   * restored from `backupId`. Changing it replaces the instance. */
  image?: pulumi.Input<string>;
  /**
   * Root password of the image's disk (7..128 characters, at least three of lower case, upper case,
   * digits and others). Always stored as a secret. Changed in place: the instance is shut down, the
   * password reset, and the instance booted again if it should run.
   */
  rootPass?: pulumi.Input<string>;
  /** Public SSH keys for root, deployed with the image. Changing them replaces the instance. */
  authorizedKeys?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Whether an instance from an image runs (default true): `pulumi up` boots or shuts it down to
   * match and waits. Ignored for an empty instance, whose configs decide.
   */
  booted?: pulumi.Input<boolean>;
  /** Tags (3..50 characters each). Updated in place. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /** Display group (deprecated by the API; at most 50 characters). Updated in place. */
  group?: pulumi.Input<string>;
  /**
   * Adds a private IPv4 address (default false). false → true allocates one in place (the guest
   * configures it at its next boot); true → false replaces the instance: the API has no call that
   * removes one.
   */
  privateIp?: pulumi.Input<boolean>;
  /** The backup service (default false). Enabled or cancelled in place; cancelling deletes every backup. */
  backupsEnabled?: pulumi.Input<boolean>;
  /**
   * When the backup service takes its weekly and daily backups: `day` (`Sunday`..`Saturday`, or
   * `Scheduling` to let the API choose) and `window` (a two-hour window `W0`, `W2`, ..., `W22` UTC, or
   * `Scheduling`). Needs `backupsEnabled: true`. Changed in place; left out, the API's choice is kept.
   */
  backupsSchedule?: pulumi.Input<{ day?: pulumi.Input<string>; window?: pulumi.Input<string> }>;
  /**
   * Usernames of the account whose profile SSH keys are deployed for root with the image (each needs
   * a key on its profile). Changing them replaces the instance.
   */
  authorizedUsers?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * StackScript to run at first boot, e.g. `script.id`; needs an image the StackScript supports.
   * Changing it replaces the instance.
   */
  stackscriptId?: pulumi.Input<string | number>;
  /**
   * Values of the StackScript's fields (UDFs) by name; required fields without a default must be
   * given. Always stored as a secret. Changing them replaces the instance.
   */
  stackscriptData?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Restore this backup (of another instance, in the same region) instead of deploying an image: its
   * disks, configs and root password. Cannot be combined with `image`, `rootPass`, keys, StackScript,
   * interfaces, metadata or `swapSize`. Changing it replaces the instance.
   */
  backupId?: pulumi.Input<string | number>;
  /** Cloud Firewall to attach at create. Changing it replaces the instance. */
  firewallId?: pulumi.Input<string | number>;
  /**
   * Interfaces of the config the image deploy makes (1..3, in order eth0..eth2, at most one primary).
   * Left out: public networking. Values the API fills in (a VPC address it chose, `nat11: "any"`
   * resolved to the public address) are not changes. Changing them replaces the instance (an
   * `InstanceConfig` changes interfaces in place).
   */
  interfaces?: pulumi.Input<pulumi.Input<InstanceConfigInterface>[]>;
  /**
   * Cloud-init user data, base64-encoded (at most 65,535 bytes before encoding); needs a region with
   * Metadata and a cloud-init image. Always stored as a secret (the whole `metadata`). Changing it
   * replaces the instance.
   */
  metadata?: pulumi.Input<{ userData?: pulumi.Input<string> }>;
  /** MB of the swap disk of an image deploy (default 512; 0: none). Changing it replaces the instance. */
  swapSize?: pulumi.Input<number>;
  /**
   * Alert thresholds: `cpu` (%, the API's default 90 per vCPU), `io` (IOPS), `networkIn` and
   * `networkOut` (Mbit/s), `transferQuota` (% of the monthly quota, 0..100); 0 turns one off.
   * Changed in place; those left out keep the API's values.
   */
  alerts?: pulumi.Input<{
    cpu?: pulumi.Input<number>;
    io?: pulumi.Input<number>;
    networkIn?: pulumi.Input<number>;
    networkOut?: pulumi.Input<number>;
    transferQuota?: pulumi.Input<number>;
  }>;
  /** Whether the shutdown watchdog boots the instance when it powers off unexpectedly (default true). Changed in place. */
  watchdogEnabled?: pulumi.Input<boolean>;
}

/** Alert thresholds as the API holds them (only those asked for, when some were). */
export interface InstanceAlerts {
  cpu?: number;
  io?: number;
  networkIn?: number;
  networkOut?: number;
  transferQuota?: number;
}

/** Sizes of the instance's type. */
export interface InstanceSpecs {
  /** MB of disk. */
  disk: number;
  /** MB of memory. */
  memory: number;
  vcpus: number;
  gpus: number;
  /** GB of network transfer per month. */
  transfer: number;
}

/** The instance's backup service. */
export interface InstanceBackups {
  /** Whether the region offers backups. */
  available: boolean;
  /** Whether backups are enabled (`backupsEnabled`). */
  enabled: boolean;
  /** When the last backup succeeded (ISO 8601), or null. */
  lastSuccessful: string | null;
  /** When automatic backups run: `day` (`Sunday`..`Saturday`, or `Scheduling`) and `window` (`W0`, `W2`..`W22`: a two-hour window), each `Scheduling` or null until the API picks one. */
  schedule: { day: BackupDay | null; window: BackupWindow | null };
}

/**
 * A compute instance. `pulumi up` returns once it rests in its power state: running, or offline when
 * it is empty or `booted: false` (waits are bounded by `compute:createTimeoutSeconds` and the other
 * wait settings). If a wait fails the instance stays in the state and the next `up` continues.
 * An update waits until it rests again (after a migration, in the new region); a delete, until it is
 * gone.
 * Changes to `label`, `tags`, `group`, `alerts`, `backupsSchedule` and `watchdogEnabled` are sent
 * together, in one request.
 *
 * ```ts
 * const web = new compute.Instance("web", {
 *   region: "us-iad",
 *   type: "g6-standard-1",
 *   label: "web-1",
 *   image: "compute/debian12",
 *   rootPass: config.requireSecret("rootPass"),
 *   tags: ["web"],
 * });
 * export const webIp = web.ipv4[0];
 * ```
 */
export class Instance extends pulumi.CustomResource {
  declare readonly region: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly label: pulumi.Output<string>;
  declare readonly image: pulumi.Output<string | undefined>;
  /** The password asked for (never read back from the API); a secret. */
  declare readonly rootPass: pulumi.Output<string | undefined>;
  declare readonly authorizedKeys: pulumi.Output<string[] | undefined>;
  declare readonly booted: pulumi.Output<boolean>;
  declare readonly tags: pulumi.Output<string[]>;
  declare readonly group: pulumi.Output<string>;
  declare readonly privateIp: pulumi.Output<boolean>;
  declare readonly backupsEnabled: pulumi.Output<boolean>;
  declare readonly backupsSchedule: pulumi.Output<{ day?: BackupDay; window?: BackupWindow }>;
  declare readonly authorizedUsers: pulumi.Output<string[] | undefined>;
  declare readonly stackscriptId: pulumi.Output<number | undefined>;
  /** The values asked for (never read back from the API); a secret. */
  declare readonly stackscriptData: pulumi.Output<Record<string, string> | undefined>;
  declare readonly backupId: pulumi.Output<number | undefined>;
  declare readonly firewallId: pulumi.Output<number | undefined>;
  /** The create's interfaces as the API holds them, in the shape asked. */
  declare readonly interfaces: pulumi.Output<InstanceConfigInterface[] | undefined>;
  /** The user data asked for (never read back from the API); a secret. */
  declare readonly metadata: pulumi.Output<{ userData?: string } | undefined>;
  declare readonly swapSize: pulumi.Output<number | undefined>;
  declare readonly alerts: pulumi.Output<InstanceAlerts>;
  declare readonly watchdogEnabled: pulumi.Output<boolean>;
  /** `running` or `offline` once `up` returns (other values while the API works on it). */
  declare readonly status: pulumi.Output<InstanceStatus>;
  /** Public IPv4 address first, then the private one if any. */
  declare readonly ipv4: pulumi.Output<string[]>;
  /** SLAAC IPv6 address (`.../128`), or null. */
  declare readonly ipv6: pulumi.Output<string | null>;
  /** What its type gives it: disk and memory in MB, vCPUs, GPUs, monthly transfer in GB. */
  declare readonly specs: pulumi.Output<InstanceSpecs>;
  declare readonly hypervisor: pulumi.Output<"kvm">;
  declare readonly hostUuid: pulumi.Output<string>;
  declare readonly hasUserData: pulumi.Output<boolean>;
  /** Its backup service: whether it is available and enabled, the last success and the schedule. */
  declare readonly backups: pulumi.Output<InstanceBackups>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;

  /**
   * Reads an instance the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<InstanceArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Instance {
    return new Instance(name, ...lookUpArgs<InstanceArgs>("Instance", id, state, opts));
  }

  constructor(name: string, args: InstanceArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = { ...placeholders(INSTANCE_COMPUTED), ...args };
    // Secret inputs too, so that the state's inputs never hold them in plaintext.
    for (const key of INSTANCE_SECRETS) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "Instance",
          name,
          props,
          pulumi.mergeOptions(opts, { additionalSecretOutputs: [...INSTANCE_SECRETS] }),
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
