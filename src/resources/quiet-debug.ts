/**
 * Keeps secret values out of the SDK's debug lines. After each registration, `@pulumi/pulumi` logs
 * `RegisterResource RPC finished: <resource>; err: null, resp: <the engine's answer>` at debug
 * level, and that answer holds the resource's outputs: a secret output (such as `Token.token`,
 * marked by `additionalSecretOutputs`) comes back wrapped in its secret envelope, and the SDK prints
 * the wrapper whole, value included. The engine passes debug lines on to `pulumi up --json` and
 * `--debug`. So the program process's `log.debug` is wrapped once: a line holding a secret envelope
 * keeps its text up to `resp:` and drops the answer.
 */
import * as pulumi from "@pulumi/pulumi";

type Debug = typeof pulumi.log.debug;
const WRAPPED = Symbol.for("pulumi-compute.quietDebug");

/** The line as logged: unchanged unless it holds a secret value. */
export function withoutSecrets(message: string): string {
  if (!message.includes(pulumi.runtime.specialSecretSig)) return message;
  const at = message.indexOf("resp: ");
  return at < 0
    ? "[a debug line holding secret values was left out]"
    : `${message.slice(0, at)}resp: [left out: it holds secret values]`;
}

/** Wraps `log.debug` (the SDK's module, shared by its runtime) once per process. */
export function quietSecretsInDebug(log: { debug: Debug } = pulumi.log): void {
  const target = log as { debug: Debug; [WRAPPED]?: true };
  if (target[WRAPPED]) return;
  const debug = target.debug;
  target.debug = (message, ...rest) => debug(withoutSecrets(message), ...rest);
  target[WRAPPED] = true;
}
