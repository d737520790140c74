/**
 * Objects an interrupted create made that cannot be adopted, because only the create's answer held
 * what makes them usable (a token's value, an image's one-time upload URL). The create listed the
 * matching objects before its POST and kept the listing in the journal of creates in flight
 * (`create-journal.ts`); the next create of the same resource removes the new ones that match.
 * Long after (another hand may have made a match meanwhile) they are named, never removed.
 */
import { readEntry } from "./create-journal";
import type { OperationContext } from "./resource-spec";

/** How recent an interrupted create must be for the matching new objects to be taken as its own. */
export const REMOVE_WITHIN_MS = 10 * 60 * 1000;

export interface UnadoptableCreate<R> {
  /** For messages: `Token ci`. */
  what: string;
  /** What the create's answer held: `whose value only its answer held`. */
  why: string;
  /** The objects that match the inputs, now. */
  list(): Promise<R[]>;
  /** The number the listing in the journal keeps for an object. */
  key(record: R): number;
  /** For messages: `12`, `private/12`. */
  name(record: R): string;
  remove(record: R): Promise<void>;
}

export async function removeInterrupted<R>(
  create: UnadoptableCreate<R>,
  ctx: Pick<OperationContext, "log" | "journal">,
): Promise<void> {
  const earlier = await readEntry(ctx.journal);
  if (!earlier?.before) return;
  const before = new Set(earlier.before);
  const orphans = (await create.list()).filter((r) => !before.has(create.key(r)));
  if (orphans.length === 0) return;
  const names = orphans.map((r) => create.name(r)).join(", ");
  if (Date.now() - Date.parse(earlier.since) > REMOVE_WITHIN_MS) {
    ctx.log(
      `${create.what}: an interrupted \`pulumi up\` may have made ${names}, ${create.why}; ` +
        "remove what no one uses",
    );
    return;
  }
  for (const orphan of orphans) await create.remove(orphan);
  ctx.log(`${create.what}: an interrupted \`pulumi up\` had made ${names}, ${create.why}; removed`);
}
