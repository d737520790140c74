/** The control API: reset, seed users and tokens, events, request log, clock, faults, rate limits, OpenAPI. */
import type { z } from "zod";
import {
  ClockRequest,
  CodesQuery,
  EventsQuery,
  FaultProfile,
  FaultRequest,
  issuesToErrors,
  RateLimitRequest,
  SeedUserRequest,
  TimingsRequest,
  type RequestLogEntry,
} from "../contract";
import { addToken, addUser } from "./accounts";
import { ApiError } from "./api-error";
import { oneTimeCodes } from "./one-time-codes";
import { openApiDocument } from "./openapi";
import { seedProfile } from "./profiles";
import { seedGrants } from "./seed-grants";
import type { Clock } from "./clock";
import type { Faults } from "./faults";
import type { Jobs } from "./jobs";
import type { RateLimiter } from "./rate-limit";
import type { Store } from "./store";

/** What the control API works on: the emulator's parts, not the server around them. */
export interface ControlledEmulator {
  readonly store: Store;
  readonly clock: Clock;
  readonly faults: Faults;
  readonly jobs: Jobs;
  readonly limits: RateLimiter;
  readonly requestLog: RequestLogEntry[];
  readonly url: string;
  reset(): void;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, issuesToErrors(result.error));
  return result.data;
}

export function handleControl(
  emulator: ControlledEmulator,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): unknown {
  const { store, clock } = emulator;
  const route = `${method} ${path}`;
  switch (route) {
    case "GET /health":
      return { ok: true };
    case "POST /reset":
      emulator.reset();
      return {};
    case "POST /users": {
      const req = parse(SeedUserRequest, body);
      const user = addUser(store, {
        username: req.username,
        restricted: req.restricted,
        grants: seedGrants(store, req.grants),
      });
      const token = addToken(store, clock, user, {
        label: `${req.username} seed`,
        scopes: req.scopes,
        expiry: req.expiry,
      });
      if (req.profile) seedProfile(store, user, req.profile);
      return { user_id: user.id, token: token.token, grants: user.grants };
    }
    case "GET /codes":
      return { data: oneTimeCodes(store, clock, parse(CodesQuery, Object.fromEntries(query))) };
    case "GET /events": {
      const q = parse(EventsQuery, Object.fromEntries(query));
      const data = store
        .table("events")
        .filter(
          (ev) =>
            (!q.action || ev.action === q.action) &&
            (!q.entity_type || ev.entity?.type === q.entity_type) &&
            (!q.entity_id || String(ev.entity?.id) === q.entity_id),
        );
      return { data };
    }
    case "GET /requests":
      return { data: emulator.requestLog };
    case "DELETE /requests":
      emulator.requestLog.length = 0;
      return {};
    case "GET /clock":
      return { now: clock.timestamp(), scale: clock.getScale() };
    case "POST /clock": {
      const req = parse(ClockRequest, body);
      if (req.advance_ms) clock.advance(req.advance_ms);
      if (req.scale) clock.setScale(req.scale);
      return { now: clock.timestamp(), scale: clock.getScale() };
    }
    case "GET /timings":
      return Object.fromEntries(emulator.jobs.timings);
    case "POST /timings": {
      const req = parse(TimingsRequest, body);
      for (const [name, ms] of Object.entries(req)) emulator.jobs.timings.set(name, ms);
      return Object.fromEntries(emulator.jobs.timings);
    }
    case "POST /faults":
      emulator.faults.add(parse(FaultRequest, body));
      return {};
    case "DELETE /faults":
      emulator.faults.clear();
      return {};
    case "GET /faults/profile":
      return { profile: emulator.faults.getProfile() };
    case "POST /faults/profile":
      return { profile: emulator.faults.setProfile(parse(FaultProfile, body)) };
    case "DELETE /faults/profile":
      return { profile: emulator.faults.setProfile(undefined) };
    case "GET /rate-limits":
      return emulator.limits.current;
    case "POST /rate-limits":
      return emulator.limits.configure(parse(RateLimitRequest, body));
    case "DELETE /rate-limits":
      emulator.limits.reset();
      return emulator.limits.current;
    case "GET /openapi.json":
      return openApiDocument(emulator.url);
    default:
      throw ApiError.notFound();
  }
}

export type { RequestLogEntry };
