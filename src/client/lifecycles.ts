/**
 * How long lifecycles take (an instance from `provisioning` to `running`, a disk to `ready`), learned
 * from the waits that saw one end: the end lies after the wait's last read that did not see it and no
 * later than the first read that did. Each wait that ends narrows the window (its reads fall at other
 * moments of the lifecycle); a wait whose window does not overlap the known one (the API got slower
 * or faster) starts it over. A wait that knows the window reads first at its end, when the change is
 * due, instead of polling its way there.
 */

/** What is known of a lifecycle's duration, in ms from the start of a wait on it. */
export interface Window {
  /** It takes longer than this. */
  after: number;
  /** It takes at most this. */
  by: number;
}

export class Lifecycles {
  private readonly known = new Map<string, Window>();

  expected(lifecycle: string): Window | undefined {
    return this.known.get(lifecycle);
  }

  /** A wait saw the lifecycle end: after `after` ms (a read that did not see it), by `by` ms. */
  observe(lifecycle: string, seen: Window): void {
    const was = this.known.get(lifecycle);
    const after = Math.max(was?.after ?? -Infinity, seen.after);
    const by = Math.min(was?.by ?? Infinity, seen.by);
    this.known.set(lifecycle, was && after <= by ? { after, by } : seen);
  }
}
