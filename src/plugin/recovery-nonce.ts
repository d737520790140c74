/**
 * The stack's secret for marks (`stack-marks.ts`) in the plugin form, with no setup: the default
 * provider's CheckConfig adds `recoveryNonce` (16 random bytes, hex) to the provider's inputs when
 * its old inputs lack one, and keeps the old one otherwise. The engine stores what CheckConfig
 * returns as the provider resource's inputs, in the shared state, before any resource that uses the
 * provider is created, and hands the olds back on every machine that runs the stack; Configure then
 * gives it to the provider as `compute:recoveryNonce`. It is returned as a secret, so the state holds
 * it encrypted. `compute:recoveryKey`, when set, wins over it (`settings.ts`).
 * docs/design/recovery-on-any-machine.md, engine item 7, says why it can live there.
 */
import { randomBytes } from "node:crypto";
import type { Props } from "../provider/core-interface";
import { isSecret, secret } from "./values";

export const RECOVERY_NONCE = "recoveryNonce";

const NONCE = /^[0-9a-f]{32}$/;

/** The nonce of the provider's old inputs (secrets wrapped or not), if it holds one. */
function nonceOf(olds: Props): string | undefined {
  const held = olds[RECOVERY_NONCE];
  const value = isSecret(held) ? held.value : held;
  return typeof value === "string" && NONCE.test(value) ? value : undefined;
}

/** The default provider's new inputs (as the engine sent them, secrets wrapped) with the nonce: the
 * olds' when they hold one, else a new one; a secret either way. */
export function withRecoveryNonce(news: Props, olds: Props): Props {
  const nonce = nonceOf(olds) ?? randomBytes(16).toString("hex");
  return { ...news, [RECOVERY_NONCE]: secret(nonce) };
}
