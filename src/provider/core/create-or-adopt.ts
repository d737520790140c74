/**
 * A create that survives lost answers, and never takes what is not ours. Before the first POST the
 * unique label is looked up (`claimLabel`): an object holding it is another stack's or a person's,
 * and the create fails naming it. A POST is never repeated blindly: when its outcome is unknown (a
 * 5xx, a timeout or a reset after it was sent), the spec's `find` looks for the object it would have
 * made. Since the label was free before the POST, one found now is ours: adopted when it matches
 * the inputs, an error naming the differences otherwise. None means the API did not act, and the
 * create is tried again (a bounded number of times). A clash on a unique field with no lost answer
 * before it means someone else took the label meanwhile: an error, never an adoption.
 * Where the POST marks the object (`ctx.mark`, `stack-marks.ts`), an object holding the label that
 * carries the mark is what an interrupted create of this resource made, on any machine: adopted when
 * it matches the inputs. Then this machine's journal entry alone adopts nothing.
 */
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError, isOutcomeUnknown } from "../../client/errors";
import { adoptedAfterInterruption, readEntry, removeEntry, writeEntry } from "./create-journal";
import { diffInputs } from "./diff";
import { messageOf, ProviderError } from "./errors";
import { claimKey, claimLabel, isFreshlyFree, notOursReason } from "./label-claims";
import type { AnySpec, OperationContext, Props } from "./resource-spec";
import { carriesMark, withoutMark } from "./stack-marks";

const INTERRUPTED = "an interrupted `pulumi up` had created it";

/** Creates sent in all, when each answer is lost and nothing is found. */
export const MAX_CREATE_ATTEMPTS = 3;

function clashesOnUniqueField(spec: AnySpec, err: unknown): boolean {
  return (
    err instanceof ComputeApiError &&
    err.status === 400 &&
    err.errors.some((e) => e.field !== undefined && (spec.uniqueFields ?? []).includes(e.field))
  );
}

/** Which inputs a found object holds differently from what was asked. */
export function differences(spec: AnySpec, record: unknown, inputs: Props): string[] {
  return diffInputs(spec, spec.toOutputs(record, inputs), inputs).changed;
}

/** `Vpc 12 (net)`: log lines reach the user under the stack, not the resource, so they name it. */
function named(spec: AnySpec, inputs: Props, id?: string): string {
  const label = typeof inputs.label === "string" ? inputs.label : undefined;
  return [spec.kind, id, label && (id ? `(${label})` : label)].filter(Boolean).join(" ");
}

export async function createOrAdopt(
  spec: AnySpec,
  client: ComputeClient,
  inputs: Props,
  ctx: OperationContext,
): Promise<unknown> {
  if (!spec.find) return spec.create(client, inputs, ctx);
  // An earlier run's create of this resource, interrupted after it found the label free (this
  // machine's entry) or after its POST marked the object (any machine): what holds the label now
  // is what its POST made. With a mark, the holder must carry it. A label found free moments ago
  // (this run's check) is held by nothing an earlier run made.
  const posted = postedInputs(spec, inputs, ctx.mark);
  const key = claimKey(spec, posted);
  const marked = ctx.mark !== undefined && key !== undefined && !isFreshlyFree(key);
  if (marked || (await readEntry(ctx.journal))?.labelFree) {
    const found = await spec.find(client, posted);
    if (found !== undefined && (ctx.mark === undefined || carriesMark(spec, found, ctx.mark)))
      return adopted(spec, found, inputs, ctx, INTERRUPTED);
  }
  await claimLabel(spec, client, inputs, ctx.resource);
  if (key !== undefined) await writeEntry(ctx.journal, { kind: spec.kind, labelFree: true });
  try {
    return await sendCreate(spec, client, inputs, posted, ctx);
  } catch (err) {
    await removeEntry(ctx.journal);
    throw err;
  }
}

/** Adopts what a create of ours made (its answer lost, or its run interrupted); an error if it differs. */
function adopted(spec: AnySpec, found: unknown, inputs: Props, ctx: OperationContext, how: string): unknown {
  const id = spec.idOf(found);
  const differ = differences(spec, withoutMark(spec, found, ctx.mark), inputs);
  if (differ.length > 0) {
    throw new ProviderError(
      `${spec.kind} create: ${spec.kind} ${id} was made by this resource's create (${how}) but holds a ` +
        `different ${differ.join(", ")}; delete ${spec.kind} ${id} and run \`pulumi up\` again`,
    );
  }
  const line = `${named(spec, inputs, id)}: ${how}; adopted`;
  ctx.log(how === INTERRUPTED ? adoptedAfterInterruption(line) : line);
  return found;
}

/** The inputs as the POST sends them: with the mark, where it goes in the label (`asPosted`). */
export function postedInputs(spec: AnySpec, inputs: Props, mark: string | undefined): Props {
  return mark !== undefined && spec.marked?.asPosted ? spec.marked.asPosted(inputs, mark) : inputs;
}

/** The POST, sent again while its answer is lost and nothing was made (bounded); `posted`: the
 * inputs as it sends them (`postedInputs`). */
async function sendCreate(
  spec: AnySpec,
  client: ComputeClient,
  inputs: Props,
  posted: Props,
  ctx: OperationContext,
) {
  let answerLost = false;
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      return await spec.create(client, posted, ctx);
    } catch (err) {
      failure = err;
    }
    const lost = isOutcomeUnknown(failure);
    answerLost ||= lost;
    if (!(lost || clashesOnUniqueField(spec, failure))) throw failure;
    const found = await spec.find!(client, posted);
    if (found === undefined) {
      if (!lost) throw failure;
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new ProviderError(
          `${spec.kind} create: no answer after ${attempt} attempts, and no such object exists: ${messageOf(failure)}`,
        );
      }
      ctx.log(`${named(spec, inputs)}: the create's answer was lost and nothing was created; creating again`);
      continue;
    }
    // Free before the first POST, taken now: ours only if one of our POSTs may have taken it.
    if (!answerLost) throw new ProviderError(`${spec.kind} create: ${notOursReason(spec, inputs, found)}`);
    return adopted(spec, found, inputs, ctx, "the create's answer was lost, but the API had created it");
  }
}
