/** The error of a wait that ran out or can no longer reach its goal (`waits.ts`), in a module of its
 * own: the provider's error handling names it without loading the waiters and the contract areas
 * they read. */
import { formatDuration } from "./format-duration";

/** A resource named for messages: `{ kind: "Instance", id: 12 }`. */
export interface WaitTarget {
  kind: string;
  id: string | number;
}

export class WaitError extends Error {
  override readonly name = "WaitError";
  constructor(
    readonly target: WaitTarget,
    readonly goal: string,
    readonly elapsedMs: number,
    readonly state: string,
    readonly timedOut: boolean,
    { reason, limitFrom }: { reason?: string; limitFrom?: string } = {},
  ) {
    super(
      timedOut
        ? `${target.kind} ${target.id} did not become ${goal} within ${formatDuration(elapsedMs)} (last state: ${state}); ` +
            `raise ${limitFrom ?? "compute:waitTimeoutSeconds (or the per-operation setting)"} to wait longer`
        : `${target.kind} ${target.id} cannot become ${goal}: ${reason ?? state} (after ${formatDuration(elapsedMs)})`,
    );
  }
}
