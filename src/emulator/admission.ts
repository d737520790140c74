/**
 * What happens to an API request before the router sees it: the fault profile's latency and
 * dropped connections, the rate limits, queued faults, then the profile's random errors.
 */
import type { Endpoint } from "../contract";
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

export interface Admission {
  /** Destroy the connection without an answer. */
  drop: boolean;
  /** Headers for whatever the request is answered with (rate-limit state). */
  headers: Record<string, string>;
}

const REASONS: Record<number, string> = {
  429: "Too many requests",
  500: "Internal server error (injected fault)",
  503: "Service unavailable (injected fault)",
};

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

  const queued = world.faults.take(req.method, req.path);
  if (queued?.status === 0) return { drop: true, headers };
  if (queued) {
    const reason = queued.reason ?? REASONS[queued.status] ?? `Injected fault (HTTP ${queued.status})`;
    const answerHeaders = { ...headers };
    if (queued.retry_after !== undefined) answerHeaders["Retry-After"] = String(queued.retry_after);
    throw new ApiError(queued.status, [{ reason }], answerHeaders);
  }
  if (decision?.status) {
    const reason = REASONS[decision.status] ?? `Injected fault (HTTP ${decision.status})`;
    throw new ApiError(decision.status, [{ reason }], headers);
  }
  return { drop: false, headers };
}
