/** Security questions, two-factor authentication and phone verification of the acting user. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { dateTime, integer, text } from "./fields";

export const SECURITY_LIMITS = {
  /** Exactly this many unique questions are answered at once. */
  questions: 3,
  response: { min: 3, max: 17 },
  /** A phone verification code is valid this long (emulated ms). */
  phoneCodeMs: 10 * 60_000,
  totpDigits: 6,
} as const;

export const SecurityQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  response: z.string().nullable(),
});
export type SecurityQuestion = z.infer<typeof SecurityQuestion>;

export const SecurityQuestions = z.object({ security_questions: z.array(SecurityQuestion) });

export const SecurityAnswer = z.object({
  question_id: integer("question_id"),
  response: text("response", SECURITY_LIMITS.response),
});

export const SecurityAnswersRequest = z.object({
  security_questions: z
    .array(SecurityAnswer, { error: "security_questions must be an array" })
    .length(
      SECURITY_LIMITS.questions,
      `security_questions must answer exactly ${SECURITY_LIMITS.questions} questions`,
    )
    .superRefine((answers, ctx) => {
      answers.forEach((a, i) => {
        if (answers.findIndex((b) => b.question_id === a.question_id) < i) {
          ctx.addIssue({ code: "custom", path: [i, "question_id"], message: "questions must be unique" });
        }
      });
    }),
});
export type SecurityAnswersRequest = z.infer<typeof SecurityAnswersRequest>;

export const SecurityAnswersResponse = z.object({
  security_questions: z.array(
    z.object({ question_id: z.number().int(), response: z.string(), security_question: z.string() }),
  ),
});

export const TfaSecret = z.object({ secret: z.string(), expiry: dateTime });
export const TfaConfirmRequest = z.object({
  tfa_code: text("tfa_code").regex(/^\d{6}$/, "tfa_code must be the 6-digit code of your authenticator"),
});
export const TfaScratch = z.object({ scratch: z.string() });

export const PhoneNumberRequest = z.object({
  iso_code: text("iso_code").regex(/^[A-Za-z]{2}$/, "iso_code must be a two-letter ISO 3166 country code"),
  phone_number: text("phone_number").refine((value) => {
    const digits = value.replace(/\D/g, "");
    return /^\+?[\d\s().-]+$/.test(value) && digits.length >= 4 && digits.length <= 15;
  }, "phone_number must be a phone number of 4..15 digits"),
});
export type PhoneNumberRequest = z.infer<typeof PhoneNumberRequest>;

export const PhoneVerifyRequest = z.object({ otp_code: text("otp_code", { min: 1, max: 32 }) });

export const profileSecurityEndpoints = {
  listSecurityQuestions: endpoint({
    name: "listSecurityQuestions",
    method: "GET",
    path: "/profile/security-questions",
    scopes: ["account:read_only"],
    response: SecurityQuestions,
    summary: "Every security question with the user's response (null when unanswered)",
  }),
  answerSecurityQuestions: endpoint({
    name: "answerSecurityQuestions",
    method: "POST",
    path: "/profile/security-questions",
    scopes: ["account:read_write"],
    body: SecurityAnswersRequest,
    response: SecurityAnswersResponse,
    summary: "Answers exactly three unique questions; other answers are reset to null",
  }),
  enableTfa: endpoint({
    name: "enableTfa",
    method: "POST",
    path: "/profile/tfa-enable",
    scopes: ["account:read_write"],
    response: TfaSecret,
    summary: "Creates a two-factor secret to confirm; security questions must be answered first",
  }),
  confirmTfa: endpoint({
    name: "confirmTfa",
    method: "POST",
    path: "/profile/tfa-enable-confirm",
    scopes: ["account:read_write"],
    body: TfaConfirmRequest,
    response: TfaScratch,
    summary: "Enables two-factor authentication with a code of the secret; returns a one-use scratch code",
  }),
  disableTfa: endpoint({
    name: "disableTfa",
    method: "POST",
    path: "/profile/tfa-disable",
    scopes: ["account:read_write"],
    summary: "Disables two-factor authentication",
  }),
  sendPhoneVerificationCode: endpoint({
    name: "sendPhoneVerificationCode",
    method: "POST",
    path: "/profile/phone-number",
    scopes: ["account:read_write"],
    body: PhoneNumberRequest,
    summary: "Sends a one-time SMS code, valid 10 minutes, to the number",
  }),
  verifyPhoneNumber: endpoint({
    name: "verifyPhoneNumber",
    method: "POST",
    path: "/profile/phone-number/verify",
    scopes: ["account:read_write"],
    body: PhoneVerifyRequest,
    summary: "Makes the number the verified one with the SMS code sent to this user",
  }),
  deletePhoneNumber: endpoint({
    name: "deletePhoneNumber",
    method: "DELETE",
    path: "/profile/phone-number",
    scopes: ["account:read_write"],
    summary: "Removes the verified number (and any code not yet used); opts out of SMS",
  }),
};
