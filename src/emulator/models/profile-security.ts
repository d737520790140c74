/** Security questions and two-factor authentication (TOTP secrets, confirmation, scratch code). */
import { createHash, randomBytes } from "node:crypto";
import { profileSecurityEndpoints as e, ErrorItem } from "../../contract";
import { ApiError } from "../api-error";
import type { Body, Params, World } from "../router";
import type { Store } from "../store";
import type { TwoFactorRow, UserRow } from "../state";
import { base32Encode, verifyTotp, newTotpSecret } from "../totp";
import { recordChange } from "../events";
import { profileRef } from "./profile";
import { SECURITY_QUESTIONS, securityQuestion } from "../seed/security-questions";
import { profileRowOf, updateProfileRow } from "../profiles";

const refusals = {
  tfaEnabled: () => ApiError.badRequest("Two factor authentication is already enabled"),
  tfaNotEnabled: () => ApiError.badRequest("Two factor authentication is not enabled"),
  noSecret: () =>
    ApiError.badRequest("No two factor secret to confirm; create one with POST /profile/tfa-enable"),
  secretExpired: () =>
    ApiError.badRequest("The two factor secret has expired; create a new one with POST /profile/tfa-enable"),
  invalidCode: () => ApiError.badRequest("Invalid code", "tfa_code"),
  questionsFirst: () =>
    ApiError.badRequest(
      "Answer your security questions (POST /profile/security-questions) before enabling two factor authentication",
    ),
};

/** How long a secret from tfa-enable waits for its confirming code (emulated ms). */
export const TFA_SECRET_MS = 15 * 60_000;

export function twoFactorOf(store: Store, userId: number): TwoFactorRow {
  return (
    store.table("two_factor").get(userId) ?? {
      id: userId,
      pending_secret: null,
      pending_expiry: null,
      secret: null,
      scratch_hash: null,
    }
  );
}

export function confirmTfa(
  world: World,
  user: UserRow,
  _params: Params<typeof e.confirmTfa>,
  body: Body<typeof e.confirmTfa>,
) {
  const { store, clock } = world;
  const row = twoFactorOf(store, user.id);
  if (row.secret) throw refusals.tfaEnabled();
  if (!row.pending_secret || !row.pending_expiry) {
    throw refusals.noSecret();
  }
  if (clock.timestamp() >= row.pending_expiry) {
    throw refusals.secretExpired();
  }
  if (!verifyTotp(row.pending_secret, body.tfa_code, clock.now())) {
    throw refusals.invalidCode();
  }
  const scratch = base32Encode(randomBytes(10)).toLowerCase();
  store.table("two_factor").put({
    id: user.id,
    pending_secret: null,
    pending_expiry: null,
    secret: row.pending_secret,
    scratch_hash: createHash("sha256").update(scratch).digest("hex"),
  });
  recordChange(world, user, "tfa_enabled", profileRef(user));
  return { scratch };
}

export function disableTfa(world: World, user: UserRow) {
  const { store } = world;
  if (!twoFactorOf(store, user.id).secret) {
    throw refusals.tfaNotEnabled();
  }
  store.table("two_factor").delete(user.id);
  recordChange(world, user, "tfa_disabled", profileRef(user));
  return {};
}

export function listSecurityQuestions(world: World, user: UserRow) {
  const { store } = world;
  const answers = profileRowOf(store, user.id).security_answers;
  return {
    security_questions: SECURITY_QUESTIONS.map((q) => ({
      ...q,
      response: answers.find((a) => a.question_id === q.id)?.response ?? null,
    })),
  };
}

export function answerSecurityQuestions(
  world: World,
  user: UserRow,
  _params: Params<typeof e.answerSecurityQuestions>,
  body: Body<typeof e.answerSecurityQuestions>,
) {
  const { store } = world;
  const errors: ErrorItem[] = [];
  body.security_questions.forEach((a, i) => {
    if (!securityQuestion(a.question_id)) {
      errors.push({
        field: `security_questions[${i}].question_id`,
        reason: `question_id ${a.question_id} is not a security question`,
      });
    }
  });
  if (errors.length) throw new ApiError(400, errors);
  // The three answers replace every earlier one; the other questions are unanswered again.
  const answers = body.security_questions.map(({ question_id, response }) => ({ question_id, response }));
  updateProfileRow(store, user.id, { security_answers: answers });
  return {
    security_questions: answers.map((a) => ({
      ...a,
      security_question: securityQuestion(a.question_id)!.question,
    })),
  };
}

export function enableTfa(world: World, user: UserRow) {
  const { store, clock } = world;
  const row = twoFactorOf(store, user.id);
  if (row.secret) throw refusals.tfaEnabled();
  if (profileRowOf(store, user.id).security_answers.length === 0) {
    throw refusals.questionsFirst();
  }
  const secret = newTotpSecret();
  const expiry = clock.timestamp(clock.now() + TFA_SECRET_MS);
  store.table("two_factor").put({ ...row, pending_secret: secret, pending_expiry: expiry });
  return { secret, expiry };
}
