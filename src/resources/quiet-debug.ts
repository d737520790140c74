/**
 * Keeps secret values out of the SDK's debug lines. After each registration, `@pulumi/pulumi` logs
 * `RegisterResource RPC finished: <resource>; err: null, resp: <the engine's answer>` at debug
 * level, and that answer holds the resource's outputs: a secret output (such as `Token.token`,
 * marked by `additionalSecretOutputs`) comes back wrapped in its secret envelope, and the SDK prints
 * the wrapper whole, value included. The engine passes debug lines on to `pulumi up --json` and
 * `--debug`. So the program process's `log.debug` is wrapped once: a line holding a secret envelope
 * keeps its text up to `resp:` and drops the answer.
 *
 * The wrapper also calls the SDK's `debug` with `Error.stackTraceLimit` at 0, as the resource classes
 * register (`pausePromiseStacks` in compute-resource.ts): each log line makes a keep-alive promise
 * that records a stack trace, kept only for the message about promises pending at exit, and in a
 * TypeScript program each trace maps every frame through the source maps. The SDK logs two debug
 * lines a registration: in a no-change preview of 600 resources these traces were about 5 % of the
 * program's CPU (docs/benchmarks.md, "The TypeScript program's share").
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
  target.debug = (message, ...rest) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return debug(withoutSecrets(message), ...rest);
    } finally {
      Error.stackTraceLimit = limit;
    }
  };
  target[WRAPPED] = true;
}
