/**
 * Action POSTs (boot, shut down, resize, enable backups, ...) whose answer may be lost. A POST is
 * never repeated blindly: when its outcome is unknown, `happened` reads back whether the API took
 * the action (a status on its way, a changed field); only if it did not is the POST sent again, a
 * bounded number of times.
 */
import { isOutcomeUnknown } from "../../client/errors";
import { messageOf, ProviderError } from "./errors";
import type { OperationContext } from "./resource-spec";

export const MAX_ACTION_ATTEMPTS = 3;

export interface Action {
  /** For messages: `Instance 12: boot`. */
  name: string;
  post(): Promise<unknown>;
  /** Whether the action took effect, read back from the API. */
  happened(): Promise<boolean>;
}

export async function act(action: Action, ctx: Pick<OperationContext, "log">): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await action.post();
      return;
    } catch (err) {
      if (!isOutcomeUnknown(err)) throw err;
      if (await action.happened()) {
        ctx.log(`${action.name}: the answer was lost, but the API had acted`);
        return;
      }
      if (attempt >= MAX_ACTION_ATTEMPTS) {
        throw new ProviderError(
          `${action.name}: no answer after ${attempt} attempts, and the API did not act: ${messageOf(err)}`,
        );
      }
      ctx.log(`${action.name}: the answer was lost and the API did not act; sending it again`);
    }
  }
}
