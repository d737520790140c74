/**
 * Reads by listing. A refresh or an import reads each resource by its ID: 600 resources, 600 GETs.
 * A listing of the kind (`GET /vpcs`, in pages of 500) holds them all, so the reads of one list path
 * in a process (one `pulumi` command) share one: the first read lists, the reads that come while it
 * is out wait for it, and later reads are answered from it.
 *
 * A listing answers reads until the process writes under its path (a POST, PUT or DELETE whose path
 * and the listing's are one within the other: `/vpcs/7/subnets` and `/vpcs`), when the write is sent
 * and again when it is answered, and for `maxAgeMs` at most (30 s): never from before a write this
 * process made, and never older than the command it serves. A listing that fails answers no read:
 * each reads its record by ID instead.
 *
 * The checks of new resources read listings too (`recent`): which labels are taken, which ranges a
 * VPC's subnets hold. They take any listing started within their own window, whatever this process
 * wrote since (what it writes, it declared: the checks count the program's resources apart), and a
 * create's answer that carries its children is such a listing (`seed`: a new VPC's `subnets`).
 *
 * A create's proof of what its parent held before its POST (`create-by-listing.ts`) takes a listing
 * started within a short window that this process has not written under since (`fresh`): the
 * checks' of the same parent, or what the last create under it left (its own proof and its answer,
 * `seed` with `forReads: false`, which reads by ID never take: its records' states are not read).
 */

/** How long a listing answers reads, in ms. */
export const LISTING_MAX_AGE_MS = 30_000;

/** A listing and when it was started: what its records say held then (or later). */
export interface Listing<R> {
  at: number;
  records: readonly R[];
}

interface Kept {
  started: number;
  records: Promise<readonly unknown[] | undefined>;
  /** Whether it holds every record of the path (a check's listing may stop at its pages). */
  complete: boolean;
  /** Whether this process wrote under its path since it was started. */
  written: boolean;
}

export class ListingReads {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly maxAgeMs = LISTING_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The records of the list at `path`: the process's current listing of it, or a new one made with
   * `list`. Undefined when the listing failed (its error is not the reader's: it reads by ID).
   */
  records<R>(path: string, list: () => Promise<readonly R[]>): Promise<readonly R[] | undefined> {
    const kept = this.kept.get(path);
    if (kept && this.answersReads(kept)) return kept.records as Promise<readonly R[] | undefined>;
    return this.start(path, list, true).records as Promise<readonly R[] | undefined>;
  }

  /**
   * For a check: a listing of `path` started at most `maxAgeMs` ago, whatever this process wrote
   * since, or else a new one made with `list` (which gives undefined when the path holds too many
   * records to list); without `list`, undefined. Undefined too when the listing failed.
   */
  async recent<R>(
    path: string,
    maxAgeMs: number,
    list?: () => Promise<readonly R[] | undefined>,
  ): Promise<Listing<R> | undefined> {
    let kept = this.kept.get(path);
    if (!kept || this.now() - kept.started > maxAgeMs) {
      if (!list) return undefined;
      kept = this.start(path, list, false);
    }
    const records = (await kept.records) as readonly R[] | undefined;
    return records && { at: kept.started, records };
  }

  /**
   * For a create's proof: a listing of `path` started at most `maxAgeMs` ago that this process has
   * not written under since, or else a new one made with `list`. Undefined when the listing failed.
   */
  async fresh<R>(
    path: string,
    maxAgeMs: number,
    list: () => Promise<readonly R[]>,
  ): Promise<Listing<R> | undefined> {
    let kept = this.kept.get(path);
    if (!kept || kept.written || this.now() - kept.started > maxAgeMs) kept = this.start(path, list, true);
    const records = (await kept.records) as readonly R[] | undefined;
    return records && { at: kept.started, records };
  }

  /** What a create's answer says the path holds (a new VPC's subnets), as a listing started `at`;
   * with `forReads: false`, for checks and proofs only (`recent`, `fresh`), never for reads. */
  seed<R>(path: string, records: readonly R[], at: number, { forReads = true } = {}): void {
    this.kept.set(path, {
      started: at,
      records: Promise.resolve(records),
      complete: forReads,
      written: false,
    });
  }

  /** A write to `path` was sent or answered: the listings it may change answer no more reads. */
  wrote(path: string): void {
    const now = this.now();
    for (const [listed, kept] of this.kept) {
      if (now - kept.started > this.maxAgeMs) this.kept.delete(listed);
      else if (within(path, listed) || within(listed, path)) kept.written = true;
    }
  }

  /** The list paths whose listings answer reads now (for tests and diagnostics). */
  paths(): string[] {
    return [...this.kept].filter(([, kept]) => this.answersReads(kept)).map(([path]) => path);
  }

  private answersReads(kept: Kept): boolean {
    return kept.complete && !kept.written && this.now() - kept.started <= this.maxAgeMs;
  }

  private start<R>(path: string, list: () => Promise<readonly R[] | undefined>, complete: boolean): Kept {
    const entry: Kept = {
      started: this.now(),
      records: Promise.resolve(undefined),
      complete,
      written: false,
    };
    entry.records = list().then(
      (all) => {
        if (all) entry.complete = true;
        else if (this.kept.get(path) === entry) this.kept.delete(path);
        return all;
      },
      () => {
        // Failed: the next read lists again rather than trusting nothing.
        if (this.kept.get(path) === entry) this.kept.delete(path);
        return undefined;
      },
    );
    this.kept.set(path, entry);
    return entry;
  }
}

/** Whether `path` is `parent` or under it (`/vpcs/7` under `/vpcs`, not `/vpcsx`). */
const within = (path: string, parent: string): boolean => path === parent || path.startsWith(`${parent}/`);

const shared = new Map<string, ListingReads>();

/** The process's listing reads for an API account (`ComputeClient.account`). */
export function sharedListingReads(account: string): ListingReads {
  let reads = shared.get(account);
  if (!reads) shared.set(account, (reads = new ListingReads()));
  return reads;
}

/** Tests: a new start, as of a new process (no listing kept). */
export function forgetListingReads(): void {
  shared.clear();
}
