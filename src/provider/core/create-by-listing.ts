/**
 * Creates of objects that nothing unique identifies (disks and configs of an instance: the API lets
 * two share a label), so a spec's `find` cannot tell one a lost create made from one that was there
 * before. The create lists its parent's objects before each POST instead: when the answer is lost,
 * the one new object that matches the inputs is what it made and is adopted; none means the API did
 * not act, and the POST is sent again (a bounded number of times); several is an error. The listing
 * is also kept in the journal of creates in flight, for the next run if this one is interrupted.
 * Where the POST marks the object (`carries`, `stack-marks.ts`), the object of the parent that
 * carries this resource's mark is what an interrupted create made, on any machine; then the
 * journal's listing alone adopts nothing (another machine may have settled that create since).
 */
import { isOutcomeUnknown } from "../../client/errors";
import { MAX_CREATE_ATTEMPTS } from "./create-or-adopt";
import { adoptedAfterInterruption, readEntry, removeEntry, writeEntry } from "./create-journal";
import { messageOf, ProviderError } from "./errors";
import type { OperationContext } from "./resource-spec";

export interface ListedCreate<R extends { id: number }> {
  /** The resource kind, for errors: `InstanceDisk create: ...`. */
  kind: string;
  /** For messages: `InstanceDisk data on Instance 12`. */
  what: string;
  /** The parent's objects of this kind, now. */
  list(): Promise<R[]>;
  post(): Promise<R>;
  /** Whether a new object is one this create would have made. */
  matches(record: R): boolean;
  /** Whether an object carries this create's mark; absent when the create makes none. */
  carries?(record: R): boolean;
  /** The object as `matches` reads it: without the mark (which may be in a field it compares). */
  unmarked?(record: R): R;
}

/** Whether an object, its mark left out, is one this create would have made. */
const alike = <R extends { id: number }>(create: ListedCreate<R>, record: R) =>
  create.matches(create.unmarked ? create.unmarked(record) : record);

export async function createByListing<R extends { id: number }>(
  create: ListedCreate<R>,
  ctx: Pick<OperationContext, "log" | "journal">,
): Promise<R> {
  // An earlier run's create of this resource, interrupted after its POST marked the object: the
  // one object carrying the mark is what it made.
  const first = create.carries ? await create.list() : undefined;
  const marked = first && markedBefore(create, first);
  if (marked) {
    ctx.log(
      adoptedAfterInterruption(
        `${create.what}: an interrupted \`pulumi up\` had created it (${marked.id}, carrying this resource's mark); adopted`,
      ),
    );
    return marked;
  }
  // Interrupted after its listing (unmarked): the one new object with these inputs is what its POST made.
  const earlier = create.carries ? undefined : (await readEntry(ctx.journal))?.before;
  if (earlier) {
    const made = await madeSince(create, new Set(earlier));
    if (made) {
      ctx.log(
        adoptedAfterInterruption(
          `${create.what}: an interrupted \`pulumi up\` had created it (${made.id}); adopted`,
        ),
      );
      return made;
    }
  }
  try {
    const { made, listed } = await postListed(create, ctx, first);
    if (!earlier && ctx.journal) namePossibleLeftovers(create, made, listed, ctx);
    return made;
  } catch (err) {
    await removeEntry(ctx.journal);
    throw err;
  }
}

/**
 * Without a journal entry (a fresh machine, a deleted home), an interrupted create of this resource
 * cannot be told from objects that were there before: the ones that matched these inputs before the
 * POST are named, never adopted or deleted, so that the user can remove what was left over.
 */
function namePossibleLeftovers<R extends { id: number }>(
  create: ListedCreate<R>,
  made: R,
  listed: R[],
  ctx: Pick<OperationContext, "log">,
) {
  const same = listed.filter((r) => r.id !== made.id && alike(create, r));
  if (same.length === 0) return;
  ctx.log(
    `${create.what}: created ${made.id}; ${same.map((r) => r.id).join(", ")} matched these inputs already, ` +
      "and no interrupted run of this resource is recorded on this machine: one an interrupted " +
      "`pulumi up` made elsewhere is left over; delete it if no one uses it",
  );
}

/** The object an interrupted create of this resource made and marked, adopted; an error when it
 * differs from the inputs or several carry the mark. */
function markedBefore<R extends { id: number }>(create: ListedCreate<R>, listed: R[]) {
  const marked = listed.filter((r) => create.carries!(r));
  if (marked.length > 1) {
    throw new ProviderError(
      `${create.kind} create: ${create.what}: ${marked.length} objects carry this resource's mark ` +
        `(${marked.map((r) => r.id).join(", ")}); delete all but one and run \`pulumi up\` again`,
    );
  }
  const [made] = marked;
  if (made && !alike(create, made)) {
    throw new ProviderError(
      `${create.kind} create: ${create.what}: ${made.id} carries this resource's mark (an interrupted ` +
        `\`pulumi up\` made it) but does not match its inputs; delete ${made.id} and run \`pulumi up\` again`,
    );
  }
  return made;
}

/** The one new object (not in `before`) that matches the inputs; an error when several do. */
async function madeSince<R extends { id: number }>(create: ListedCreate<R>, before: Set<number>) {
  const made = (await create.list()).filter((r) => !before.has(r.id) && alike(create, r));
  if (made.length > 1) {
    throw new ProviderError(
      `${create.kind} create: ${create.what}: the create's answer was lost, and ${made.length} new objects match ` +
        `(${made.map((r) => r.id).join(", ")}); give each a distinct label so that its create can be found`,
    );
  }
  return made[0];
}

async function postListed<R extends { id: number }>(
  create: ListedCreate<R>,
  ctx: Pick<OperationContext, "log" | "journal">,
  first?: R[],
): Promise<{ made: R; listed: R[] }> {
  for (let attempt = 1; ; attempt++) {
    const listed = (attempt === 1 && first) || (await create.list());
    const before = listed.map((r) => r.id);
    await writeEntry(ctx.journal, { kind: create.kind, before });
    try {
      return { made: await create.post(), listed };
    } catch (err) {
      if (!isOutcomeUnknown(err)) throw err;
      const made = await madeSince(create, new Set(before));
      if (made) {
        ctx.log(
          `${create.what}: the create's answer was lost, but the API had created it (${made.id}); adopted`,
        );
        return { made, listed };
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new ProviderError(
          `${create.kind} create: ${create.what}: no answer after ${attempt} attempts, and nothing was created: ${messageOf(err)}`,
        );
      }
      ctx.log(`${create.what}: the create's answer was lost and nothing was created; creating again`);
    }
  }
}
