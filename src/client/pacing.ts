/**
 * The pacer in the client's HTTP stack: one pacer per process for each base URL and token (every
 * client made for them shares it, as the API counts per token), asked before every attempt of a
 * call and told every answer. Each call carries a `PacedCall`: its class (the endpoint), its
 * deadline, and what the retry rules count.
 */
import { createHash } from "node:crypto";
import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import { Pacer, type Pass } from "./pacer";
import { readRateAnswer, type HeaderValues } from "./rate-headers";

declare module "axios" {
  interface AxiosRequestConfig {
    /** The call this request is an attempt of (the client's pacing and retries). */
    paced?: PacedCall;
  }
}

export class PacedCall {
  /** Retries so far after a failure other than throttling. */
  retries = 0;
  /** Retries so far after a 429. */
  throttled = 0;
  /** A 429 was not retried: the deadline came, or the class reopens after it. */
  outOfTime = false;
  /** The attempt in flight. */
  pass: Pass | undefined;
  /** When the last attempt went out, once the pacer let it through (ms since the epoch). */
  sentAt: number | undefined;
  /** A "busy" refusal is retried (with backoff); else it comes back to a caller that waits on what
   * holds the instance. */
  retryBusy = true;

  constructor(
    /** The endpoint, `POST /compute/instances`. */
    readonly cls: string,
    /** Throttled attempts are retried until then (ms since the epoch). */
    readonly deadline: number,
    readonly since: number = Date.now(),
  ) {}
}

const pacers = new Map<string, Pacer>();

/** One API account as this process knows it: the base URL and a digest of the token (never the token). */
export function accountKey(baseUrl: string, token: string | undefined): string {
  const digest = token === undefined ? "" : createHash("sha256").update(token).digest("hex");
  return `${baseUrl.replace(/\/+$/, "")}\n${digest}`;
}

/** The process's pacer for a base URL and token. */
export function sharedPacer(baseUrl: string, token: string | undefined): Pacer {
  const key = accountKey(baseUrl, token);
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = new Pacer()));
  return pacer;
}

function settle(
  pacer: Pacer,
  config: InternalAxiosRequestConfig | undefined,
  status?: number,
  headers?: HeaderValues,
) {
  const call = config?.paced;
  const pass = call?.pass;
  if (!call || !pass) return;
  call.pass = undefined;
  pacer.settle(pass, status === undefined ? undefined : readRateAnswer(status, headers ?? {}, Date.now()));
}

/** Install before the retries: the pacer hears of an answer before a retry is decided. */
export function installPacing(http: AxiosInstance, pacer: Pacer): void {
  http.interceptors.request.use(async (config) => {
    const call = config.paced;
    if (call) {
      call.pass = await pacer.acquire(call.cls, call.deadline, call.since);
      call.sentAt = Date.now();
    }
    return config;
  });
  http.interceptors.response.use(
    (response) => {
      settle(pacer, response.config, response.status, response.headers as HeaderValues);
      return response;
    },
    (error: unknown) => {
      if (isAxiosError(error)) {
        settle(pacer, error.config, error.response?.status, error.response?.headers as HeaderValues);
      }
      return Promise.reject(error);
    },
  );
}
