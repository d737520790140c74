/**
 * Errors of the client. They carry the status and the API's `{reason, field}` items and render as
 * `[status] [field] reason`; they never carry the request's headers, so no credential can reach a
 * log or an error message through them.
 */
import { INSTANCE_BUSY_REASON, type ErrorItem } from "../contract/errors";
import { outcomeUnknown } from "./retry";

export function renderItems(items: ErrorItem[]): string {
  return items.map((e) => (e.field ? `[${e.field}] ${e.reason}` : e.reason)).join("; ");
}

export class ComputeApiError extends Error {
  override readonly name = "ComputeApiError";
  constructor(
    /** HTTP status; 0 when no response arrived (network error, timeout). */
    readonly status: number,
    readonly errors: ErrorItem[],
    readonly method: string,
    readonly path: string,
    /** The network error code when no answer arrived (`ECONNRESET`, `ECONNABORTED`, ...). */
    readonly code?: string,
    /** What the client adds after the request (how long a throttled call tried). */
    detail?: string,
  ) {
    super(
      `[${status === 0 ? "network" : String(status).padStart(3, "0")}] ${renderItems(errors)} (${method} ${path})` +
        (detail ? `; ${detail}` : ""),
    );
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** The request may have been carried out although it failed (a lost answer): find out before repeating it. */
  get outcomeUnknown(): boolean {
    return outcomeUnknown(this.status, this.code);
  }

  /** The error items naming `field`. */
  forField(field: string): ErrorItem[] {
    return this.errors.filter((e) => e.field === field);
  }
}

/** The API answered something the contract does not allow. */
export class ContractViolationError extends Error {
  override readonly name = "ContractViolationError";
  constructor(method: string, path: string, detail: string) {
    super(`response of ${method} ${path} does not match the contract: ${detail}`);
  }
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ComputeApiError && err.isNotFound;
}

/** The API refused because the instance runs another action ("busy"): nothing was done. */
export function isBusy(err: unknown): boolean {
  return (
    err instanceof ComputeApiError &&
    err.status === 400 &&
    err.errors.some((e) => e.reason === INSTANCE_BUSY_REASON)
  );
}

/** A failed write whose effect may nevertheless have happened. */
export function isOutcomeUnknown(err: unknown): boolean {
  return err instanceof ComputeApiError && err.outcomeUnknown;
}

/** Any thrown value's message (a non-Error as its string). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
