/**
 * How long lifecycles take (an instance from `provisioning` to `running`, a disk to `ready`), learned
 * from the waits that saw one end: the end lies after the wait's last read that did not see it and no
 * later than the first read that did. Each wait that ends narrows the window (its reads fall at other
 * moments of the lifecycle); a wait whose window does not overlap the known one (the API got slower
 * or faster) starts it over. A wait that knows the window reads first at its end, when the change is
 * due, instead of polling its way there.
 *
 * What is learned can be kept between processes (`known()`, `seed()`, `onLearn`): the provider keeps
 * it beside its create journal, so that the next `pulumi up` reads when the change is due from its
 * first wait on.
 */

/** What is known of a lifecycle's duration, in ms from the start of a wait on it. */
export interface Window {
  /** It takes longer than this. */
  after: number;
  /** It takes at most this. */
  by: number;
}

/** A window and when it was last learned (ms since the epoch). */
export interface Learned extends Window {
  at: number;
}

export class Lifecycles {
  private readonly windows = new Map<string, Learned>();
  /** Called after a wait saw a lifecycle end. */
  onLearn?: () => void;

  expected(lifecycle: string): Window | undefined {
    const known = this.windows.get(lifecycle);
    return known && { after: known.after, by: known.by };
  }

  /** A wait saw the lifecycle end: after `after` ms (a read that did not see it), by `by` ms. */
  observe(lifecycle: string, seen: Window): void {
    const was = this.windows.get(lifecycle);
    const after = Math.max(was?.after ?? -Infinity, seen.after);
    const by = Math.min(was?.by ?? Infinity, seen.by);
    const next = was && after <= by ? { after, by } : seen;
    this.windows.set(lifecycle, { ...next, at: Date.now() });
    this.onLearn?.();
  }

  /** A read `at` ms into a wait did not see the lifecycle end: inside the window, it starts later. */
  notBy(lifecycle: string, at: number): void {
    const known = this.windows.get(lifecycle);
    if (known && at > known.after && at < known.by) this.windows.set(lifecycle, { ...known, after: at });
  }

  /** Every window known, by lifecycle. */
  known(): Record<string, Learned> {
    return Object.fromEntries(this.windows);
  }

  /** Windows learned before (another process): kept where this process has not learned its own. */
  seed(windows: Record<string, Learned>): void {
    for (const [lifecycle, window] of Object.entries(windows))
      if (!this.windows.has(lifecycle)) this.windows.set(lifecycle, window);
  }
}
