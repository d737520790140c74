/**
 * What happens to an API request before the router sees it, in this order: the fault profile's
 * latency and dropped connections, the rate limits, queued faults, then the profile's throttling
 * (429), random errors and lost answers. A lost answer is only decided here, so it is drawn in
 * request order with the other draws; the server applies it after the work is done.
 */
import { RATE_LIMITED_REASON, type Endpoint } from "../contract";
import { ApiError } from "./api-error";
import type { Faults } from "./faults";
import type { RateLimiter } from "./rate-limit";
import type { Store } from "./store";

export interface AdmissionWorld {
  faults: Faults;
  limits: RateLimiter;
  store: Store;
  /** The endpoint a request reaches, if any. */
  match(method: string, path: string): Endpoint | undefined;
}

export interface ApiRequestHead {
  method: string;
  /** Path below /v4. */
  path: string;
  authorization: string | undefined;
  remoteAddress: string | undefined;
}

/** The answer that replaces the API's own once the request has been carried out. */
export interface LostAnswer {
  /** 0: destroy the connection without an answer. */
  status: number;
  reason: string;
  headers: Record<string, string>;
}

export interface Admission {
  /** Destroy the connection without an answer. */
  drop: boolean;
  /** Headers for whatever the request is answered with (rate-limit state). */
  headers: Record<string, string>;
  /** Carry the request out, then answer this instead of the API's answer (success or error). */
  lost?: LostAnswer;
}

const REASONS: Record<number, string> = {
  429: RATE_LIMITED_REASON,
  500: "Internal server error (injected fault)",
  502: "Bad gateway (injected fault)",
  503: "Service unavailable (injected fault)",
  504: "Gateway timeout (injected fault)",
};

const reasonFor = (status: number) => REASONS[status] ?? `Injected fault (HTTP ${status})`;

/** Rate limits count per token; calls without a valid token count per IP, as on the real API. */
export function callerKey(
  store: Store,
  authorization: string | undefined,
  remoteAddress: string | undefined,
) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  const token = bearer === undefined ? undefined : store.table("tokens").find((t) => t.token === bearer);
  return token ? `token:${token.id}` : `ip:${remoteAddress ?? "unknown"}`;
}

/** Admits the request, or throws the ApiError to answer instead (429, an injected status). */
export async function admit(world: AdmissionWorld, req: ApiRequestHead): Promise<Admission> {
  const decision = world.faults.decide(req.method, req.path);
  if (decision?.delayMs) await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
  if (decision?.drop) return { drop: true, headers: {} };

  const headers = world.limits.current.enabled
    ? world.limits.check(
        callerKey(world.store, req.authorization, req.remoteAddress),
        world.match(req.method, req.path),
      )
    : {};

  // A queued fault overrides the profile's throttling, errors and lost answers for its request.
  const queued = world.faults.take(req.method, req.path);
  if (queued) {
    const reason = queued.reason ?? reasonFor(queued.status);
    const answerHeaders = { ...headers };
    if (queued.retry_after !== undefined) answerHeaders["Retry-After"] = String(queued.retry_after);
    if (queued.lost)
      return { drop: false, headers, lost: { status: queued.status, reason, headers: answerHeaders } };
    if (queued.status === 0) return { drop: true, headers };
    throw new ApiError(queued.status, [{ reason }], answerHeaders);
  }
  if (decision?.throttleRetryAfter !== undefined) {
    const retryAfter = { "Retry-After": String(decision.throttleRetryAfter) };
    throw new ApiError(429, [{ reason: RATE_LIMITED_REASON }], { ...headers, ...retryAfter });
  }
  if (decision?.status)
    throw new ApiError(decision.status, [{ reason: reasonFor(decision.status) }], headers);
  if (decision?.lost !== undefined) {
    const lost = { status: decision.lost, reason: reasonFor(decision.lost), headers };
    return { drop: false, headers, lost };
  }
  return { drop: false, headers };
}
