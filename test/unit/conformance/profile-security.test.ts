/** Security questions and two-factor authentication against the running emulator, through our client. */
import { profileSecurityEndpoints } from "../../../src/contract";
import { totpAt } from "../../../src/emulator/totp";
import { apiError, badRequest, useEmulator } from "../../support/emulator";
import { expectScopes } from "../../support/scopes";

const t = useEmulator();
const answer = (security_questions: { question_id: number; response: string }[], client = t.client) =>
  client.api.answerSecurityQuestions({ body: { security_questions } });
const threeAnswers = () =>
  answer([
    { question_id: 1, response: "Springfield" },
    { question_id: 3, response: "Rex" },
    { question_id: 5, response: "Oak Hill" },
  ]);

/**
 * Moves the emulator's clock to the middle of a 30-second TOTP step, so a test has 15 s of real
 * time before the step changes; returns the emulator's time in ms.
 */
async function midStep(): Promise<number> {
  const now = Date.parse(`${(await t.control.clock()).now}Z`);
  const into = now % 30_000;
  await t.control.clock({ advance_ms: (45_000 - into) % 30_000 });
  return Date.parse(`${(await t.control.clock()).now}Z`);
}

describe("scopes of the endpoints", () => {
  it("reads need account:read_only; answers, two-factor and phone changes account:read_write", async () => {
    await expectScopes(t, profileSecurityEndpoints, {
      listSecurityQuestions: "account:read_only",
      answerSecurityQuestions: "account:read_write",
      enableTfa: "account:read_write",
      confirmTfa: "account:read_write",
      disableTfa: "account:read_write",
      sendPhoneVerificationCode: "account:read_write",
      verifyPhoneNumber: "account:read_write",
      deletePhoneNumber: "account:read_write",
    });
  });
});

describe("security questions", () => {
  it("list every question with a null response until answered", async () => {
    const { security_questions } = await t.client.api.listSecurityQuestions();
    expect(security_questions.length).toBeGreaterThanOrEqual(3);
    expect(security_questions[0]).toEqual({ id: 1, question: expect.any(String), response: null });
    expect(security_questions.every((q) => q.response === null)).toBe(true);
  });

  it("take exactly three unique, existing questions", async () => {
    const a = (question_id: number) => ({ question_id, response: "answer" });
    await badRequest(answer([a(1), a(2)]), "security_questions", /exactly 3/);
    await badRequest(answer([a(1), a(2), a(3), a(4)]), "security_questions", /exactly 3/);
    await badRequest(answer([a(1), a(2), a(1)]), "security_questions[2].question_id", /unique/);
    await badRequest(
      answer([a(1), a(2), a(9999)]),
      "security_questions[2].question_id",
      /not a security question/,
    );
  });

  it("take responses of 3..17 characters", async () => {
    const with0 = (response: string) => [
      { question_id: 1, response },
      { question_id: 2, response: "abc" },
      { question_id: 3, response: "r".repeat(17) },
    ];
    await badRequest(answer(with0("ab")), "security_questions[0].response", /3\.\.17/);
    await badRequest(answer(with0("r".repeat(18))), "security_questions[0].response", /3\.\.17/);
    await expect(answer(with0("abc"))).resolves.toMatchObject({ security_questions: expect.any(Array) });
  });

  it("answer with the questions' text, and replace earlier answers (the others reset to null)", async () => {
    const first = await threeAnswers();
    const { security_questions: questions } = await t.client.api.listSecurityQuestions();
    expect(first.security_questions[0]).toEqual({
      question_id: 1,
      response: "Springfield",
      security_question: questions[0]!.question,
    });
    await answer([
      { question_id: 1, response: "Shelbyville" },
      { question_id: 2, response: "Paris" },
      { question_id: 4, response: "Volvo" },
    ]);
    const { security_questions } = await t.client.api.listSecurityQuestions();
    const answered = Object.fromEntries(security_questions.map((q) => [q.id, q.response]));
    expect(answered).toMatchObject({ 1: "Shelbyville", 2: "Paris", 3: null, 4: "Volvo", 5: null });
  });
});

