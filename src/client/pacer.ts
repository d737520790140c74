/**
 * Paces the requests of one caller of the API (a base URL and token) so that throttling is waited
 * out instead of answered with 429s. Requests fall in classes, one per endpoint
 * (`POST /compute/instances`), since the API limits each command in its own window (instance
 * creates: 10 per 30 s) besides the account's general one.
 *
 * Each class learns its window from the answers (`rate-headers.ts`): how many requests are left
 * in it, less those still in flight, may start now; once it is exhausted (`Remaining: 0`) the class
 * is closed until `X-RateLimit-Reset`, and after a 429 until its `Retry-After`. While nothing is
 * known (the first request of a class, after a window reopens, after an answer without numbers)
 * one request goes alone and the others wait for its answer, so a window that reopens is not
 * stormed by every waiting request. Answers without any rate headers mark the class unlimited.
 * Waiting requests go oldest first; one whose deadline comes before the class reopens goes at once
 * and gets the API's answer (its retries stop at its deadline).
 *
 * The answers tell of the tightest window, which is often the account's general one (800 requests
 * in two minutes) that every class counts against. A window told by answers of several classes (the
 * same limit and reset) is one window: what is left in it goes to all of them, less what all of
 * them have in flight, and when one class finds it exhausted, all of them close until it resets.
 */
import type { RateAnswer } from "./rate-headers";

export interface PacerClock {
  now(): number;
  /** Calls `fn` after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: PacerClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** A window closed by `X-RateLimit-Reset` alone for longer than this is not believed: a probe asks. */
export const MAX_RESET_WAIT_MS = 5 * 60_000;

/** The budget of a class nothing is known about: one request at a time. */
const UNKNOWN = -1;

/** A request let through: hand it back to `settle` with its answer. */
export interface Pass {
  readonly cls: string;
  /** Passes are numbered in the order they are given. */
  readonly seq: number;
}

interface Waiter {
  since: number;
  deadline: number;
  admit(pass: Pass): void;
}

interface Window {
  limit: number;
  resetAt: number | undefined;
  remaining: number;
  /** The classes whose last answer told of this window. */
  classes: Set<ClassState>;
}

/** Windows known by their limit and reset are kept this long after they reset (ms). */
const WINDOW_KEPT_MS = 60_000;

class ClassState {
  constructor(readonly cls: string) {}
  /** Requests that may start now (Infinity: unlimited; UNKNOWN: one at a time). */
  budget = UNKNOWN;
  inFlight = 0;
  /** Closed until then (0: open); the first pass given after it closed. */
  reopenAt = 0;
  closedSeq = 0;
  window: Window | undefined;
  queue: Waiter[] = [];
  timerAt = 0;
  cancelTimer: (() => void) | undefined;
}

/** What a class looks like now (for tests and reports). */
export interface ClassSnapshot {
  budget: number | "unknown";
  inFlight: number;
  waiting: number;
  /** 0 when open. */
  reopenAt: number;
}

export class Pacer {
  private readonly classes = new Map<string, ClassState>();
  /** Windows with a reset, by `<limit>@<reset>`: the same key from two classes is one window. */
  private readonly windows = new Map<string, Window>();
  private passes = 0;

  constructor(private readonly clock: PacerClock = systemClock) {}

  /**
   * Resolves when a request of `cls` may go. `since`: when the call began (a retry keeps its
   * place among the waiting); `deadline`: it goes at once if the class reopens only after it.
   */
  acquire(cls: string, deadline: number, since: number = this.clock.now()): Promise<Pass> {
    const state = this.stateOf(cls);
    return new Promise((admit) => {
      const at = state.queue.findIndex((w) => w.since > since);
      state.queue.splice(at === -1 ? state.queue.length : at, 0, { since, deadline, admit });
      this.pump(cls, state);
    });
  }

  /** The request `pass` let through got `answer` (undefined: no answer arrived). */
  settle(pass: Pass, answer: RateAnswer | undefined): void {
    const state = this.stateOf(pass.cls);
    state.inFlight -= 1;
    if (answer) this.learn(state, pass, answer);
    this.pump(pass.cls, state);
    // The others counting against the same window: room freed, or closed with it.
    for (const other of state.window?.classes ?? []) if (other !== state) this.pump(other.cls, other);
  }

  /** When `cls` reopens (ms since the epoch), or 0 if it is open. */
  reopensAt(cls: string): number {
    const reopenAt = this.classes.get(cls)?.reopenAt ?? 0;
    return reopenAt > this.clock.now() ? reopenAt : 0;
  }

  snapshot(cls: string): ClassSnapshot {
    const state = this.stateOf(cls);
    return {
      budget: state.budget === UNKNOWN ? "unknown" : state.budget,
      inFlight: state.inFlight,
      waiting: state.queue.length,
      reopenAt: this.reopensAt(cls),
    };
  }

  private stateOf(cls: string): ClassState {
    let state = this.classes.get(cls);
    if (!state) this.classes.set(cls, (state = new ClassState(cls)));
    return state;
  }

