/**
 * When and how long to retry: 429 (honouring Retry-After) and the "busy" 400 for every method,
 * since the API did not act on them; 503 (not during maintenance), 408 and network errors for
 * idempotent methods only. Exponential backoff with jitter, capped, within a bounded budget.
 */
import type { AxiosError } from "axios";
import axiosRetry, { isNetworkError, retryAfter } from "axios-retry";
import type { AxiosInstance } from "axios";

export const BUSY_REASON = "Compute instance busy.";
const IDEMPOTENT = new Set(["get", "head", "options", "put", "delete"]);

export interface RetryPolicy {
  /** Retries after the first attempt (default 5). */
  retries: number;
  /** First backoff step in ms (default 500). */
  baseDelayMs: number;
  /** Longest single wait in ms, Retry-After included (default 30 000). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

function isBusy(error: AxiosError): boolean {
  const data = error.response?.data as { errors?: { reason?: string }[] } | undefined;
  return error.response?.status === 400 && (data?.errors ?? []).some((e) => e.reason === BUSY_REASON);
}

export function shouldRetry(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status === 429 || isBusy(error)) return true;
  const idempotent = IDEMPOTENT.has((error.config?.method ?? "get").toLowerCase());
  if (!idempotent) return false;
  if (status === 503) return error.response?.headers["x-maintenance-mode"] === undefined;
  if (status === 408) return true;
  return (
    !error.response && (isNetworkError(error) || error.code === "ECONNABORTED" || error.code === "ETIMEDOUT")
  );
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
