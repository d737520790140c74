/**
 * When and how long to retry. 429 (honouring Retry-After) and the "busy" 400 for every method,
 * since the API did not act on them. For idempotent methods (GET, PUT, DELETE) also 500, 502,
 * 503 (not during maintenance), 504, 408, timeouts and network errors: repeating them is safe even
 * when the API acted. A POST is never repeated on those: its outcome is unknown, and the caller
 * must find out what happened (`isOutcomeUnknown`). Exponential backoff with jitter, capped,
 * within a bounded budget.
 */
import type { AxiosError } from "axios";
import axiosRetry, { isNetworkError, retryAfter } from "axios-retry";
import type { AxiosInstance } from "axios";

export const BUSY_REASON = "Compute instance busy.";
const IDEMPOTENT = new Set(["get", "head", "options", "put", "delete"]);
/** Server errors that may be transient: the request can be repeated when that is safe. */
const TRANSIENT_STATUSES = new Set([408, 500, 502, 503, 504]);
/** Network error codes raised before the request left: the API cannot have acted. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ERR_INVALID_URL"]);

export interface RetryPolicy {
  /** Retries after the first attempt (default 6). */
  retries: number;
  /** First backoff step in ms (default 300). */
  baseDelayMs: number;
  /** Longest single wait in ms, Retry-After included (default 30 000). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 6, baseDelayMs: 300, maxDelayMs: 30_000 };

function isBusy(error: AxiosError): boolean {
  const data = error.response?.data as { errors?: { reason?: string }[] } | undefined;
  return error.response?.status === 400 && (data?.errors ?? []).some((e) => e.reason === BUSY_REASON);
}

function isMaintenance(error: AxiosError): boolean {
  return error.response?.status === 503 && error.response.headers["x-maintenance-mode"] !== undefined;
}

/** No answer arrived: a dropped connection, a reset, a timeout, or a request that never left. */
function isTransportFailure(error: AxiosError): boolean {
  return (
    !error.response &&
    (isNetworkError(error) ||
      error.code === "ECONNABORTED" ||
      error.code === "ETIMEDOUT" ||
      error.code === "ECONNRESET")
  );
}

export function shouldRetry(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status === 429 || isBusy(error)) return true;
  if (!error.response && NOT_SENT_CODES.has(error.code ?? "")) return true;
  const idempotent = IDEMPOTENT.has((error.config?.method ?? "get").toLowerCase());
  if (!idempotent) return false;
  if (status !== undefined) return TRANSIENT_STATUSES.has(status) && !isMaintenance(error);
  return isTransportFailure(error);
}

/**
 * Whether a request that failed may nevertheless have been carried out: a server error or no
 * answer after the request was sent. (429, the busy error and other 4xx say the API did not act;
 * a connection refused never reached it.)
 */
export function outcomeUnknown(status: number, code: string | undefined): boolean {
  if (status === 0) return !NOT_SENT_CODES.has(code ?? "");
  return status >= 500 || status === 408;
}

export function retryDelay(policy: RetryPolicy, attempt: number, error: AxiosError): number {
  const backoff = policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
  return Math.min(policy.maxDelayMs, Math.max(retryAfter(error), backoff));
}

export function installRetries(http: AxiosInstance, policy: RetryPolicy): void {
  axiosRetry(http, {
    retries: policy.retries,
    retryCondition: shouldRetry,
    retryDelay: (attempt, error) => retryDelay(policy, attempt, error),
    shouldResetTimeout: true,
  });
}
