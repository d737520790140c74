/**
 * Rate limits like the real API's: fixed windows on the emulator clock, per token (per IP without
 * a valid one). Every request counts against the general window and against its command's own
 * window (a dedicated limit, else the paginated-GET limit, else the per-command limit). A request
 * over a limit is answered 429 and not counted. Every answer carries X-RateLimit-Limit, -Remaining
 * and -Reset for the tightest window; a 429 adds Retry-After. Reset and Retry-After are real time
 * (when the window reopens for a client, however fast the emulated clock runs or was advanced).
 */
import {
  DEFAULT_RATE_LIMITS,
  RATE_LIMITED_REASON,
  RateLimitRequest,
  RateLimitSettings,
  type Endpoint,
} from "../contract";
import { ApiError } from "./api-error";
import type { Clock } from "./clock";

export interface RateRule {
  /** `general`, or the command (`POST /vpcs`). */
  id: string;
  limit: number;
  window_ms: number;
}

interface Bucket {
  start: number;
  count: number;
  window_ms: number;
}

/** Buckets kept before expired ones are swept. */
const SWEEP_AT = 10_000;

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+?^$()|[\]\\{}]/g, "\\$&").replace(/\*/g, ".*")}$`);
}

/** A GET answering the list envelope (`data`, `page`, `pages`, `results`). */
export function isPaginated(endpoint: Endpoint): boolean {
  const shape = (endpoint.response as { shape?: Record<string, unknown> }).shape;
  return endpoint.method === "GET" && !!shape && "data" in shape && "pages" in shape;
}

/** The windows a request to `endpoint` (undefined: no endpoint matched) counts against. */
export function rulesFor(settings: RateLimitSettings, endpoint: Endpoint | undefined): RateRule[] {
  const rules: RateRule[] = [{ id: "general", ...settings.general }];
  if (!endpoint) return rules;
  const dedicated = settings.dedicated.find(
    (d) => (!d.method || d.method === endpoint.method) && globToRegExp(d.path).test(endpoint.path),
  );
  const own = dedicated ?? (isPaginated(endpoint) ? settings.paginated : settings.command);
  rules.push({ id: `${endpoint.method} ${endpoint.path}`, limit: own.limit, window_ms: own.window_ms });
  return rules;
}

/** Startup settings: `true`/`false` switch the real API's limits on/off; an object changes some
 * numbers and switches limits on unless it says `enabled: false`. */
export type RateLimitOption = boolean | RateLimitRequest;

export function startupSettings(option: RateLimitOption | undefined): RateLimitSettings {
  if (option === undefined || typeof option === "boolean") {
    return { ...DEFAULT_RATE_LIMITS, enabled: option ?? DEFAULT_RATE_LIMITS.enabled };
  }
  return RateLimitSettings.parse({
    ...DEFAULT_RATE_LIMITS,
    enabled: true,
    ...RateLimitRequest.parse(option),
  });
}

export class RateLimiter {
  private settings: RateLimitSettings;
  private buckets = new Map<string, Bucket>();

  constructor(
    private readonly clock: Clock,
    private readonly startup: RateLimitSettings = DEFAULT_RATE_LIMITS,
  ) {
    this.settings = startup;
  }

  get current(): RateLimitSettings {
    return this.settings;
  }

  /** Replaces the fields given; every window starts over. */
  configure(change: RateLimitRequest): RateLimitSettings {
    this.settings = RateLimitSettings.parse({ ...this.settings, ...change });
    this.buckets.clear();
    return this.settings;
  }

  /** Back to the startup settings, every window starting over. */
  reset(): void {
    this.settings = this.startup;
    this.buckets.clear();
  }

  /**
   * Counts a request of caller `key` to `endpoint`. Returns the headers to answer with, or throws
   * the 429 (with the headers of the exhausted window that resets last).
   */
  check(key: string, endpoint: Endpoint | undefined): Record<string, string> {
    if (!this.settings.enabled) return {};
    const now = this.clock.now();
    if (this.buckets.size > SWEEP_AT) this.sweep(now);
    const windows = rulesFor(this.settings, endpoint).map((rule) => {
      const id = `${key}\n${rule.id}`;
      let bucket = this.buckets.get(id);
      if (!bucket || now >= bucket.start + bucket.window_ms) {
        bucket = { start: now, count: 0, window_ms: rule.window_ms };
        this.buckets.set(id, bucket);
      }
      return { rule, bucket };
    });
    const full = windows.filter((w) => w.bucket.count >= w.rule.limit);
    if (full.length) {
      const last = full.reduce((a, b) =>
        b.bucket.start + b.bucket.window_ms > a.bucket.start + a.bucket.window_ms ? b : a,
      );
      const resetAt = last.bucket.start + last.bucket.window_ms;
      const waitSeconds = Math.max(1, Math.ceil((resetAt - now) / this.clock.getScale() / 1000));
      throw new ApiError(429, [{ reason: RATE_LIMITED_REASON }], {
        ...this.headersOf(last.rule, last.bucket),
        "Retry-After": String(waitSeconds),
      });
    }
    for (const w of windows) w.bucket.count += 1;
    // The tightest window: fewest requests left; on a tie, the command's own.
    const tightest = windows.reduce((a, b) =>
      b.rule.limit - b.bucket.count <= a.rule.limit - a.bucket.count ? b : a,
    );
    return this.headersOf(tightest.rule, tightest.bucket);
  }

  private headersOf(rule: RateRule, bucket: Bucket): Record<string, string> {
    const resetAt = this.clock.wallTime(bucket.start + bucket.window_ms);
    return {
      "X-RateLimit-Limit": String(rule.limit),
      "X-RateLimit-Remaining": String(Math.max(0, rule.limit - bucket.count)),
      "X-RateLimit-Reset": String(Math.ceil(resetAt / 1000)),
    };
  }

  private sweep(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (now >= bucket.start + bucket.window_ms) this.buckets.delete(id);
    }
  }
}
