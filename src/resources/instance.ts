import * as pulumi from "@pulumi/pulumi";
import { INSTANCE_COMPUTED, INSTANCE_SECRETS } from "../provider/instance";
import { placeholders } from "../provider/resource-spec";
import { shimProvider } from "../provider/shim";

const provider = shimProvider("Instance");

export interface InstanceArgs {
  /** Region ID, e.g. `us-iad`. Changing it replaces the instance. */
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
   * instance (no disks or configs; it stays offline until an `InstanceConfig` boots it). Changing it
   * replaces the instance. */
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
  /** Adds a private IPv4 address at create (default false). Changing it replaces the instance. */
  privateIp?: pulumi.Input<boolean>;
  /** The backup service (default false). Enabled or cancelled in place; cancelling deletes every backup. */
  backupsEnabled?: pulumi.Input<boolean>;
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

export interface InstanceBackups {
  /** Whether the region offers backups. */
  available: boolean;
  enabled: boolean;
  lastSuccessful: string | null;
  schedule: { day: string | null; window: string | null };
}

/**
 * A compute instance. `pulumi up` returns once it rests in its power state: running, or offline when
 * it is empty or `booted: false` (waits are bounded by `compute:createTimeoutSeconds` and the other
 * wait settings). If a wait fails the instance stays in the state and the next `up` continues.
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
export class Instance extends pulumi.dynamic.Resource {
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
  /** `running` or `offline` once `up` returns (other values while the API works on it). */
  declare readonly status: pulumi.Output<string>;
  /** Public IPv4 address first, then the private one if any. */
  declare readonly ipv4: pulumi.Output<string[]>;
  /** SLAAC IPv6 address (`.../128`), or null. */
  declare readonly ipv6: pulumi.Output<string | null>;
  declare readonly specs: pulumi.Output<InstanceSpecs>;
  declare readonly hypervisor: pulumi.Output<string>;
  declare readonly hostUuid: pulumi.Output<string>;
  declare readonly hasUserData: pulumi.Output<boolean>;
  declare readonly backups: pulumi.Output<InstanceBackups>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;

  constructor(name: string, args: InstanceArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = { ...placeholders(INSTANCE_COMPUTED), ...args };
    // Secret inputs too, so that the state's inputs never hold them in plaintext.
    for (const key of INSTANCE_SECRETS) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    super(
      provider,
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: [...INSTANCE_SECRETS] }),
      "compute",
      "Instance",
    );
  }
}
