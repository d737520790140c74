/** Control API: the emulator's standing fault profile (random errors, latency, dropped connections). */
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

/**
 * Applies to every API request matching `method` and `path` (a prefix of the path below /v4):
 * first `latency_ms` (+ up to `latency_jitter_ms`), then with probability `drop_rate` the
 * connection is destroyed without an answer, else with probability `error_rate` the answer is
 * one of `error_statuses`. Draws come from a generator seeded with `seed` (random when omitted,
 * reported back), so the same seed and the same requests give the same faults.
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
  seed: z.number().int("seed must be an integer").optional(),
  method: z.string().optional(),
  path: z.string().optional(),
});
export type FaultProfile = z.input<typeof FaultProfile>;

/** The active profile as the emulator reports it: defaults filled in, the seed always present. */
export const ActiveFaultProfile = FaultProfile.extend({ seed: z.number().int() });
export type ActiveFaultProfile = z.output<typeof ActiveFaultProfile>;

export const FaultProfileResponse = z.object({ profile: ActiveFaultProfile.nullable() });
