/**
 * Waiting for the API to finish something: one poll loop (`waitFor`) and thin waiters per record
 * kind. The first read is at once, or, on a record the operation just answered, not before the
 * change can have happened; a wait whose lifecycle the process has seen end before (or the provider
 * remembers from an earlier run) reads when it is due (`lifecycles.ts`), else the gap grows to at
 * most 0.5 s for the first 10 s, then `maxIntervalMs` (1 s). Waits on records that can be listed share the process's poller
 * (`poller.ts`): while several wait, one list request per second reads them all, and reads that
 * are due bring a tick forward. The wait ends at its deadline, or early when the record
 * reaches a state that can no longer lead to the goal. Errors name the resource, its ID, the goal
 * and the time waited.
 */
import type { Backup } from "../contract/backups";
import { diskEndpoints, type Disk } from "../contract/disks";
import { imageEndpoints, type Image } from "../contract/images";
import { instanceEndpoints } from "../contract/instance-endpoints";
import type { Instance } from "../contract/instances";
import type { ComputeClient } from "./compute-client";
import { isNotFound } from "./errors";
import { formatDuration } from "./format-duration";
import type { Lifecycles } from "./lifecycles";
import { collect } from "./pagination";
import { sharedPoller, type Batch, type Wait } from "./poller";
import { WaitError, type WaitTarget } from "./wait-error";

export { formatDuration, WaitError, type WaitTarget };

export interface WaitOptions {
  /** Give up after this long, in ms. */
  timeoutMs: number;
  /** What set `timeoutMs`, named in the error when it runs out (`customTimeouts.create`). */
  timeoutFrom?: string;
  /** Called after every poll that did not end the wait (progress reports). */
  onPoll?: (progress: WaitProgress) => void;
  /** Delay before the first poll, in ms (default 250). */
  firstDelayMs?: number;
  /** Longest gap between two polls, in ms (default 1000). */
  maxIntervalMs?: number;
  /** Ends the wait at once when aborted (the engine cancelled the operation): a WaitError saying so. */
  signal?: AbortSignal;
}

/** The record as the answer of the operation waited on showed it, moments before the wait. */
export interface From<T> {
  current?: T;
}

export interface WaitProgress {
  /** What is waited for, e.g. `Instance 12 to be running`. */
  what: string;
  elapsedMs: number;
  /** The record's state at the last poll, e.g. `provisioning`, or `gone`. */
  state: string;
  polls: number;
}

/** What a wait waits for. `record` is undefined once the API answers 404. */
export interface Goal<T> {
  /** For messages: `running`, `available`, `gone`. */
  name: string;
  reached(record: T | undefined): boolean;
  /** Why the goal can no longer be reached, if so (the wait then stops at once). */
  unreachable?(record: T | undefined): string | undefined;
  /** The record's state for messages (default: its `status`). */
  describe?(record: T | undefined): string;
}

/** Sleeps `ms`, or less when the signal aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

function defaultDescribe(record: unknown): string {
  if (record === undefined) return "gone";
  const status = (record as { status?: unknown }).status;
  return typeof status === "string" ? status : "present";
}

/** A wait that knows when its change is due reads this long after, to be sure to see it. */
const DUE_MARGIN_MS = 25;
/** A lifecycle's window wider than this is narrowed by a read in its middle. */
const PROBE_WIDTH_MS = 100;
/** How often a wait sleeping until its change is due looks at the window again. */
const RECHECK_MS = 100;
/** How long into a wait reads with nothing learned stay at most `EARLY_INTERVAL_MS` apart. */
const EARLY_MS = 10_000;
const EARLY_INTERVAL_MS = 500;

/**
 * Polls `fetch` (undefined = the record is gone) until `goal` is reached; returns the last
 * record. Throws `WaitError` at the deadline or when the goal becomes unreachable; errors of
 * `fetch` itself (after the client's own retries) end the wait as they are.
 *
 * The first read is at once (the goal may be reached already), unless the caller passes the record
 * the operation just answered (`current`) short of the goal. With `lifecycles`, the state that
 * record or the first read shows names the lifecycle under way (`Instance provisioning → running`):
 * when its duration is known, the next read is when it is due; else the gap grows from
 * `firstDelayMs` to `maxIntervalMs`.
 * A wait that sees the goal reached tells `lifecycles` when that happened. `fetch` is told which
 * reads are urgent (the first, and the one when the change is due): a shared poller sends those
 * without waiting for its next tick. `due` is told, while the wait sleeps until its change is due,
 * when that read will be: a shared poller holds a tick for it when it follows closely.
 */
