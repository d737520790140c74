/**
 * Events of the spec's Events table (and lifecycle events), kept in the store; read through
 * `/account/events` (beyond the spec; `models/account-events.ts`) and the control API.
 */
import type { Endpoint, EventEntity, EventRecord } from "../contract";
import type { Clock } from "./clock";
import type { UserRow } from "./state";
import type { Store } from "./store";

export interface EventInput {
  action: string;
  entity: EventEntity | null;
  secondary?: EventEntity | null;
  username: string | null;
  status?: EventRecord["status"];
}

export function recordEvent(store: Store, clock: Clock, input: EventInput): EventRecord {
  const status = input.status ?? "notification";
  return store.table("events").put({
    id: store.nextId("event"),
    action: input.action,
    created: clock.timestamp(),
    duration: status === "notification" ? null : 0,
    entity: input.entity,
    secondary_entity: input.secondary ?? null,
    percent_complete: status === "notification" ? null : status === "finished" ? 100 : 0,
    rate: null,
    read: false,
    seen: false,
    status,
    time_remaining: status === "finished" ? 0 : null,
    username: input.username,
    message: "",
  });
}

/**
 * An event's entity, the one way every area names it: its `url` is the endpoint that reads it, with
 * the path parameters filled in (`{computeId}` → 7).
 */
export function entityRef(
  type: string,
  id: number | string,
  label: string | null,
  endpoint: Endpoint,
  params: Record<string, number | string> = {},
): EventEntity {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
  return { id, label, type, url: `/v4${path}` };
}

/** A change `user` made to `entity` (a `notification` event): the one way every area records one. */
export function recordChange(
  world: { store: Store; clock: Clock },
  user: Pick<UserRow, "username"> | null,
  action: string,
  entity: EventEntity,
  secondary: EventEntity | null = null,
): void {
  recordEvent(world.store, world.clock, { action, entity, secondary, username: user?.username ?? null });
}

/** Ends a `started` event of a lifecycle: `finished` (100 %) or `failed`, with its duration in seconds. */
export function settleEvent(store: Store, clock: Clock, id: number, status: "finished" | "failed"): void {
  const event = store.table("events").get(id);
  if (!event || (event.status !== "started" && event.status !== "scheduled")) return;
  const started = Date.parse(`${event.created}Z`);
  store.table("events").put({
    ...event,
    status,
    duration: Math.max(0, (clock.now() - started) / 1000),
    percent_complete: status === "finished" ? 100 : event.percent_complete,
    time_remaining: status === "finished" ? 0 : null,
  });
}
