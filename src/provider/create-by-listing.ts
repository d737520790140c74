/**
 * Creates of objects that nothing unique identifies (disks and configs of an instance: the API lets
 * two share a label), so a spec's `find` cannot tell one a lost create made from one that was there
 * before. The create lists its parent's objects before each POST instead: when the answer is lost,
 * the one new object that matches the inputs is what it made and is adopted; none means the API did
 * not act, and the POST is sent again (a bounded number of times); several is an error.
 */
import { isOutcomeUnknown } from "../client/errors";
import { MAX_CREATE_ATTEMPTS } from "./create-or-adopt";
import { ProviderError } from "./errors";
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
}

export async function createByListing<R extends { id: number }>(
  create: ListedCreate<R>,
  ctx: Pick<OperationContext, "log">,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const before = new Set((await create.list()).map((r) => r.id));
    try {
      return await create.post();
    } catch (err) {
      if (!isOutcomeUnknown(err)) throw err;
      const made = (await create.list()).filter((r) => !before.has(r.id) && create.matches(r));
      if (made.length === 1) {
        ctx.log(
          `${create.what}: the create's answer was lost, but the API had created it (${made[0]!.id}); adopted`,
        );
        return made[0]!;
      }
      if (made.length > 1) {
        throw new ProviderError(
          `${create.kind} create: ${create.what}: the create's answer was lost, and ${made.length} new objects match ` +
            `(${made.map((r) => r.id).join(", ")}); give each a distinct label so that its create can be found`,
        );
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new ProviderError(
          `${create.kind} create: ${create.what}: no answer after ${attempt} attempts, and nothing was created: ${(err as Error).message}`,
        );
      }
      ctx.log(`${create.what}: the create's answer was lost and nothing was created; creating again`);
    }
  }
}
