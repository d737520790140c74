/**
 * One poll loop per API account and batch in a process. Resources that wait on records of one kind
 * (instances; the disks of one instance; private images) do not each send a GET: while several wait,
 * a read joins the batch's next tick, ticks are at least `gapMs` apart (1 s; 100 ms while reads
 * that cannot wait are asked: a wait's first, one whose change is due), and each reads every record
 * asked for in one list request (instances by `X-Filter` `+or` on their IDs). A fleet of
 * waiting servers then costs one request per second, not one per server per poll. A lone wait reads
 * its record by ID, at its own pace. A record the list does not hold is gone (as a 404 would say).
 * Waits that know when their change is due say so (`Wait.dueAt`): a tick waits, `joinMs` at most,
 * for the due reads that follow it closely, so that reads falling due close together (a fleet's
 * boots, one after another) share one list request instead of each going alone.
 *
 * The poller also learns how long lifecycles take (`Lifecycles`), so that waits read when the
 * change is due rather than on a blind schedule.
 */
import { Lifecycles } from "./lifecycles";

/** How a kind of record is read for waiting resources. */
export interface Batch<T> {
  /** What one list request serves: `Instance`, `InstanceDisk of 12`, `Image`. */
  key: string;
  /** One record by its ID; undefined when it is gone. */
  one(id: string): Promise<T | undefined>;
  /** The records of these IDs that exist (more are ignored; an ID missing is gone). */
  list(ids: readonly string[]): Promise<T[]>;
  idOf(record: T): string;
}

interface Read {
  id: string;
  /** The longest this read may wait after the batch's last tick (0 for a wait's first read). */
  gapMs: number;
  resolve(record: unknown): void;
  reject(err: unknown): void;
}

interface Loop {
  batch: Batch<unknown>;
  /** Waits under way on the batch's records. */
  waits: number;
  /** When each wait that sleeps until its change is due will read (ms since the epoch). */
  due: Map<object, number>;
  pending: Read[];
  lastTick: number;
  timer?: NodeJS.Timeout;
  /** When the planned tick is due (ms since the epoch). */
  at: number;
  /** A tick's list request is out: reads asked meanwhile go to the next one. */
  busy: boolean;
  /** The last record each tick found, by ID, and when that tick was sent (ms since the epoch); a
   * record is kept `SEEN_KEPT_MS` at most (`recent` serves checks, which take seconds-old reads). */
  seen: Map<string, { at: number; record: unknown }>;
  /** When `seen` was last cleared of what it keeps no longer (ms since the epoch). */
  pruned: number;
}

/** How long a tick's record stays in `seen`: far beyond any check's window (a few seconds), so that a
 * long run's poller holds the records of the last minute, not of every record it ever read. */
export const SEEN_KEPT_MS = 60_000;

export interface PollerOptions {
  /** Least time between two ticks of a batch several waits share, in ms. */
  gapMs?: number;
  /** Least time between two ticks that urgent reads (a wait's first, one whose change is due)
   * bring forward, in ms: a fleet's due reads share ticks, at most 10 list requests a second
   * while they fall due. */
  urgentGapMs?: number;
  /** How long a shared tick waits for more reads to join it, in ms. */
  gatherMs?: number;
  /** How long a shared tick waits at most for the due reads that follow it (`Wait.dueAt`), in ms. */
  joinMs?: number;
}

/** A wait on a batch's records, from `Poller.begin`. */
export interface Wait {
  /** The wait sleeps until its change is due and reads then (ms since the epoch); undefined: it
   * reads now, or does not know when. */
  dueAt(at: number | undefined): void;
  end(): void;
}

export class Poller {
  readonly lifecycles = new Lifecycles();
  private readonly loops = new Map<string, Loop>();
  private readonly gapMs: number;
  private readonly urgentGapMs: number;
  private readonly gatherMs: number;
  private readonly joinMs: number;

  constructor(options: PollerOptions = {}) {
    this.gapMs = options.gapMs ?? 1000;
    this.urgentGapMs = Math.min(this.gapMs, options.urgentGapMs ?? 100);
    this.gatherMs = options.gatherMs ?? 20;
    this.joinMs = options.joinMs ?? 250;
  }

  /** A wait on the batch's records begins. */
  begin<T>(batch: Batch<T>): Wait {
    const loop = this.loop(batch);
    loop.waits++;
    const wait = {};
    return {
      dueAt: (at) => {
        if (at === undefined) loop.due.delete(wait);
        else loop.due.set(wait, at);
      },
      end: () => {
        loop.waits--;
        loop.due.delete(wait);
      },
    };
  }

