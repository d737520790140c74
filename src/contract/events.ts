/** The event record (spec: "not shown"; fields per the API's behaviour), read through the emulator's control API. */
import { z } from "zod";
import { dateTime } from "./fields";

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
