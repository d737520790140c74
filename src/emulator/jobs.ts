/**
 * Lifecycles that take time: a job is a row (kind, due time on the emulator's clock, entity,
 * payload), so it survives a restart in durable mode. Due jobs run, in due order, before every
 * request is answered; a job's handler may schedule the next step. Durations come from `timings`,
 * which the control API can change.
 */
import type { Clock } from "./clock";
import type { Job, JobKind, JobPayloads } from "./models/job-kinds";
import type { Store } from "./store";

export interface JobWorld {
  store: Store;
  clock: Clock;
  jobs: Jobs;
}

export type JobHandler<K extends JobKind = JobKind> = (world: JobWorld, job: Job<K>) => void;

/** A kind whose payload has no fields may be scheduled without one. */
type PayloadArg<K extends JobKind> =
  Record<string, never> extends JobPayloads[K] ? [payload?: JobPayloads[K]] : [payload: JobPayloads[K]];

export class Jobs {
  private readonly handlers = new Map<JobKind, JobHandler>();
  /** Durations in emulated milliseconds, by name (e.g. `instance.boot`). */
  readonly timings = new Map<string, number>();

  /** Registers what happens when a job of `kind` is due. */
  on<K extends JobKind>(kind: K, handler: JobHandler<K>): this {
    this.handlers.set(kind, handler as JobHandler);
    return this;
  }

  /** The duration `name`, or `fallbackMs` until one is set (routes declare their defaults this way). */
  timing(name: string, fallbackMs: number): number {
    if (!this.timings.has(name)) this.timings.set(name, fallbackMs);
    return this.timings.get(name)!;
  }

  schedule<K extends JobKind>(
    world: JobWorld,
    kind: K,
    entityId: number,
    delayMs: number,
    ...[payload]: PayloadArg<K>
  ) {
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    return world.store.table("jobs").put({
      id: world.store.nextId("job"),
      kind,
      due: world.clock.now() + delayMs,
      entity_id: entityId,
      payload: payload ?? {},
    }) as Job<K>;
  }

  /** Jobs not yet run for an entity, optionally of some kinds only. */
  pending(world: JobWorld, entityId: number, kinds?: JobKind[]): Job[] {
    return allJobs(world).filter((j) => j.entity_id === entityId && (!kinds || kinds.includes(j.kind)));
  }

  cancel(world: JobWorld, entityId: number, kinds?: JobKind[]): void {
    for (const job of this.pending(world, entityId, kinds)) world.store.table("jobs").delete(job.id);
  }

  /** Runs every job due by now, earliest first, including jobs that due jobs schedule. */
  runDue(world: JobWorld): void {
    for (;;) {
      const now = world.clock.now();
      const due = allJobs(world)
        .filter((j) => j.due <= now)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!due) return;
      world.store.table("jobs").delete(due.id);
      this.handlers.get(due.kind)?.(world, due);
    }
  }
}

/** Every job not yet run; the store keeps each as the row its kind's payload was scheduled with. */
export function allJobs(world: JobWorld): Job[] {
  return world.store.table("jobs").all() as Job[];
}
