/** The acting user's profile, its grants and its preferences: records, requests, endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { bool, text } from "./fields";
import { Grants } from "./grants";
import { sshPublicKey } from "./profile-ssh-keys";
import { LISH_AUTH_METHODS } from "./values";

export const PROFILE_LIMITS = { preferences: { max: 65_535 } } as const;

export const LishAuthMethod = z.enum(LISH_AUTH_METHODS, {
  error: "lish_auth_method must be one of password_keys, keys_only, disabled",
});
export type LishAuthMethod = z.infer<typeof LishAuthMethod>;

export const AuthenticationType = z.enum(["password", "github"]);
export type AuthenticationType = z.infer<typeof AuthenticationType>;

export const Referrals = z.object({
  code: z.string(),
  completed: z.number().int(),
  credit: z.number(),
  pending: z.number().int(),
  total: z.number().int(),
  url: z.string(),
});

export const Profile = z.object({
  uid: z.number().int(),
  username: z.string(),
  email: z.string(),
  email_notifications: z.boolean(),
  timezone: z.string(),
  authentication_type: AuthenticationType,
  authorized_keys: z.array(z.string()).nullable(),
  lish_auth_method: LishAuthMethod,
  /** Deprecated: cannot be enabled; once disabled it cannot be re-enabled. */
  ip_whitelist_enabled: z.boolean(),
  restricted: z.boolean(),
  two_factor_auth: z.boolean(),
  verified_phone_number: z.string().nullable(),
  referrals: Referrals,
});
export type Profile = z.infer<typeof Profile>;

/** An IANA time zone name the runtime knows (`America/New_York`, `Etc/UTC`, `US/Eastern`). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const Timezone = text("timezone").refine(
  isTimeZone,
  "timezone must be an IANA time zone name, e.g. America/New_York",
);
export const Email = text("email", { max: 128 }).regex(
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  "email must be a valid email address",
);

/**
 * PUT /profile. `restricted` and `two_factor_auth` are accepted so a profile can be sent back as read,
 * but only with their current values (grants and the tfa endpoints change them). Other keys, such
 * as `uid` and `username`, are ignored.
 */
export const ProfileUpdateRequest = z.object({
  email: Email.optional(),
  timezone: Timezone.optional(),
  email_notifications: bool("email_notifications").optional(),
  lish_auth_method: LishAuthMethod.optional(),
  authorized_keys: z
    .array(sshPublicKey("authorized_keys"), { error: "authorized_keys must be an array of SSH public keys" })
    .nullable()
    .optional(),
  two_factor_auth: bool("two_factor_auth").optional(),
  restricted: bool("restricted").optional(),
  ip_whitelist_enabled: bool("ip_whitelist_enabled").optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/**
 * Preferences: any JSON object, at most 65,535 characters once serialized, kept per OAuth client of
 * the token. The emulator issues no OAuth client tokens, so each token counts as its own client:
 * another token of the same user starts with `{}`, and revoking a token drops its preferences.
 */
export const Preferences = z
  .record(z.string(), z.unknown(), { error: "preferences must be a JSON object" })
  .refine(
    (value) => JSON.stringify(value).length <= PROFILE_LIMITS.preferences.max,
    `preferences must be at most ${PROFILE_LIMITS.preferences.max} characters in total`,
  );
export type Preferences = z.infer<typeof Preferences>;

/** Profile settings the control API may seed for a user (e.g. a legacy IP whitelist). */
export const SeedProfile = z.object({
  ip_whitelist_enabled: z.boolean().optional(),
  authentication_type: AuthenticationType.optional(),
  timezone: Timezone.optional(),
});
export type SeedProfile = z.input<typeof SeedProfile>;

export const profileEndpoints = {
  getProfile: endpoint({
    name: "getProfile",
    method: "GET",
    path: "/profile",
    response: Profile,
    summary: "The acting user's profile; any valid token may read it",
  }),
  updateProfile: endpoint({
    name: "updateProfile",
    method: "PUT",
    path: "/profile",
    scopes: ["account:read_write"],
    body: ProfileUpdateRequest,
    response: Profile,
    summary: "Updates email, timezone, notifications, Lish settings; uid never changes",
  }),
  getProfileGrants: endpoint({
    name: "getProfileGrants",
    method: "GET",
    path: "/profile/grants",
    response: Grants.optional(),
    summary: "The acting user's grants; 204 with no body (undefined) for an unrestricted user",
  }),
  getProfilePreferences: endpoint({
    name: "getProfilePreferences",
    method: "GET",
    path: "/profile/preferences",
    scopes: ["account:read_only"],
    response: Preferences,
    summary: "Preferences stored by the OAuth client of the token",
  }),
  updateProfilePreferences: endpoint({
    name: "updateProfilePreferences",
    method: "PUT",
    path: "/profile/preferences",
    scopes: ["account:read_write"],
    body: Preferences,
    response: Preferences,
    summary: "Replaces the preferences of the OAuth client of the token",
  }),
};
