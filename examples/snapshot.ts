/** Snapshot: an instance with backups enabled and a snapshot of it, shaped by the caller (the engine tests run it with changed shapes). */
import * as compute from "pulumi-compute";
import { instanceProgram, type InstanceShape } from "./instance";

export interface SnapshotShape {
  /** The instance; `backupsEnabled` is set, since a snapshot needs the backup service. */
  instance: InstanceShape;
  /** Left out: the instance alone (the snapshot it had stays: the API cannot delete one). */
  snapshot?: {
    /** The resource's name in the program. */
    name: string;
    label: string;
  };
}

export function snapshotProgram(shape: SnapshotShape) {
  const { instance } = instanceProgram({ ...shape.instance, backupsEnabled: true });
  const snapshot =
    shape.snapshot &&
    new compute.Snapshot(shape.snapshot.name, { computeId: instance.id, label: shape.snapshot.label });
  return { instance, snapshot };
}