  /** The record at the batch's next tick; undefined when it is gone. An urgent read (`gapMs` 0: a
   * wait's first, the goal may be reached already; one whose change is due) brings the tick forward
   * to `urgentGapMs` after the last, one that polls more often than the poller's gap (a wait's
   * `maxIntervalMs`) to its own gap. */
  read<T>(batch: Batch<T>, id: string, gapMs = this.gapMs): Promise<T | undefined> {
    const loop = this.loop(batch);
    // The newest asker's batch reads: its client is the one whose operation is surely still going.
    loop.batch = batch as Batch<unknown>;
    const pending = loop.pending;
    const read = new Promise<T | undefined>((resolve, reject) =>
      pending.push({ id, gapMs, resolve: resolve as (record: unknown) => void, reject }),
    );
    this.schedule(loop);
    return read;
  }

  /** The record of this ID a tick found at most `maxAgeMs` ago (a check's read, which takes any
   * read of its window); undefined when none did. */
  recent<T>(batch: Batch<T>, id: string, maxAgeMs: number): T | undefined {
    const seen = this.loops.get(batch.key)?.seen.get(id);
    return seen && Date.now() - seen.at <= maxAgeMs ? (seen.record as T) : undefined;
  }

  private loop<T>(batch: Batch<T>): Loop {
    let loop = this.loops.get(batch.key);
    if (!loop) {
      loop = {
        batch: batch as Batch<unknown>,
        waits: 0,
        due: new Map(),
        pending: [],
        lastTick: 0,
        at: 0,
        busy: false,
        seen: new Map(),
        pruned: 0,
      };
      this.loops.set(batch.key, loop);
    }
    return loop;
  }

  private schedule(loop: Loop) {
    if (loop.pending.length === 0 || loop.busy) return;
    const now = Date.now();
    const shared = loop.waits > 1;
    const gaps = loop.pending.map((r) => (r.gapMs === 0 ? this.urgentGapMs : r.gapMs));
    const gap = shared ? Math.min(this.gapMs, ...gaps) : 0;
    const at = this.joined(loop, Math.max(now + (shared ? this.gatherMs : 0), loop.lastTick + gap));
    // A read that cannot wait for the tick already planned brings it forward.
    if (loop.timer && loop.at <= at) return;
    clearTimeout(loop.timer);
    loop.at = at;
    loop.timer = setTimeout(() => void this.tick(loop), at - now);
  }

  /** A shared tick planned `at` waits for the due reads that follow within `joinMs` (they join it
   * when they are asked, `gatherMs` after they fall due). */
  private joined(loop: Loop, at: number): number {
    if (loop.waits < 2) return at;
    let last = at;
    for (const due of loop.due.values()) if (due > at && due <= at + this.joinMs) last = Math.max(last, due);
    return last === at ? at : last + this.gatherMs;
  }

  private async tick(loop: Loop) {
    loop.timer = undefined;
    loop.lastTick = Date.now();
    loop.busy = true;
    const reads = loop.pending;
    loop.pending = [];
    const { batch } = loop;
    const ids = [...new Set(reads.map((r) => r.id))];
    try {
      const records = ids.length === 1 ? [await batch.one(ids[0]!)] : await batch.list(ids);
      const byId = new Map<string, unknown>();
      for (const record of records) if (record !== undefined) byId.set(batch.idOf(record), record);
      for (const id of ids) {
        const record = byId.get(id);
        if (record === undefined) loop.seen.delete(id);
        else loop.seen.set(id, { at: loop.lastTick, record });
      }
      this.prune(loop);
      for (const read of reads) read.resolve(byId.get(read.id));
    } catch (err) {
      for (const read of reads) read.reject(err);
    } finally {
      loop.busy = false;
    }
    this.schedule(loop);
  }

  /** Drops the records older than `SEEN_KEPT_MS`, at most once per tenth of that. */
  private prune(loop: Loop) {
    if (loop.lastTick - loop.pruned < SEEN_KEPT_MS / 10) return;
    loop.pruned = loop.lastTick;
    for (const [id, { at }] of loop.seen) if (loop.lastTick - at > SEEN_KEPT_MS) loop.seen.delete(id);
  }
}

const pollers = new Map<string, Poller>();

/** Tests: a new start, as of a new process (no loops, no lifecycle learned). */
export function forgetPollers(): void {
  pollers.clear();
}

/** The process's poller for an API account (`ComputeClient.account`: its base URL and token). */
export function sharedPoller(account: string): Poller {
  let poller = pollers.get(account);
  if (!poller) pollers.set(account, (poller = new Poller()));
  return poller;
}
