/** Phone verification: a one-time SMS code (valid 10 minutes), verification, removal. */
import { randomInt } from "node:crypto";
import { profileSecurityEndpoints as e, SECURITY_LIMITS } from "../../contract";
import type { Clock } from "../clock";
import type { Store } from "../store";
import type { PhoneCodeRow, UserRow } from "../state";
import { ApiError } from "../api-error";
import type { Body, Params, World } from "../router";
import { profileRowOf, updateProfileRow } from "../profiles";

/** The code sent to the user that is still valid, if any. */
export function livePhoneCode(store: Store, clock: Clock, userId: number): PhoneCodeRow | undefined {
  const row = store.table("phone_codes").get(userId);
  return row && clock.timestamp() < row.expiry ? row : undefined;
}

export function sendPhoneVerificationCode(
  world: World,
  user: UserRow,
  _params: Params<typeof e.sendPhoneVerificationCode>,
  body: Body<typeof e.sendPhoneVerificationCode>,
) {
  const { store, clock } = world;
  if (profileRowOf(store, user.id).verified_phone_number !== null) {
    throw ApiError.badRequest(
      "The profile already has a verified phone number; delete it before verifying another",
    );
  }
  const iso_code = body.iso_code.toUpperCase();
  const live = livePhoneCode(store, clock, user.id);
  // A repeated send to the same number before expiry resends the same code.
  if (live && live.iso_code === iso_code && live.phone_number === body.phone_number) return {};
  store.table("phone_codes").put({
    id: user.id,
    iso_code,
    phone_number: body.phone_number,
    code: String(randomInt(0, 1_000_000)).padStart(6, "0"),
    expiry: clock.timestamp(clock.now() + SECURITY_LIMITS.phoneCodeMs),
  });
  return {};
}

export function verifyPhoneNumber(
  world: World,
  user: UserRow,
  _params: Params<typeof e.verifyPhoneNumber>,
  body: Body<typeof e.verifyPhoneNumber>,
) {
  const { store, clock } = world;
  // Codes are kept per user: only the user the code was sent for can use it.
  const live = livePhoneCode(store, clock, user.id);
  if (!live || live.code !== body.otp_code) {
    throw ApiError.badRequest("Invalid or expired verification code", "otp_code");
  }
  store.table("phone_codes").delete(user.id);
  updateProfileRow(store, user.id, { verified_phone_number: live.phone_number });
  return {};
}

export function deletePhoneNumber(world: World, user: UserRow) {
  const { store } = world;
  const verified = profileRowOf(store, user.id).verified_phone_number;
  const pending = store.table("phone_codes").delete(user.id);
  if (verified === null && !pending) throw ApiError.notFound();
  if (verified !== null) updateProfileRow(store, user.id, { verified_phone_number: null });
  return {};
}