describe("two-factor authentication", () => {
  it("refuses a secret until the security questions are answered", async () => {
    const err = await apiError(t.client.api.enableTfa(), 400);
    expect(err.errors[0]!.reason).toMatch(/security questions/);
    await threeAnswers();
    const { secret, expiry } = await t.client.api.enableTfa();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(expiry > (await t.control.clock()).now).toBe(true);
  });

  it("is enabled by a real TOTP code of the secret, and returns a scratch code", async () => {
    await threeAnswers();
    const { secret } = await t.client.api.enableTfa();
    const now = await midStep();
    await badRequest(t.client.api.confirmTfa({ body: { tfa_code: "12345" } }), "tfa_code", /6-digit/);
    const wrong = String((Number(totpAt(secret, now)) + 1) % 1_000_000).padStart(6, "0");
    await badRequest(t.client.api.confirmTfa({ body: { tfa_code: wrong } }), "tfa_code", /Invalid code/);
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ two_factor_auth: false });

    const { scratch } = await t.client.api.confirmTfa({ body: { tfa_code: totpAt(secret, now) } });
    expect(scratch).toMatch(/^[a-z2-7]{16}$/);
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ two_factor_auth: true });
    await badRequest(t.client.api.enableTfa(), undefined, /already enabled/);
  });

  it("accepts the codes of one step either side, not two", async () => {
    await threeAnswers();
    const { secret } = await t.client.api.enableTfa();
    const now = await midStep();
    for (const step of [-2, 2]) {
      await badRequest(
        t.client.api.confirmTfa({ body: { tfa_code: totpAt(secret, now, step) } }),
        "tfa_code",
      );
    }
    await expect(
      t.client.api.confirmTfa({ body: { tfa_code: totpAt(secret, now, -1) } }),
    ).resolves.toHaveProperty("scratch");
    await t.client.api.disableTfa();
    await threeAnswers();
    const again = await t.client.api.enableTfa();
    await expect(
      t.client.api.confirmTfa({ body: { tfa_code: totpAt(again.secret, now, 1) } }),
    ).resolves.toHaveProperty("scratch");
  });

  it("needs a secret that has not expired", async () => {
    await threeAnswers();
    await badRequest(t.client.api.confirmTfa({ body: { tfa_code: "000000" } }), undefined, /tfa-enable/);
    const { secret, expiry } = await t.client.api.enableTfa();
    const { now } = await t.control.clock();
    await t.control.clock({ advance_ms: Date.parse(`${expiry}Z`) - Date.parse(`${now}Z`) + 1000 });
    const code = totpAt(secret, Date.parse(`${(await t.control.clock()).now}Z`));
    await badRequest(t.client.api.confirmTfa({ body: { tfa_code: code } }), undefined, /expired/);
  });

  it("is turned off by tfa-disable", async () => {
    await apiError(t.client.api.disableTfa(), 400);
    await threeAnswers();
    const { secret } = await t.client.api.enableTfa();
    await t.client.api.confirmTfa({ body: { tfa_code: totpAt(secret, await midStep()) } });
    await expect(t.client.api.disableTfa()).resolves.toEqual({});
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ two_factor_auth: false });
    const actions = (await t.control.events({ entity_type: "profile" })).map((e) => e.action);
    expect(actions).toEqual(["tfa_enabled", "tfa_disabled"]);
  });

  it("shows the current code through the control API, pending and then enabled", async () => {
    const { user_id, token } = await t.control.seedUser({ username: "ci" });
    const client = t.clientFor(token);
    await answer(
      [
        { question_id: 2, response: "abc" },
        { question_id: 6, response: "def" },
        { question_id: 7, response: "ghi" },
      ],
      client,
    );
    expect(await t.control.codes({ user_id })).toEqual([]);
    const { secret, expiry } = await client.api.enableTfa();
    const now = await midStep();
    const [pending] = await t.control.codes({ username: "ci" });
    expect(pending).toEqual({
      user_id,
      username: "ci",
      phone: null,
      totp: { state: "pending", code: totpAt(secret, now), expiry },
    });
    await client.api.confirmTfa({ body: { tfa_code: pending!.totp!.code } });
    const [enabled] = await t.control.codes({ user_id });
    expect(enabled!.totp).toEqual({ state: "enabled", code: totpAt(secret, now), expiry: null });
  });
});
