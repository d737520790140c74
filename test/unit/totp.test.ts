/** The emulator's TOTP module against the RFC 6238 test vectors (SHA-1) and base32 round trips. */
import { randomBytes } from "node:crypto";
import { base32Decode, base32Encode, newTotpSecret, totpAt, verifyTotp } from "../../src/emulator/totp";

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const SEED = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP", () => {
  it("encodes the RFC seed as authenticator apps show it", () => {
    expect(SEED).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("matches the RFC 6238 vector at T=%d", (seconds, code) => {
    expect(totpAt(SEED, seconds * 1000, 0, 8)).toBe(code);
    expect(totpAt(SEED, seconds * 1000)).toBe(code.slice(2));
  });

  it("accepts the current step and one step either side, nothing further", () => {
    const now = 1234567890_000;
    for (const step of [-1, 0, 1]) expect(verifyTotp(SEED, totpAt(SEED, now, step), now)).toBe(true);
    for (const step of [-2, 2]) expect(verifyTotp(SEED, totpAt(SEED, now, step), now)).toBe(false);
    expect(verifyTotp(SEED, "12345", now)).toBe(false);
  });

  it("round-trips base32 and makes 160-bit secrets", () => {
    for (const length of [0, 1, 5, 7, 20, 33]) {
      const data = randomBytes(length);
      expect(base32Decode(base32Encode(data))).toEqual(data);
    }
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });
});
