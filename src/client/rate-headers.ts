/**
 * What an answer says about its rate-limit window. The API (notes §7) puts on its answers
 * `X-RateLimit-Limit` and `X-RateLimit-Remaining` (requests allowed and left in the window, the
 * tightest one when several apply) and `X-RateLimit-Reset` (when it reopens, epoch seconds); a 429
 * adds `Retry-After` (seconds; an HTTP date is read too).
 */
export interface RateAnswer {
  status: number;
  limit?: number;
  remaining?: number;
  /** When the window reopens, ms since the epoch. */
  resetAt?: number;
  /** How long to wait before trying again, in ms (a 429's `Retry-After`). */
  retryAfterMs?: number;
}

/** Header values as axios gives them: lower-case names. */
export type HeaderValues = Record<string, unknown>;

function count(value: unknown): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const n = Number(value);
  return String(value).trim() !== "" && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function retryAfterMs(value: unknown, now: number): number | undefined {
  const seconds = count(value);
  if (seconds !== undefined) return seconds * 1000;
  const at = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function readRateAnswer(status: number, headers: HeaderValues, now: number): RateAnswer {
  const reset = count(headers["x-ratelimit-reset"]);
  return {
    status,
    limit: count(headers["x-ratelimit-limit"]),
    remaining: count(headers["x-ratelimit-remaining"]),
    resetAt: reset === undefined ? undefined : reset * 1000,
    retryAfterMs: retryAfterMs(headers["retry-after"], now),
  };
}
