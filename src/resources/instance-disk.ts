import * as pulumi from "@pulumi/pulumi";
import type { DiskStatus, Filesystem } from "../contract/values";
import { INSTANCE_DISK_COMPUTED, INSTANCE_DISK_SECRETS } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface InstanceDiskArgs {
  /** The instance's ID (e.g. `instance.id`). Changing it replaces the disk. */
  computeId: pulumi.Input<string | number>;
  /**
   * 1..48 characters. Required for an empty disk; from an image the API names it `<image> Disk` when
   * left out. Updated in place. Labels need not be unique, but distinct labels let a create whose
   * answer was lost be told apart from another disk.
   */
  label?: pulumi.Input<string>;
  /**
   * Size in MB (at least the image's minimum, within the instance type's disk allocation). Grows or
   * shrinks in place through the resize endpoint; when the instance runs with a config that holds the
   * disk, it is shut down first (if `allowReboot`) and booted back once the disk is ready.
   */
  size: pulumi.Input<number>;
  /** `raw`, `swap`, `ext3`, `ext4` or `initrd`; the API's choice (ext4) when left out. Changing it
   * replaces the disk. */
  filesystem?: pulumi.Input<string>;
  /** Image to deploy onto the disk, e.g. `compute/debian12`; needs `rootPass`. Changing it replaces the disk. */
  image?: pulumi.Input<string>;
  /**
   * Root password of the deployed image (7..128 characters, at least three of lower case, upper
   * case, digits and others). Always stored as a secret. Changed in place through the disk's password
   * endpoint (shutting the instance down first when it runs with the disk, as for `size`).
   */
  rootPass?: pulumi.Input<string>;
  /** Public SSH keys for root, deployed with the image. Changing them replaces the disk. */
  authorizedKeys?: pulumi.Input<pulumi.Input<string>[]>;
  /** Users whose profile SSH keys are deployed for root. Changing them replaces the disk. */
  authorizedUsers?: pulumi.Input<pulumi.Input<string>[]>;
  /** StackScript run at deploy (needs `image`). Changing it replaces the disk. */
  stackscriptId?: pulumi.Input<string | number>;
  /** The StackScript's UDF answers; stored as a secret. Changing them replaces the disk. */
  stackscriptData?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /**
   * Whether `pulumi up` may shut the instance down to resize the disk or reset its password while
   * the instance runs with it (default true: the change asked for cannot happen otherwise; the
   * instance is booted back into the same config). With false such a change fails, saying so.
   */
  allowReboot?: pulumi.Input<boolean>;
}

/**
 * A disk of an instance, empty or deployed from an image. `pulumi up` returns once it is `ready`; a
 * wait that fails keeps the disk in the state, and the next `up` continues. Delete waits until it is
 * gone.
 *
 * ```ts
 * const server = new compute.Instance("server", { region: "us-iad", type: "g6-standard-1", label: "server" });
 * const root = new compute.InstanceDisk("root", {
 *   computeId: server.id,
 *   label: "root",
 *   size: 10_000,
 *   image: "compute/debian12",
 *   rootPass: config.requireSecret("rootPass"),
 * });
 * const swap = new compute.InstanceDisk("swap", { computeId: server.id, label: "swap", size: 512, filesystem: "swap" });
 * ```
 */
export class InstanceDisk extends pulumi.CustomResource {
  declare readonly computeId: pulumi.Output<number>;
  declare readonly label: pulumi.Output<string>;
  declare readonly size: pulumi.Output<number>;
  declare readonly filesystem: pulumi.Output<Filesystem>;
  declare readonly image: pulumi.Output<string | undefined>;
  /** The password asked for (never read back from the API); a secret. */
  declare readonly rootPass: pulumi.Output<string | undefined>;
  declare readonly authorizedKeys: pulumi.Output<string[] | undefined>;
  declare readonly authorizedUsers: pulumi.Output<string[] | undefined>;
  declare readonly stackscriptId: pulumi.Output<number | undefined>;
  declare readonly stackscriptData: pulumi.Output<Record<string, unknown> | undefined>;
  declare readonly allowReboot: pulumi.Output<boolean>;
  /** `ready` once `up` returns (`not ready` while the API works on it). */
  declare readonly status: pulumi.Output<DiskStatus>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;

  /**
   * Reads a disk the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID with `state: { computeId }`, or `<computeId>/<instanceDiskId>`
   * alone.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<InstanceDiskArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): InstanceDisk {
    return new InstanceDisk(name, ...lookUpArgs<InstanceDiskArgs>("InstanceDisk", id, state, opts));
  }

  constructor(name: string, args: InstanceDiskArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = { ...placeholders(INSTANCE_DISK_COMPUTED), ...args };
    // Secret inputs too, so that the state's inputs never hold them in plaintext.
    for (const key of INSTANCE_DISK_SECRETS) {
      if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    }
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "InstanceDisk",
          name,
          props,
          pulumi.mergeOptions(opts, { additionalSecretOutputs: [...INSTANCE_DISK_SECRETS] }),
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