export async function waitFor<T>(
  target: WaitTarget,
  fetch: (urgent: boolean) => Promise<T | undefined>,
  goal: Goal<T>,
  options: WaitOptions & From<T>,
  lifecycles?: Lifecycles,
  due?: Pick<Wait, "dueAt">,
): Promise<T | undefined> {
  const started = Date.now();
  const since = () => Date.now() - started;
  const maxInterval = options.maxIntervalMs ?? 1000;
  let interval = Math.min(options.firstDelayMs ?? 250, maxInterval);
  const describe = goal.describe ?? defaultDescribe;
  let lifecycle: string | undefined;
  /** When the last read that did not see the goal was asked for (ms into the wait). */
  let missed = 0;
  /** Reads planned from the lifecycle's window so far: a probe inside a wide one, then the sure one. */
  let dueReads = 0;
  const left = () => Math.max(0, options.timeoutMs - since());
  /** Sleeps until the next read: when the lifecycle's change is due (`lifecycles.ts`), else after
   * the growing interval. True when the read is a due one. The window is looked at again while
   * sleeping: other waits on the same lifecycle narrow it meanwhile. */
  const pause = async () => {
    for (;;) {
      const window = dueReads < 2 && lifecycle !== undefined ? lifecycles?.expected(lifecycle) : undefined;
      if (!window) {
        await sleep(Math.min(interval, left()), options.signal);
        // Early in a wait, lifecycles the process knows nothing of end often (a disk, a boot:
        // seconds): a lone wait reads every half second there, then every `maxIntervalMs`.
        const cap = since() < EARLY_MS ? Math.min(EARLY_INTERVAL_MS, maxInterval) : maxInterval;
        interval = Math.min(cap, interval * 2);
        return false;
      }
      // A window wider than PROBE_WIDTH_MS is narrowed by a read in its middle (seen: it ends
      // sooner; not seen: after), then the read at its end is sure to see the change.
      const probe =
        dueReads === 0 && window.by - window.after > PROBE_WIDTH_MS
          ? (window.after + window.by) / 2
          : undefined;
      const wait = (probe ?? window.by + DUE_MARGIN_MS) - since();
      if (wait <= 0 || left() === 0) {
        dueReads = probe === undefined ? 2 : 1;
        return true;
      }
      due?.dueAt(Date.now() + Math.min(wait, left()));
      await sleep(Math.min(wait, RECHECK_MS, left()), options.signal);
    }
  };
  // The first read, and the one when the change is due, do not wait for a shared tick.
  let urgent = true;
  const from = options.current;
  if (from !== undefined && !goal.reached(from) && goal.unreachable?.(from) === undefined) {
    // The operation's answer showed, moments ago, the state its lifecycle starts in: a read at
    // once would show it again.
    lifecycle = `${target.kind} ${describe(from)} → ${goal.name}`;
    urgent = await pause();
  }
  for (let polls = 1; ; polls++) {
    const asked = since();
    const record = await fetch(urgent);
    const elapsedMs = since();
    if (goal.reached(record)) {
      if (lifecycle !== undefined) lifecycles?.observe(lifecycle, { after: missed, by: elapsedMs });
      return record;
    }
    missed = asked;
    const state = describe(record);
    if (lifecycle !== undefined) lifecycles?.notBy(lifecycle, asked);
    lifecycle ??= `${target.kind} ${state} → ${goal.name}`;
    const blocked = goal.unreachable?.(record);
    if (blocked !== undefined)
      throw new WaitError(target, goal.name, elapsedMs, state, false, { reason: blocked });
    if (elapsedMs >= options.timeoutMs)
      throw new WaitError(target, goal.name, elapsedMs, state, true, { limitFrom: options.timeoutFrom });
    options.onPoll?.({ what: `${target.kind} ${target.id} to be ${goal.name}`, elapsedMs, state, polls });
    urgent = await pause();
    if (options.signal?.aborted) {
      throw new WaitError(target, goal.name, since(), state, false, {
        reason: "the operation was cancelled",
      });
    }
  }
}

/** `fetch` that answers undefined on 404. */
export async function orGone<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** A goal on a record's status; reaching a 404 makes it unreachable. */
export function status<T extends { status: string }>(
  wanted: T["status"] | T["status"][],
  options: { failed?: T["status"][] } = {},
): Goal<T> {
  const wants = Array.isArray(wanted) ? wanted : [wanted];
  return {
    name: wants.join(" or "),
    reached: (r) => r !== undefined && wants.includes(r.status),
    unreachable: (r) =>
      r === undefined
        ? "it was deleted"
        : options.failed?.includes(r.status)
          ? `it is ${r.status}`
          : undefined,
  };
}

/** The goal of a delete: the API answers 404. */
export function gone<T>(): Goal<T> {
  return { name: "gone", reached: (r) => r === undefined };
}

