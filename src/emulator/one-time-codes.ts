/**
 * The one-time codes a user would receive out of band, for the control API: the SMS code sent and
 * still valid, and the current TOTP code of a pending or enabled two-factor secret. Never logged.
 */
import type { CodesQuery, UserCodes } from "../contract";
import type { Clock } from "./clock";
import { livePhoneCode } from "./models/profile-phone";
import type { Store } from "./store";
import { totpAt } from "./totp";

function totpOf(store: Store, clock: Clock, userId: number): UserCodes["totp"] {
  const row = store.table("two_factor").get(userId);
  if (row?.secret) return { state: "enabled", code: totpAt(row.secret, clock.now()), expiry: null };
  if (row?.pending_secret && row.pending_expiry && clock.timestamp() < row.pending_expiry) {
    return { state: "pending", code: totpAt(row.pending_secret, clock.now()), expiry: row.pending_expiry };
  }
  return null;
}

/** Users with a code, optionally only the one with `user_id` or `username`. */
export function oneTimeCodes(store: Store, clock: Clock, filter: CodesQuery): UserCodes[] {
  return store
    .table("users")
    .filter(
      (u) =>
        (filter.user_id === undefined || u.id === Number(filter.user_id)) &&
        (filter.username === undefined || u.username === filter.username),
    )
    .map((u) => {
      const sms = livePhoneCode(store, clock, u.id);
      const phone = sms
        ? { iso_code: sms.iso_code, phone_number: sms.phone_number, code: sms.code, expiry: sms.expiry }
        : null;
      return { user_id: u.id, username: u.username, phone, totp: totpOf(store, clock, u.id) };
    })
    .filter((c) => c.phone !== null || c.totp !== null);
}
