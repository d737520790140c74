/** Snapshot. API area: backups. An instance's manual backup; `settle` waits until it is `successful`.
 *
 * The API has no update for backups, so both inputs replace. An instance holds one snapshot: a new
 * one deletes the previous one once it succeeds. A replacement therefore creates first (the default
 * order): the new snapshot removes the old one when it succeeds, the old resource's delete finds
 * nothing left to do, and until then the instance keeps a snapshot to restore. The API has no delete
 * for one snapshot either (cancelling backups deletes all of them), so delete leaves the snapshot in
 * place: it goes with the instance's next snapshot, a cancel of its backups, or the instance.
 *
 * A snapshot needs the instance's backup service. That is checked at create, not at preview: an
 * Instance whose `backupsEnabled` turns true in the same change is updated before the snapshot is
 * taken, so the instance as it is at preview would refuse a change that succeeds.
 *
 * Two Snapshot resources of one instance replace each other's snapshot, and each refresh drops the
 * other one: a create logs the snapshot it replaces, and fails when another snapshot is being taken.
 * Snapshot labels are not unique, so a create whose answer is lost is found by listing the
 * instance's snapshots before and after (`createByListing`).
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError } from "../../client/errors";
import { status, waitForBackup } from "../../client/waits";
import { Backup, BackupDisk, BackupParams, SnapshotRequest, type BackupStatus } from "../../contract/backups";
import { idFrom } from "../../contract/fields";
import type { Instance } from "../../contract/instances";
import { createByListing } from "../core/create-by-listing";
import { ProviderError } from "../core/errors";
import { untilResting } from "../instance/instance-power";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { nameOf } from "../core/names";
import { SNAPSHOT_COMPUTED } from "../field-lists";

export const SnapshotInputs = z.object({
  computeId: idFrom("computeId"),
  label: SnapshotRequest.shape.label,
});
export type SnapshotInputs = z.infer<typeof SnapshotInputs>;

/** Statuses a snapshot never leaves for `successful`. */
const FAILED: BackupStatus[] = ["failed", "userAborted"];

const params = (backupId: string | number, props: Props) =>
  BackupParams.parse({ computeId: props.computeId, backupId });

/** The instance's snapshots: the current one and the one being taken. */
async function snapshotsOf(client: ComputeClient, computeId: number): Promise<Backup[]> {
  const { snapshot } = await client.api.listBackups({ params: { computeId } });
  return [snapshot.current, snapshot.in_progress].filter((b): b is Backup => b !== null);
}

/** The answer the provider core reads as "the resource is gone" (it drops it from the state). */
function goneAs(why: string, computeId: number, backupId: number): ComputeApiError {
  const path = `/compute/instances/${computeId}/backups/${backupId}`;
  return new ComputeApiError(404, [{ reason: why }], "GET", path);
}

/** Another snapshot is being taken (the API takes one at a time): most likely another Snapshot resource. */
function inTheWay(instance: Pick<Instance, "id" | "label">, taking: Backup): ProviderError {
  return new ProviderError(
    `Snapshot create: ${nameOf("Instance", instance)} is already taking ${nameOf("Snapshot", taking)}; an instance holds ` +
      "one snapshot, so two Snapshot resources of one instance replace each other: keep one per " +
      "instance, or wait for that snapshot and run `pulumi up` again",
  );
}

/**
 * What stands before a new snapshot of the instance: the one being taken, if it has this label, is
 * what an earlier create made (its answer was lost) and is returned; one with another label is in
 * the way (the API takes one at a time). The current snapshot is logged: the new one replaces it.
 */
async function before(
  client: ComputeClient,
  instance: Pick<Instance, "id" | "label">,
  label: string,
  ctx: OperationContext,
): Promise<Backup | undefined> {
  const { snapshot } = await client.api.listBackups({ params: { computeId: instance.id } });
  const { current, in_progress: taking } = snapshot;
  if (taking?.label === label) {
    ctx.log(
      `${nameOf("Snapshot", taking)} of ${nameOf("Instance", instance)} was already being taken (an earlier create); adopted`,
    );
    return taking;
  }
  if (taking) throw inTheWay(instance, taking);
  if (current) {
    ctx.log(
      `Snapshot ${label} of ${nameOf("Instance", instance)} replaces ${nameOf("Snapshot", current)} once it succeeds ` +
        "(an instance holds one snapshot)",
    );
  }
  return undefined;
}