/** A goal from a predicate, for conditions other than a status. */
export function when<T>(name: string, reached: (record: T) => boolean): Goal<T> {
  return {
    name,
    reached: (r) => r !== undefined && reached(r),
    unreachable: (r) => (r === undefined ? "it was deleted" : undefined),
  };
}

/** A thin waiter: one record kind, read by its ID (404: gone), through the process's poller when
 * the kind can be listed (`poller.ts`). */
async function waitOn<T>(
  client: ComputeClient,
  target: WaitTarget,
  read: Batch<T> | (() => Promise<T>),
  goal: Goal<T>,
  options: WaitOptions & From<T>,
) {
  const poller = sharedPoller(client.account);
  if (typeof read === "function")
    return waitFor(target, () => orGone(read), goal, options, poller.lifecycles);
  const wait = poller.begin(read);
  try {
    const fetch = (urgent: boolean) => {
      wait.dueAt(undefined);
      return poller.read(read, String(target.id), urgent ? 0 : options.maxIntervalMs);
    };
    return await waitFor(target, fetch, goal, options, poller.lifecycles, wait);
  } finally {
    wait.end();
  }
}

/** Instances: waits on several share one list request (`X-Filter` `+or` on their IDs). */
const instances = (client: ComputeClient): Batch<Instance> => ({
  key: "Instance",
  one: (id) => orGone(() => client.api.getInstance({ params: { computeId: Number(id) } })),
  list: (ids) =>
    collect(
      client.each(instanceEndpoints.listInstances, {
        filter: { "+or": ids.map((id) => ({ id: Number(id) })) },
      }),
    ),
  idOf: (instance) => String(instance.id),
});

export const waitForInstance = (
  client: ComputeClient,
  computeId: number,
  goal: Goal<Instance>,
  options: WaitOptions & From<Instance>,
) => waitOn(client, { kind: "Instance", id: computeId }, instances(client), goal, options);

/**
 * The instance as the API holds it now: a read on the process's poller, which shares its list
 * request with the waits and reads of other instances asked at about the same moment (alone, it is
 * a GET by ID). An instance the list lacks is read by ID, so that the API's 404 says it is gone.
 * With `maxAgeMs` (a check, which takes any read of its window), a read of the poller's at most
 * that old serves instead.
 */
export async function readInstance(
  client: ComputeClient,
  computeId: number,
  { maxAgeMs }: { maxAgeMs?: number } = {},
): Promise<Instance> {
  const poller = sharedPoller(client.account);
  const batch = instances(client);
  const seen = maxAgeMs === undefined ? undefined : poller.recent(batch, String(computeId), maxAgeMs);
  if (seen) return seen;
  const wait = poller.begin(batch);
  try {
    return (
      (await poller.read(batch, String(computeId), 0)) ??
      (await client.api.getInstance({ params: { computeId } }))
    );
  } finally {
    wait.end();
  }
}

export const waitForDisk = (
  client: ComputeClient,
  computeId: number,
  diskId: number,
  goal: Goal<Disk>,
  options: WaitOptions & From<Disk>,
) =>
  waitOn(
    client,
    { kind: "InstanceDisk", id: diskId },
    {
      // The instance's disks: one list request serves every wait on them.
      key: `InstanceDisk of ${computeId}`,
      one: (id) => orGone(() => client.api.getDisk({ params: { computeId, diskId: Number(id) } })),
      list: () => collect(client.each(diskEndpoints.listDisks, { params: { computeId } })),
      idOf: (disk) => String(disk.id),
    },
    goal,
    options,
  );

export const waitForImage = (
  client: ComputeClient,
  imageId: string,
  goal: Goal<Image>,
  options: WaitOptions & From<Image>,
) => {
  const one = () => client.api.getImage({ params: { imageId } });
  // Images waited on are private (captures, uploads): one list of them serves every wait.
  const batch: Batch<Image> = {
    key: "Image",
    one: (id) => orGone(() => client.api.getImage({ params: { imageId: id } })),
    list: () => collect(client.each(imageEndpoints.listImages, { filter: { is_public: false } })),
    idOf: (image) => image.id,
  };
  return waitOn(
    client,
    { kind: "Image", id: imageId },
    imageId.startsWith("private/") ? batch : one,
    goal,
    options,
  );
};

export const waitForBackup = (
  client: ComputeClient,
  computeId: number,
  backupId: number,
  goal: Goal<Backup>,
  options: WaitOptions & From<Backup>,
) =>
  waitOn(
    client,
    { kind: "Snapshot", id: backupId },
    () => client.api.getBackup({ params: { computeId, backupId } }),
    goal,
    options,
  );
