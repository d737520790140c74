import * as pulumi from "@pulumi/pulumi";
import type { BackupStatus, BackupType, Filesystem } from "../contract/values";
import { placeholders } from "../provider/core/resource-spec";
import { SNAPSHOT_COMPUTED } from "../provider/field-lists";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface SnapshotArgs {
  /**
   * The instance's ID (e.g. `instance.id`); the instance needs `backupsEnabled: true`, else the
   * create fails saying so. Changing it replaces the snapshot.
   */
  computeId: pulumi.Input<string | number>;
  /** 1..255 characters, checked at preview. The API cannot relabel a backup: changing it takes a new snapshot. */
  label: pulumi.Input<string>;
}

/** A disk held in a snapshot. */
export interface SnapshotDisk {
  /** The disk's label when the snapshot was taken. */
  label: string;
  /** MB. */
  size: number;
  filesystem: Filesystem;
}

/**
 * A manual backup (snapshot) of an instance whose backups are enabled. `pulumi up` returns once it
 * is `successful`; a wait that fails keeps it in the state, and the next `up` waits again.
 *
 * An instance holds one snapshot: a new one deletes the previous one when it succeeds. So a label
 * change takes the new snapshot first, and the old one goes once the new one succeeds. Two Snapshot
 * resources of one instance replace each other's snapshot (each refresh drops the other): keep one
 * per instance. A create logs the snapshot it replaces and fails while another is being taken.
 *
 * The API cannot delete one snapshot, so deleting the resource (or `destroy`) leaves the snapshot
 * in place: the instance's next snapshot, cancelling its backups (`backupsEnabled: false`, which
 * deletes every backup) or deleting the instance removes it. A snapshot deleted or replaced outside
 * Pulumi (or one that failed) disappears on refresh, and the next `up` takes it again.
 *
 * ```ts
 * const server = new compute.Instance("server", {
 *   region: "us-iad",
 *   type: "g6-standard-1",
 *   label: "server",
 *   image: "compute/debian12",
 *   rootPass: config.requireSecret("rootPass"),
 *   backupsEnabled: true,
 * });
 * const before = new compute.Snapshot("before-upgrade", { computeId: server.id, label: "before-upgrade" });
 * ```
 */
export class Snapshot extends pulumi.CustomResource {
  declare readonly computeId: pulumi.Output<number>;
  declare readonly label: pulumi.Output<string | undefined>;
  /** `successful` once `up` returns (`pending` or `running` while the API takes it). */
  declare readonly status: pulumi.Output<BackupStatus>;
  /** `snapshot`. */
  declare readonly type: pulumi.Output<BackupType>;
  /** False while the backup is under maintenance (it cannot be restored then). */
  declare readonly available: pulumi.Output<boolean>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;
  /** When the snapshot finished; absent until then. */
  declare readonly finished: pulumi.Output<string | undefined>;
  /** Labels of the configuration profiles in the snapshot. */
  declare readonly configs: pulumi.Output<string[]>;
  /** The instance's disks the snapshot holds. */
  declare readonly disks: pulumi.Output<SnapshotDisk[]>;

  /**
   * Reads a snapshot the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID with `state: { computeId }`, or `<computeId>/<snapshotId>`
   * alone.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<SnapshotArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Snapshot {
    return new Snapshot(name, ...lookUpArgs<SnapshotArgs>("Snapshot", id, state, opts));
  }

  constructor(name: string, args: SnapshotArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(...computeResourceArgs("Snapshot", name, { ...placeholders(SNAPSHOT_COMPUTED), ...args }, opts));
    } finally {
      restoreStacks();
    }
  }
}