export const snapshotSpec = defineSpec({
  kind: "Snapshot",
  parents: ["computeId"],
  inputs: SnapshotInputs,
  computed: SNAPSHOT_COMPUTED,
  outputs: z.object({
    status: Backup.shape.status,
    type: Backup.shape.type,
    available: Backup.shape.available,
    created: Backup.shape.created,
    updated: Backup.shape.updated,
    // Absent until the snapshot finishes.
    finished: Backup.shape.finished.unwrap().optional(),
    configs: Backup.shape.configs,
    disks: z.array(BackupDisk),
  }),
  replaceOn: ["computeId", "label"],
  create: async (client, { computeId, label }, ctx): Promise<Backup> => {
    // The API refuses a snapshot while another action of the instance runs.
    const instance = await untilResting(client, computeId, ctx);
    if (!instance.backups.enabled) {
      throw new ProviderError(
        `Snapshot create: ${nameOf("Instance", instance)} does not have backups enabled; set ` +
          "`backupsEnabled: true` on the Instance (a snapshot needs the backup service)",
      );
    }
    const taking = await before(client, instance, label, ctx);
    if (taking) return taking;
    try {
      return await createByListing(
        {
          kind: "Snapshot",
          what: `Snapshot ${label} of Instance ${computeId}`,
          list: () => snapshotsOf(client, computeId),
          post: () => client.api.createSnapshot({ params: { computeId }, body: { label } }),
          matches: (b) => b.type === "snapshot" && b.label === label,
        },
        ctx,
      );
    } catch (err) {
      if (!(err instanceof ComputeApiError && err.status === 400)) throw err;
      // Refused: a snapshot another resource started meanwhile is what the user must hear about.
      const { snapshot } = await client.api.listBackups({ params: { computeId } });
      const taking = snapshot.in_progress;
      if (taking && taking.label !== label) throw inTheWay(instance, taking);
      throw err;
    }
  },
  // Still being taken (a wait that failed): the next `up` waits again.
  atRest: ["successful"],
  settle: async (client, backup, inputs, ctx) => {
    const p = params(backup.id, inputs);
    const goal = status<Backup>("successful", { failed: FAILED });
    return (await waitForBackup(client, p.computeId, p.backupId, goal, { ...ctx.wait, current: backup }))!;
  },
  read: async (client, id, props) => {
    const p = params(id, props);
    const backup = await client.api.getBackup({ params: p });
    if (FAILED.includes(backup.status)) {
      throw goneAs(`the snapshot is ${backup.status}`, p.computeId, p.backupId);
    }
    if (backup.status === "successful") {
      const { snapshot } = await client.api.listBackups({ params: { computeId: p.computeId } });
      if (snapshot.current?.id !== backup.id) {
        throw goneAs("a newer snapshot replaced it", p.computeId, p.backupId);
      }
    }
    return backup;
  },
  // Nothing updates in place: an update only settles a snapshot whose wait failed.
  update: async (client, id, olds) => {
    const backup = await client.api.getBackup({ params: params(id, olds) });
    if (FAILED.includes(backup.status)) {
      throw new ProviderError(
        `Snapshot update: ${nameOf("Snapshot", backup)} is ${backup.status}; run \`pulumi refresh\` (it drops the ` +
          "snapshot from the stack) and `pulumi up` takes a new one",
      );
    }
    return backup;
  },
  delete: async (client, id, props, ctx) => {
    const p = params(id, props);
    const backup = await client.api.getBackup({ params: p });
    ctx.log(
      `${nameOf("Snapshot", backup)} stays on Instance ${p.computeId}: the API cannot delete one snapshot; the ` +
        "instance's next snapshot, a cancel of its backups or its deletion removes it",
    );
  },
  idOf: (backup) => String(backup.id),
  toOutputs: (backup: Backup, props: Props) => ({
    computeId: BackupParams.shape.computeId.parse(props.computeId),
    label: backup.label ?? undefined,
    status: backup.status,
    type: backup.type,
    available: backup.available,
    created: backup.created,
    updated: backup.updated,
    // Absent until the snapshot finishes.
    finished: backup.finished ?? undefined,
    configs: backup.configs,
    disks: backup.disks.map(({ label, size, filesystem }) => ({ label, size, filesystem })),
  }),
});
