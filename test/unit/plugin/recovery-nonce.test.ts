/** The plugin's default provider keeps a nonce in its inputs: the olds' when they hold one, else a new one, a secret either way. */
import { withRecoveryNonce } from "../../../src/plugin/recovery-nonce";
import { isSecret, secret } from "../../../src/plugin/values";

const nonceOf = (inputs: Record<string, unknown>) => {
  const held = inputs.recoveryNonce;
  expect(isSecret(held)).toBe(true);
  return (held as { value: string }).value;
};

it("adds a new secret nonce of 16 random bytes when the old inputs lack one", () => {
  const token = secret("t");
  const first = withRecoveryNonce({ apiUrl: "http://x/v4", token }, {});
  expect(nonceOf(first)).toMatch(/^[0-9a-f]{32}$/);
  expect(first).toMatchObject({ apiUrl: "http://x/v4", token });
  expect(nonceOf(withRecoveryNonce({}, {}))).not.toBe(nonceOf(first));
});

it("keeps the old inputs' nonce, stored as a secret or not", () => {
  const nonce = "0123456789abcdef0123456789abcdef";
  expect(nonceOf(withRecoveryNonce({}, { recoveryNonce: secret(nonce) }))).toBe(nonce);
  expect(nonceOf(withRecoveryNonce({}, { recoveryNonce: nonce }))).toBe(nonce);
  expect(nonceOf(withRecoveryNonce({}, { recoveryNonce: "not a nonce" }))).not.toBe("not a nonce");
});
