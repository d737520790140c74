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
 */

/** How long a listing answers reads, in ms. */
export const LISTING_MAX_AGE_MS = 30_000;

interface Kept {
  started: number;
  records: Promise<readonly unknown[] | undefined>;
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
    if (kept && this.now() - kept.started <= this.maxAgeMs)
      return kept.records as Promise<readonly R[] | undefined>;
    const records = list().then(
      (all) => all,
      () => {
        // Failed: the next read lists again rather than trusting nothing.
        if (this.kept.get(path) === entry) this.kept.delete(path);
        return undefined;
      },
    );
    const entry: Kept = { started: this.now(), records };
    this.kept.set(path, entry);
    return records;
  }

  /** A write to `path` was sent or answered: the listings it may change answer no more reads. */
  wrote(path: string): void {
    for (const listed of this.kept.keys())
      if (within(path, listed) || within(listed, path)) this.kept.delete(listed);
  }

  /** The list paths whose listings answer reads now (for tests and diagnostics). */
  paths(): string[] {
    return [...this.kept.keys()];
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
