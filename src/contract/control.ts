/** The emulator's control API (its own prefix, `/_emulator`, outside `/v4`): requests and answers. */
import { z } from "zod";
import { EventRecord } from "./events";
import { EntityGrant, GlobalGrants, Grants } from "./grants";
import { SeedProfile } from "./profile";

export * from "./fault-profile";
export * from "./rate-limits";

export const CONTROL_PREFIX = "/_emulator";

/** A seeded grant: `label` may be left out for an entity the emulator holds (filled from it, as the
 * real API fills a grant's read-only label); the emulator refuses it for one it does not hold. */
export const SeedEntityGrant = EntityGrant.extend({ label: z.string().optional() });
const seedEntities = z.array(SeedEntityGrant).optional();
/** Grants to seed a user with: any of the global flags, any entity lists; unknown keys are refused. */
export const SeedGrants = z.strictObject({
  global: z.strictObject(GlobalGrants.shape).partial().optional(),
  compute: seedEntities,
  database: seedEntities,
  domain: seedEntities,
  image: seedEntities,
  longview: seedEntities,
  nodebalancer: seedEntities,
  stackscript: seedEntities,
  volume: seedEntities,
  vpc: seedEntities,
});
export type SeedGrants = z.output<typeof SeedGrants>;

export const SeedUserRequest = z.object({
  username: z.string().min(1),
  restricted: z.boolean().default(false),
  grants: SeedGrants.optional(),
  scopes: z.string().default("*"),
  expiry: z.string().nullable().default(null),
  /** Profile settings to start from (e.g. a legacy `ip_whitelist_enabled: true`). */
  profile: SeedProfile.optional(),
});
export type SeedUserRequest = z.input<typeof SeedUserRequest>;

export const SeedUserResponse = z.object({ user_id: z.number().int(), token: z.string(), grants: Grants });

export const EventsQuery = z.object({
  action: z.string().optional(),
  entity_type: z.string().optional(),
  entity_id: z.string().optional(),
});

export const EventsResponse = z.object({ data: z.array(EventRecord) });

export const ClockRequest = z.object({
  advance_ms: z.number().nonnegative().optional(),
  scale: z.number().positive().optional(),
});
export const ClockResponse = z.object({ now: z.string(), scale: z.number() });

/** Lifecycle durations in emulated milliseconds, by name (e.g. `instance.boot`). */
export const TimingsRequest = z.record(z.string(), z.number().int().nonnegative());

export const FaultRequest = z.object({
  /** HTTP status to answer with (429, 503, 500, ...) or 0 to drop the connection. */
  status: z.number().int().min(0).max(599),
  /** Carry the request out, then answer `status` instead (0: drop the connection after the work):
   * the API acted and its answer was lost on the way, as behind a failing proxy. */
  lost: z.boolean().default(false),
  /** How many matching requests get the fault. */
  count: z.number().int().positive().default(1),
  retry_after: z.number().int().nonnegative().optional(),
  /** The error's reason (default by status, e.g. "Too many requests" for 429). */
  reason: z.string().optional(),
  method: z.string().optional(),
  /** Matches when the request path (below /v4) starts with it. */
  path: z.string().optional(),
});
export type FaultRequest = z.input<typeof FaultRequest>;

export const RequestLogEntry = z.object({
  method: z.string(),
  path: z.string(),
  /** What the client received; 0 when the connection was dropped. */
  status: z.number().int(),
  /** Only when the answer was lost: the status the API really produced (the work was done). */
  handled: z.number().int().optional(),
});
export const RequestLogResponse = z.object({ data: z.array(RequestLogEntry) });
export type RequestLogEntry = z.infer<typeof RequestLogEntry>;

/** `GET /_emulator/codes`: one-time codes, for tests and CI that cannot receive an SMS. */
export const CodesQuery = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  username: z.string().optional(),
});
export type CodesQuery = z.input<typeof CodesQuery>;

export const UserCodes = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** The SMS code sent and not yet used or expired. */
  phone: z
    .object({ iso_code: z.string(), phone_number: z.string(), code: z.string(), expiry: z.string() })
    .nullable(),
  /** The current code of the two-factor secret: pending (to confirm) or enabled. */
  totp: z
    .object({ state: z.enum(["pending", "enabled"]), code: z.string(), expiry: z.string().nullable() })
    .nullable(),
});
export type UserCodes = z.infer<typeof UserCodes>;
export const CodesResponse = z.object({ data: z.array(UserCodes) });
