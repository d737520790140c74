/**
 * Control API: the emulator's rate limits. The numbers default to the real API's (notes §7):
 * 800 requests per 2 minutes in general, 400 per minute per command, 200 per minute per paginated
 * GET, with dedicated limits for a few commands. Counted per token (per IP without one).
 */
import { z } from "zod";

export const RateWindow = z.object({
  limit: z.number().int().positive(),
  window_ms: z.number().int().positive(),
});
export type RateWindow = z.infer<typeof RateWindow>;

/** A command's own limit, instead of the per-command or paginated one. `path` is the endpoint's path
 * template (`/compute/instances/{computeId}/clone`); `*` in it matches any characters. */
export const DedicatedRateLimit = RateWindow.extend({
  method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional(),
  path: z.string().min(1),
});
export type DedicatedRateLimit = z.infer<typeof DedicatedRateLimit>;

export const RateLimitSettings = z.object({
  enabled: z.boolean(),
  general: RateWindow,
  command: RateWindow,
  paginated: RateWindow,
  dedicated: z.array(DedicatedRateLimit),
});
export type RateLimitSettings = z.infer<typeof RateLimitSettings>;

/** `POST /_emulator/rate-limits`: the fields given replace the current ones; counters start over. */
export const RateLimitRequest = RateLimitSettings.partial();
export type RateLimitRequest = z.input<typeof RateLimitRequest>;

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  enabled: false,
  general: { limit: 800, window_ms: 2 * MINUTE },
  command: { limit: 400, window_ms: MINUTE },
  paginated: { limit: 200, window_ms: MINUTE },
  dedicated: [
    { method: "POST", path: "/compute/instances", limit: 10, window_ms: 30_000 },
    { method: "POST", path: "/compute/instances/{computeId}/clone", limit: 10, window_ms: 30_000 },
    { method: "GET", path: "/images", limit: 20, window_ms: MINUTE },
    { method: "GET", path: "/compute/stackscripts", limit: 20, window_ms: MINUTE },
    { method: "GET", path: "*/stats*", limit: 50, window_ms: MINUTE },
  ],
};

export const RATE_LIMITED_REASON = "Too many requests";
