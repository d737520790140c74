/** Control API: the emulator's standing fault profile (random errors, latency, drops, throttling, lost answers). */
import { z } from "zod";

const rate = (name: string) =>
  z
    .number({ error: `${name} must be a number 0..1` })
    .min(0, `${name} must be 0..1`)
    .max(1, `${name} must be 0..1`);
const millis = (name: string) =>
  z
    .number({ error: `${name} must be an integer` })
    .int(`${name} must be an integer`)
    .min(0, `${name} must be 0..60000`)
    .max(60_000, `${name} must be 0..60000`);
/** A lost answer's status: a 5xx, or 0 for a connection destroyed without an answer. */
const lostStatus = z
  .number({ error: "lost_statuses must be 500..599 or 0" })
  .int("lost_statuses must be 500..599 or 0")
  .refine((s) => s === 0 || (s >= 500 && s <= 599), "lost_statuses must be 500..599 or 0");

/**
 * Applies to every API request matching `method` and `path` (a prefix of the path below /v4).
 * First `latency_ms` (+ up to `latency_jitter_ms`); then, in this order of precedence:
 * - with probability `drop_rate` the connection is destroyed without an answer (nothing is done);
 * - else with probability `throttle_rate` the answer is 429 with `Retry-After: throttle_retry_after`
 *   (nothing is done);
 * - else with probability `error_rate` the answer is one of `error_statuses` (nothing is done);
 * - else with probability `lost_rate` the request is carried out and its answer lost: replaced by
 *   one of `lost_statuses`, where 0 destroys the connection without an answer.
 * Draws come from a generator seeded with `seed` (random when omitted, reported back), so the same
 * seed and the same requests give the same faults.
 */
export const FaultProfile = z.object({
  error_rate: rate("error_rate").default(0),
  error_statuses: z
    .array(
      z
        .number()
        .int()
        .min(500, "error_statuses must be 500..599")
        .max(599, "error_statuses must be 500..599"),
    )
    .min(1, "error_statuses must not be empty")
    .default([503, 500]),
  latency_ms: millis("latency_ms").default(0),
  latency_jitter_ms: millis("latency_jitter_ms").default(0),
  drop_rate: rate("drop_rate").default(0),
  throttle_rate: rate("throttle_rate").default(0),
  /** Seconds in the throttled answer's Retry-After. */
  throttle_retry_after: z
    .number({ error: "throttle_retry_after must be an integer" })
    .int("throttle_retry_after must be an integer")
    .min(0, "throttle_retry_after must be 0..3600")
    .max(3600, "throttle_retry_after must be 0..3600")
    .default(1),
  lost_rate: rate("lost_rate").default(0),
  lost_statuses: z.array(lostStatus).min(1, "lost_statuses must not be empty").default([502, 504, 0]),
  seed: z.number().int("seed must be an integer").optional(),
  method: z.string().optional(),
  path: z.string().optional(),
});
export type FaultProfile = z.input<typeof FaultProfile>;

/** The active profile as the emulator reports it: defaults filled in, the seed always present. */
export const ActiveFaultProfile = FaultProfile.extend({ seed: z.number().int() });
export type ActiveFaultProfile = z.output<typeof ActiveFaultProfile>;

export const FaultProfileResponse = z.object({ profile: ActiveFaultProfile.nullable() });
