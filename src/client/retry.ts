/**
 * When and how long to retry. 429 for every method, since the API did not act: without a count
 * limit, until the call's deadline, the pacer holding the retry (and every request of its class)
 * until the window reopens. The "busy" 400 for every method, and for idempotent methods (GET, PUT,
 * DELETE) also 500, 502, 503 (not during maintenance), 504, 408, timeouts and network errors:
 * repeating them is safe even when the API acted. A POST is never repeated on those: its outcome
 * is unknown, and the caller must find out what happened (`isOutcomeUnknown`). Those retries are
 * counted (`retries`), with exponential backoff and jitter, capped.
 */
import type { AxiosError } from "axios";
import axiosRetry, { isNetworkError, retryAfter } from "axios-retry";
import type { AxiosInstance } from "axios";
import { INSTANCE_BUSY_REASON } from "../contract/errors";
import type { Pacer } from "./pacer";

const IDEMPOTENT = new Set(["get", "head", "options", "put", "delete"]);
/** Server errors that may be transient: the request can be repeated when that is safe. */
const TRANSIENT_STATUSES = new Set([408, 500, 502, 503, 504]);
/** Network error codes raised before the request left: the API cannot have acted. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ERR_INVALID_URL"]);

export interface RetryPolicy {
  /** Retries after the first attempt for failures other than throttling (default 6). */
  retries: number;
  /** First backoff step in ms (default 300). */
  baseDelayMs: number;
  /** Longest single backoff in ms, Retry-After included (default 30 000); a 429's wait is the pacer's. */
  maxDelayMs: number;
  /**
   * How long a call retries 429s when it has no deadline of its own (`withDeadline`), in ms
   * (default 15 min, the create timeout; 0: a 429 fails at once).
   */
  throttleTimeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 6,
  baseDelayMs: 300,
  maxDelayMs: 30_000,
  throttleTimeoutMs: 15 * 60_000,
};

function isBusy(error: AxiosError): boolean {
  const data = error.response?.data as { errors?: { reason?: string }[] } | undefined;
  return (
    error.response?.status === 400 && (data?.errors ?? []).some((e) => e.reason === INSTANCE_BUSY_REASON)
  );
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

function backoff(policy: RetryPolicy, attempt: number): number {
  return policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
}

export function retryDelay(policy: RetryPolicy, attempt: number, error: AxiosError): number {
  return Math.min(policy.maxDelayMs, Math.max(retryAfter(error), backoff(policy, attempt)));
}

const isThrottled = (error: AxiosError) => error.response?.status === 429;

/** Whether to retry, counting on the call: a 429 while its class reopens by the call's deadline,
 * other failures `shouldRetry` allows `policy.retries` times. */
export function mayRetry(policy: RetryPolicy, pacer: Pacer, error: AxiosError, now = Date.now()): boolean {
  const call = error.config?.paced;
  if (!call || !shouldRetry(error)) return false;
  if (!call.retryBusy && isBusy(error)) return false;
  if (isThrottled(error)) {
    call.outOfTime = now >= call.deadline || pacer.reopensAt(call.cls) > call.deadline;
    if (call.outOfTime) return false;
    call.throttled += 1;
    return true;
  }
  if (call.retries >= policy.retries) return false;
  call.retries += 1;
  return true;
}

/** A 429 whose class the pacer holds goes at once into the pacer's queue; without a window to
 * wait for (no Retry-After), it backs off. */
function delayBeforeRetry(policy: RetryPolicy, pacer: Pacer, error: AxiosError): number {
  const call = error.config!.paced!;
  if (!isThrottled(error)) return retryDelay(policy, call.retries, error);
  return pacer.reopensAt(call.cls) ? 0 : Math.min(policy.maxDelayMs, backoff(policy, call.throttled));
}

export function installRetries(http: AxiosInstance, policy: RetryPolicy, pacer: Pacer): void {
  axiosRetry(http, {
    // Counted per kind of failure on the call (mayRetry).
    retries: Number.POSITIVE_INFINITY,
    retryCondition: (error) => mayRetry(policy, pacer, error),
    retryDelay: (_retries, error) => delayBeforeRetry(policy, pacer, error),
    shouldResetTimeout: true,
  });
}