  private learn(state: ClassState, pass: Pass, answer: RateAnswer): void {
    const now = this.clock.now();
    if (answer.status === 429) {
      const until =
        answer.retryAfterMs !== undefined && answer.retryAfterMs > 0
          ? now + answer.retryAfterMs
          : this.believedReset(answer.resetAt, now);
      if (until !== undefined) this.close(state, until);
      state.budget = UNKNOWN;
      this.leave(state);
      return;
    }
    // Sent before the class closed: it says nothing of the window now.
    if (pass.seq < state.closedSeq && state.reopenAt > now) return;
    const counted = answer.limit !== undefined && answer.remaining !== undefined;
    // A server error without numbers says nothing of the limits.
    if (!counted && answer.status >= 500) return;
    state.reopenAt = 0;
    if (!counted) {
      state.budget = Number.POSITIVE_INFINITY;
      this.leave(state);
      return;
    }
    const window = this.track(state, answer);
    if (!window) return;
    if (window.remaining > 0) {
      state.budget = Math.max(0, window.remaining - state.inFlight);
      return;
    }
    const until = this.believedReset(window.resetAt, now);
    if (until !== undefined) for (const member of window.classes) this.close(member, until);
    else state.budget = UNKNOWN; // a lone request finds out (its 429 says when)
  }

  /** The window an answer tells of: the fewest requests left wins within one window (same limit and
   * reset, whichever class told of it); an answer from an earlier window (an older reset) is
   * ignored; without a reset to tell windows apart, the latest answer wins. */
  private track(state: ClassState, answer: RateAnswer): Window | undefined {
    const { limit, remaining, resetAt } = answer as Required<RateAnswer>;
    const known = state.window;
    if (known && known.limit === limit && resetAt !== undefined && resetAt < (known.resetAt ?? 0)) {
      return undefined;
    }
    let window: Window | undefined;
    if (resetAt !== undefined) {
      const key = `${limit}@${resetAt}`;
      window = this.windows.get(key);
      if (window) window.remaining = Math.min(window.remaining, remaining);
      else {
        this.forgetWindowsBefore(this.clock.now() - WINDOW_KEPT_MS);
        this.windows.set(key, (window = { limit, remaining, resetAt, classes: new Set() }));
      }
    } else window = { limit, remaining, resetAt, classes: new Set() };
    if (window !== known) {
      this.leave(state);
      window.classes.add(state);
      state.window = window;
    }
    return window;
  }

  private leave(state: ClassState): void {
    state.window?.classes.delete(state);
    state.window = undefined;
  }

  private forgetWindowsBefore(at: number): void {
    for (const [key, window] of this.windows) if ((window.resetAt ?? 0) < at) this.windows.delete(key);
  }

  /** What is left of a window several classes count against, less all they have in flight. */
  private sharedRoom(window: Window): number {
    let inFlight = 0;
    for (const member of window.classes) inFlight += member.inFlight;
    return window.remaining - inFlight;
  }

  private believedReset(resetAt: number | undefined, now: number): number | undefined {
    if (resetAt === undefined || resetAt - now > MAX_RESET_WAIT_MS) return undefined;
    return Math.max(resetAt, now);
  }

  private close(state: ClassState, until: number): void {
    state.reopenAt = Math.max(state.reopenAt, until);
    state.closedSeq = this.passes;
    state.budget = UNKNOWN;
  }

  private pump(cls: string, state: ClassState): void {
    const now = this.clock.now();
    if (state.reopenAt > now) {
      // Those who cannot wait for the reopening go now; the others wait for it.
      const late = state.queue.filter((w) => w.deadline < state.reopenAt);
      state.queue = state.queue.filter((w) => w.deadline >= state.reopenAt);
      for (const waiter of late) this.admit(cls, state, waiter);
      this.wakeAt(cls, state, state.queue.length ? state.reopenAt : 0, now);
      return;
    }
    state.reopenAt = 0;
    // Nothing in flight will tell the budget: find out with one request.
    if (state.budget === 0 && state.inFlight === 0) state.budget = UNKNOWN;
    while (state.queue.length > 0) {
      if (state.budget === UNKNOWN ? state.inFlight > 0 : state.budget < 1) break;
      const shared = state.window && state.window.classes.size > 1 ? state.window : undefined;
      if (shared && state.budget !== UNKNOWN && this.sharedRoom(shared) < 1) break;
      if (state.budget !== UNKNOWN) state.budget -= 1;
      this.admit(cls, state, state.queue.shift()!);
    }
  }

  private admit(cls: string, state: ClassState, waiter: Waiter): void {
    state.inFlight += 1;
    waiter.admit({ cls, seq: this.passes++ });
  }

  /** Pumps the class at `at` (0: never; a timer only while requests wait, so none keeps a process alive). */
  private wakeAt(cls: string, state: ClassState, at: number, now: number): void {
    if (state.timerAt === at) return;
    state.cancelTimer?.();
    state.cancelTimer = undefined;
    state.timerAt = at;
    if (at === 0) return;
    state.cancelTimer = this.clock.after(at - now, () => {
      state.timerAt = 0;
      state.cancelTimer = undefined;
      this.pump(cls, state);
    });
  }
}
