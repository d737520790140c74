/**
 * Lifecycles that take time: a job is a row (kind, due time on the emulator's clock, entity,
 * payload), so it survives a restart in durable mode. Due jobs run, in due order, before every
 * request is answered; a job's handler may schedule the next step. Durations come from `timings`,
 * which the control API can change.
 */
import type { Clock } from "./clock";
import type { Store } from "./store";
import type { JobRow } from "./state";

export interface JobWorld {
  store: Store;
  clock: Clock;
  jobs: Jobs;
}

export type JobHandler = (world: JobWorld, job: JobRow) => void;

export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  /** Durations in emulated milliseconds, by name (e.g. `instance.boot`). */
  readonly timings = new Map<string, number>();

  /** Registers what happens when a job of `kind` is due. */
  on(kind: string, handler: JobHandler): this {
    this.handlers.set(kind, handler);
    return this;
  }

  /** The duration `name`, or `fallbackMs` until one is set (routes declare their defaults this way). */
  timing(name: string, fallbackMs: number): number {
    if (!this.timings.has(name)) this.timings.set(name, fallbackMs);
    return this.timings.get(name)!;
  }

  schedule(
    world: JobWorld,
    kind: string,
    entityId: number,
    delayMs: number,
    payload: Record<string, unknown> = {},
  ) {
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    return world.store.table("jobs").put({
      id: world.store.nextId("job"),
      kind,
      due: world.clock.now() + delayMs,
      entity_id: entityId,
      payload,
    });
  }

  /** Jobs not yet run for an entity, optionally of some kinds only. */
  pending(world: JobWorld, entityId: number, kinds?: string[]): JobRow[] {
    return world.store
      .table("jobs")
      .filter((j) => j.entity_id === entityId && (!kinds || kinds.includes(j.kind)));
  }

  cancel(world: JobWorld, entityId: number, kinds?: string[]): void {
    for (const job of this.pending(world, entityId, kinds)) world.store.table("jobs").delete(job.id);
  }

  /** Runs every job due by now, earliest first, including jobs that due jobs schedule. */
  runDue(world: JobWorld): void {
    for (;;) {
      const now = world.clock.now();
      const due = world.store
        .table("jobs")
        .filter((j) => j.due <= now)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!due) return;
      world.store.table("jobs").delete(due.id);
      this.handlers.get(due.kind)?.(world, due);
    }
  }
}
