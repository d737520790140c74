/** Phone verification against the running emulator: SMS codes read through the control API. */
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const MINUTE = 60_000;
const send = (body: { iso_code: string; phone_number: string }, client = t.client) =>
  client.api.sendPhoneVerificationCode({ body });
const verify = (otp_code: string, client = t.client) => client.api.verifyPhoneNumber({ body: { otp_code } });

/** The SMS code the emulator sent to the owner. */
async function ownerCode(): Promise<string> {
  const [codes] = await t.control.codes({ username: "owner" });
  return codes!.phone!.code;
}

describe("send", () => {
  it.each([
    ["iso_code", { phone_number: "555-555-0100" }, /iso_code is required/],
    ["iso_code", { iso_code: "USA", phone_number: "555-555-0100" }, /two-letter/],
    ["iso_code", { iso_code: "U1", phone_number: "555-555-0100" }, /two-letter/],
    ["phone_number", { iso_code: "US" }, /phone_number is required/],
    ["phone_number", { iso_code: "US", phone_number: "call me" }, /phone number/],
    ["phone_number", { iso_code: "US", phone_number: "12" }, /4\.\.15 digits/],
  ])("rejects a bad %s: %j", async (field, body, reason) => {
    await badRequest(send(body as never), field, reason);
  });

  it("sends a 6-digit code, valid 10 minutes, readable through the control API", async () => {
    const tenMinutesFrom = async () =>
      new Date(Date.parse(`${(await t.control.clock()).now}Z`) + 10 * MINUTE).toISOString().slice(0, 19);
    const earliest = await tenMinutesFrom();
    await expect(send({ iso_code: "us", phone_number: "555-555-0100" })).resolves.toEqual({});
    const latest = await tenMinutesFrom();
    const [codes] = await t.control.codes({ username: "owner" });
    expect(codes!.phone).toEqual({
      iso_code: "US",
      phone_number: "555-555-0100",
      code: expect.stringMatching(/^\d{6}$/),
      expiry: expect.any(String),
    });
    expect(codes!.phone!.expiry >= earliest && codes!.phone!.expiry <= latest).toBe(true);
  });

  it("resends the same code before it expires, and a new one after", async () => {
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    const first = await ownerCode();
    await t.control.clock({ advance_ms: 9 * MINUTE });
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    expect(await ownerCode()).toBe(first);
    await t.control.clock({ advance_ms: 1 * MINUTE + 1000 });
    expect(await t.control.codes({ username: "owner" })).toEqual([]);
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    const [codes] = await t.control.codes({ username: "owner" });
    expect(codes!.phone!.expiry > (await t.control.clock()).now).toBe(true);
  });
});

describe("verify", () => {
  it("makes the number the verified one, once", async () => {
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    const code = await ownerCode();
    await expect(verify(code)).resolves.toEqual({});
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ verified_phone_number: "555-555-0100" });
    await badRequest(verify(code), "otp_code");
  });

  it("refuses a wrong code, and keeps the right one usable", async () => {
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    const code = await ownerCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await badRequest(verify(wrong), "otp_code", /Invalid or expired/);
    await expect(verify(code)).resolves.toEqual({});
  });

  it("refuses a code after 10 minutes", async () => {
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    const code = await ownerCode();
    await t.control.clock({ advance_ms: 10 * MINUTE + 1000 });
    await badRequest(verify(code), "otp_code");
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ verified_phone_number: null });
  });

  it("accepts a code only from the user it was sent for", async () => {
    const other = await t.control.seedUser({ username: "other" });
    const client = t.clientFor(other.token);
    await send({ iso_code: "GB", phone_number: "7700 900123" });
    const code = await ownerCode();
    await badRequest(verify(code, client), "otp_code");
    await expect(client.api.getProfile()).resolves.toMatchObject({ verified_phone_number: null });
    await expect(verify(code)).resolves.toEqual({});
  });

  it("needs the verified number deleted before another is verified", async () => {
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    await verify(await ownerCode());
    await badRequest(send({ iso_code: "US", phone_number: "555-555-0199" }), undefined, /delete it/);
  });
});

describe("delete", () => {
  it("removes the verified number, then answers 404", async () => {
    await apiError(t.client.api.deletePhoneNumber(), 404);
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    await verify(await ownerCode());
    await expect(t.client.api.deletePhoneNumber()).resolves.toEqual({});
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ verified_phone_number: null });
    await apiError(t.client.api.deletePhoneNumber(), 404);
    await expect(send({ iso_code: "US", phone_number: "555-555-0199" })).resolves.toEqual({});
  });

  it("drops a code not yet used", async () => {
    await send({ iso_code: "US", phone_number: "555-555-0100" });
    const code = await ownerCode();
    await expect(t.client.api.deletePhoneNumber()).resolves.toEqual({});
    await badRequest(verify(code), "otp_code");
  });
});
