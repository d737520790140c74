/**
 * An action on an instance that another action holds: the API refuses it ("Compute instance busy.")
 * while a disk is being made or deleted, or the instance boots, shuts down or provisions. Instead of
 * retrying blind, the action waits on what holds the instance (its disks until ready or gone, the
 * instance until at rest: on the process's poller, beside the waits of the resources that started
 * them), then sends once. Refused again with nothing left to wait on, it backs off and tries again,
 * until the operation's wait timeout.
 */
import type { ComputeClient } from "../../client/compute-client";
import { isBusy } from "../../client/errors";
import { waitForDisk, type Goal } from "../../client/waits";
import type { Disk } from "../../contract/disks";
import { listDisks, untilResting } from "./instance-power";
import type { OperationContext } from "../core/resource-spec";

const settled: Goal<Disk> = {
  name: "ready or gone",
  reached: (d) => d === undefined || d.status === "ready",
};

/** Waits until none of these disks of the instance is being made or deleted; each wait starts from
 * the disk as the listing showed it just before, not with a read at once. */
async function disksSettle(client: ComputeClient, computeId: number, disks: Disk[], ctx: OperationContext) {
  const moving = disks.filter((d) => d.status !== "ready");
  await Promise.all(
    moving.map((d) => waitForDisk(client, computeId, d.id, settled, { ...ctx.wait, current: d })),
  );
  return moving.length > 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `action` (which must ask the client for `busy: "fail"`) once the instance is free. `disks`
 * is a listing of its disks taken just before, if the caller has one (else the first try goes at once).
 */
export async function whenIdle<T>(
  client: ComputeClient,
  computeId: number,
  ctx: OperationContext,
  action: () => Promise<T>,
  disks: Disk[] = [],
): Promise<T> {
  const deadline = Date.now() + ctx.wait.timeoutMs;
  let pause = 250;
  await disksSettle(client, computeId, disks, ctx);
  for (;;) {
    try {
      return await action();
    } catch (err) {
      if (!isBusy(err) || Date.now() >= deadline) throw err;
    }
    const now = await listDisks(client, computeId);
    if (await disksSettle(client, computeId, now, ctx)) continue;
    await untilResting(client, computeId, ctx);
    // Held by something no read shows (a snapshot, a clone into it): back off.
    await sleep(pause);
    pause = Math.min(pause * 2, 4000);
  }
}
