/** Profile settings of users: the defaults, the stored row, and the API's profile record. */
import type { Profile, SeedProfile } from "../contract";
import type { Store } from "./store";
import type { ProfileRow, UserRow } from "./state";

export const DEFAULT_TIMEZONE = "Etc/UTC";

/** The user's settings: its row, or the defaults of a new user (not stored until changed). */
export function profileRowOf(store: Store, userId: number): ProfileRow {
  return (
    store.table("profiles").get(userId) ?? {
      id: userId,
      timezone: DEFAULT_TIMEZONE,
      email_notifications: true,
      authentication_type: "password",
      authorized_keys: null,
      lish_auth_method: "password_keys",
      ip_whitelist_enabled: false,
      verified_phone_number: null,
      security_answers: [],
    }
  );
}

export function updateProfileRow(store: Store, userId: number, change: Partial<Omit<ProfileRow, "id">>) {
  return store.table("profiles").put({ ...profileRowOf(store, userId), ...change, id: userId });
}

/** Settings the control API seeds for a new user. */
export function seedProfile(store: Store, user: UserRow, seed: SeedProfile) {
  const change: Partial<ProfileRow> = {};
  if (seed.ip_whitelist_enabled !== undefined) change.ip_whitelist_enabled = seed.ip_whitelist_enabled;
  if (seed.authentication_type !== undefined) change.authentication_type = seed.authentication_type;
  if (seed.timezone !== undefined) change.timezone = seed.timezone;
  updateProfileRow(store, user.id, change);
}

export function twoFactorEnabled(store: Store, userId: number): boolean {
  return Boolean(store.table("two_factor").get(userId)?.secret);
}

/**
 * The profile record. The emulated account has made no payments, so its referral data is not yet
 * available: counts are zero and the code and URL empty.
 */
export function toProfile(store: Store, user: UserRow): Profile {
  const row = profileRowOf(store, user.id);
  return {
    uid: user.id,
    username: user.username,
    email: user.email,
    email_notifications: row.email_notifications,
    timezone: row.timezone,
    authentication_type: row.authentication_type,
    authorized_keys: row.authorized_keys,
    lish_auth_method: row.lish_auth_method,
    ip_whitelist_enabled: row.ip_whitelist_enabled,
    restricted: user.restricted,
    two_factor_auth: twoFactorEnabled(store, user.id),
    verified_phone_number: row.verified_phone_number,
    referrals: { code: "", completed: 0, credit: 0, pending: 0, total: 0, url: "" },
  };
}
