/** Events of the compute area: lifecycle actions (`started` → `finished`) and notifications. */
import { configEndpoints, diskEndpoints, instanceEndpoints, type EventEntity } from "../../contract";
import { entityRef, recordChange, recordEvent, settleEvent } from "../events";
import type { JobWorld } from "../jobs";
import type { ConfigRow, DiskRow, InstanceRow, UserRow } from "../state";

export function computeRef(i: Pick<InstanceRow, "id" | "label">): EventEntity {
  return entityRef("compute", i.id, i.label, instanceEndpoints.getInstance, { computeId: i.id });
}

export function configRef(c: Pick<ConfigRow, "id" | "label" | "compute_id">): EventEntity {
  return entityRef("compute_config", c.id, c.label, configEndpoints.getConfig, {
    computeId: c.compute_id,
    configId: c.id,
  });
}

export function diskRef(d: Pick<DiskRow, "id" | "label" | "compute_id">): EventEntity {
  return entityRef("disk", d.id, d.label, diskEndpoints.getDisk, { computeId: d.compute_id, diskId: d.id });
}

/** A lifecycle action begins: a `started` event on the instance; returns its ID for `finishAction`. */
export function startAction(
  world: JobWorld,
  user: UserRow | null,
  action: string,
  instance: Pick<InstanceRow, "id" | "label">,
  secondary: EventEntity | null = null,
): number {
  return recordEvent(world.store, world.clock, {
    action,
    entity: computeRef(instance),
    secondary,
    username: user?.username ?? null,
    status: "started",
  }).id;
}

export function finishAction(
  world: JobWorld,
  eventId: number | undefined,
  status: "finished" | "failed" = "finished",
) {
  if (eventId !== undefined) settleEvent(world.store, world.clock, eventId, status);
}

/** A lifecycle action the emulator carries out at once (an instance's delete): `started`, then
 * `finished` in the same request, so that clients waiting for it to finish see it finished. */
export function completeAction(...args: Parameters<typeof startAction>): void {
  finishAction(args[0], startAction(...args));
}

/** An instantaneous change (config create, interface update, ...): a `notification` event. */
export function notify(
  world: JobWorld,
  user: UserRow | null,
  action: string,
  instance: Pick<InstanceRow, "id" | "label">,
  secondary: EventEntity | null = null,
) {
  recordChange(world, user, action, computeRef(instance), secondary);
}
