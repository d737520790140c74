/**
 * Errors as the user reads them: one line, `[status] [field] reason (METHOD path)` for the API's
 * errors, the waiter's sentence for a wait, and no stack trace from inside the provider. Failures
 * after an object exists are partial failures that keep its ID in the state.
 */
import { ComputeApiError, messageOf } from "../../client/errors";
import { WaitError } from "../../client/wait-error";
import { SettingsError } from "./settings";
import { processMemory } from "./process-memory";

/** Errors whose message is already what the user should read. */
const SELF_EXPLAINING = [ComputeApiError, WaitError, SettingsError];

/**
 * The lines the dynamic-provider host would print for our errors: for a failed read, delete, check
 * or diff it logs `${err}: ${err.stack}` to stderr, which the engine shows as a second copy of an
 * error it already reports. `quietHostEcho` drops exactly those lines.
 */
const echoes = processMemory.set<string>("errors: host echoes");

/** An error the provider throws to the engine: one line, with no stack from inside the provider. */
export class ProviderError extends Error {
  override readonly name = "ProviderError";
  constructor(message: string) {
    super(oneLine(message));
    this.stack = "";
    echoes.add(`${this.message}: `);
  }

  override toString(): string {
    return this.message;
  }
}

/** A failure after the object was created: the engine keeps `id` and `properties` in the state. */
export class PartialFailure extends ProviderError {
  readonly reasons: string[];
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
  ) {
    super(message);
    this.reasons = [this.message];
  }
}

export { messageOf };

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, "; ").trim();
}

/** The message of any error, as one line; errors we do not know are named as internal. */
export function describe(err: unknown): string {
  if (err instanceof ProviderError) return err.message;
  if (SELF_EXPLAINING.some((type) => err instanceof type)) return oneLine(messageOf(err));
  if (err instanceof Error) return `internal error: ${oneLine(err.message)}`;
  return `internal error: ${oneLine(String(err))}`;
}

/** `Vpc create: [400] [label] ... (POST /vpcs)`. */
export function failure(kind: string, operation: string, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  return new ProviderError(`${kind} ${operation}: ${describe(err)}`);
}

/** In the provider process: the host's stderr echo of an error we threw is not printed again. */
export function quietHostEcho(target: Pick<Console, "error"> = console): void {
  const print = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && echoes.delete(args[0])) return;
    print(...args);
  };
}
