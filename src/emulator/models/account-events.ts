/** `/account/events`: the events of the account a user may see (the recording: `events.ts`). */
import { eventEndpoints as e, type EventRecord, type GrantEntityType } from "../../contract";
import { ApiError } from "../api-error";
import { canRead } from "../auth";
import type { Params, World } from "../router";
import type { UserRow } from "../state";

/** `/account/events` lists the past 90 days, as the real API does. */
const LISTED_FOR_MS = 90 * 24 * 60 * 60 * 1000;

/** The events `user` may list: the past 90 days, newest first. */
export function listEvents({ store, clock }: World, user: UserRow): EventRecord[] {
  const since = clock.timestamp(clock.now() - LISTED_FOR_MS);
  return store
    .table("events")
    .filter((e) => e.created >= since && canSee(user, e))
    .sort((a, b) => b.id - a.id);
}

/** One event; 404 when it does not exist or `user` may not see it. */
export function getEvent({ store }: World, user: UserRow, params: Params<typeof e.getEvent>): EventRecord {
  const event = store.table("events").get(params.eventId);
  if (!event || !canSee(user, event)) throw ApiError.notFound();
  return event;
}

/**
 * Unrestricted users see every event of the account; restricted users the events they caused and
 * those on an entity they hold a grant for (a subnet's through its VPC, a private image by number).
 */
function canSee(user: UserRow, event: EventRecord): boolean {
  if (!user.restricted || (event.username !== null && event.username === user.username)) return true;
  const target = grantTarget(event);
  return target !== undefined && canRead(user, target.type, target.id);
}

function grantTarget(event: EventRecord): { type: GrantEntityType; id: number } | undefined {
  const entity = event.entity?.type === "subnet" ? event.secondary_entity : event.entity;
  if (!entity) return undefined;
  const id = typeof entity.id === "number" ? entity.id : Number(/^private\/(\d+)$/.exec(entity.id)?.[1]);
  if (!Number.isInteger(id)) return undefined;
  const types: Record<string, GrantEntityType> = {
    compute: "compute",
    vpc: "vpc",
    image: "image",
    stackscript: "stackscript",
  };
  const type = types[entity.type];
  return type && { type, id };
}
