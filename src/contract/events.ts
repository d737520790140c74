/**
 * The event record and `/account/events` (spec: "not shown"; record and endpoints per the real
 * API, marked beyond the spec). Also read through the emulator's control API.
 */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { dateTime, idFrom } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const EventEntity = z.object({
  id: z.union([z.number().int(), z.string()]),
  label: z.string().nullable(),
  type: z.string(),
  url: z.string(),
});
export type EventEntity = z.infer<typeof EventEntity>;

export const EventRecord = z.object({
  id: z.number().int(),
  action: z.string(),
  created: dateTime,
  duration: z.number().nullable(),
  entity: EventEntity.nullable(),
  secondary_entity: EventEntity.nullable(),
  percent_complete: z.number().int().nullable(),
  rate: z.string().nullable(),
  read: z.boolean(),
  seen: z.boolean(),
  status: z.enum(["scheduled", "started", "finished", "failed", "notification"]),
  time_remaining: z.number().nullable(),
  username: z.string().nullable(),
  message: z.string().nullable(),
});
export type EventRecord = z.infer<typeof EventRecord>;

export const EventParams = z.object({ eventId: idFrom("eventId") });

export const eventEndpoints = {
  listEvents: endpoint({
    name: "listEvents",
    method: "GET",
    path: "/account/events",
    scopes: ["events:read_only"],
    query: PageQuery,
    response: listEnvelope(EventRecord),
    summary: "Events of the past 90 days the user may see, newest first",
    beyondSpec: true,
    filterable: ["id", "action", "created", "entity.id", "entity.type", "read"],
  }),
  getEvent: endpoint({
    name: "getEvent",
    method: "GET",
    path: "/account/events/{eventId}",
    scopes: ["events:read_only"],
    params: EventParams,
    response: EventRecord,
    summary: "One event",
    beyondSpec: true,
  }),
};
