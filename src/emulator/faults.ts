/**
 * Injected faults. A one-shot queue (the next N matching requests answer with a status or a dropped
 * connection, before or after the work) and a standing profile (latency, drops, throttling, errors
 * and lost answers at given rates, drawn from a seeded generator so a run can be repeated).
 */
import { randomInt } from "node:crypto";
import type { z } from "zod";
import { FaultProfile, type ActiveFaultProfile, type FaultRequest } from "../contract";

type Fault = z.output<typeof FaultRequest>;

/** What the profile does to one request: a delay, then at most one of the faults below. */
export interface FaultDecision {
  delayMs: number;
  drop: boolean;
  /** Answer 429 with this Retry-After (seconds) instead of handling the request. */
  throttleRetryAfter?: number;
  /** An error status to answer with instead of handling the request. */
  status?: number;
  /** Handle the request, then answer this status instead (0: drop the connection). */
  lost?: number;
}

/** A small seeded generator (mulberry32): uniform numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function matches(filter: { method?: string; path?: string }, method: string, path: string): boolean {
  return (
    (!filter.method || filter.method.toUpperCase() === method) &&
    (!filter.path || path.startsWith(filter.path))
  );
}

export class Faults {
  private queue: Fault[] = [];
  private profile?: { settings: ActiveFaultProfile; random: () => number };

  /** `startup` is the profile given at start (CLI or options); `reset()` returns to it. */
  constructor(private readonly startup?: z.input<typeof FaultProfile>) {
    this.reset();
  }

  add(fault: Fault): void {
    this.queue.push({ ...fault });
  }

  /** Sets the standing profile (its generator starts over from the seed), or removes it. */
  setProfile(input: z.input<typeof FaultProfile> | undefined): ActiveFaultProfile | null {
    if (!input) {
      this.profile = undefined;
      return null;
    }
    const parsed = FaultProfile.parse(input);
    const settings = { ...parsed, seed: parsed.seed ?? randomInt(2 ** 31) };
    this.profile = { settings, random: seeded(settings.seed) };
    return settings;
  }

  getProfile(): ActiveFaultProfile | null {
    return this.profile?.settings ?? null;
  }

  /** Removes every fault: the queue and the profile. */
  clear(): void {
    this.queue = [];
    this.profile = undefined;
  }

  /** Empties the queue and restores the startup profile. */
  reset(): void {
    this.queue = [];
    this.setProfile(this.startup);
  }

  /** Takes one use of the first queued fault matching the request, if any. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.queue.find((f) => matches(f, method, path));
    if (!fault) return undefined;
    fault.count -= 1;
    if (fault.count <= 0) this.queue = this.queue.filter((f) => f !== fault);
    return fault;
  }

  /** What the profile does to this request; undefined when no profile applies. Every matching
   * request draws the same numbers (four, seven when throttle_rate or lost_rate is set, so profiles
   * without them repeat the sequences they always gave): outcomes depend only on the seed and the
   * request order. Precedence: drop, throttle, error, lost. */
  decide(method: string, path: string): FaultDecision | undefined {
    const profile = this.profile;
    if (!profile || !matches(profile.settings, method, path)) return undefined;
    const { settings, random } = profile;
    const [jitter, drop, error, pick] = [random(), random(), random(), random()];
    const extended = settings.throttle_rate > 0 || settings.lost_rate > 0;
    const [throttle, lost, lostPick] = extended ? [random(), random(), random()] : [1, 1, 0];
    const decision: FaultDecision = {
      delayMs: settings.latency_ms + Math.floor(jitter * (settings.latency_jitter_ms + 1)),
      drop: drop < settings.drop_rate,
    };
    if (decision.drop) return decision;
    if (throttle < settings.throttle_rate)
      return { ...decision, throttleRetryAfter: settings.throttle_retry_after };
    if (error < settings.error_rate) return { ...decision, status: pickFrom(settings.error_statuses, pick) };
    if (lost < settings.lost_rate) return { ...decision, lost: pickFrom(settings.lost_statuses, lostPick) };
    return decision;
  }
}

function pickFrom<T>(items: T[], draw: number): T {
  return items[Math.floor(draw * items.length)]!;
}
