/**
 * The provider's settings, read at run time inside the provider process (never captured into the
 * serialized provider): stack config first, then the environment.
 * - API URL and token: `compute:apiUrl` / `COMPUTE_API_URL`, `compute:token` (set with `--secret`)
 *   / `COMPUTE_TOKEN`.
 * - How long waits may take: `compute:createTimeoutSeconds`, `compute:updateTimeoutSeconds`,
 *   `compute:deleteTimeoutSeconds` per operation, else `compute:waitTimeoutSeconds` for all
 *   (environment: `COMPUTE_WAIT_TIMEOUT_SECONDS`), else 15 / 60 / 10 minutes as the peers use. A
 *   resource's `customTimeouts` (its context, `resource-context.ts`) come before all of them.
 */
import type { ComputeClient } from "../../client/compute-client";
import { clientOf, missingSetting } from "../../client/from-settings";
import { rememberLifecycles } from "./lifecycle-memory";
import type { ResourceContext } from "./resource-context";
import { booleanSetting, positiveSeconds } from "./settings-spec";

export interface ConfigSource {
  get(key: string): string | undefined;
}

export type Operation = "create" | "update" | "delete";

export const DEFAULT_TIMEOUT_SECONDS: Record<Operation, number> = {
  create: 15 * 60,
  update: 60 * 60,
  delete: 10 * 60,
};

let stackConfig: ConfigSource = { get: () => undefined };

/** Reads of preview-time rules retry once, briefly: an outage skips the rule rather than stall the preview. */
const LOOKUPS = {
  name: "lookups",
  retry: { retries: 1, baseDelayMs: 200, maxDelayMs: 1000, throttleTimeoutMs: 10_000 },
};

export function configure(config: ConfigSource): void {
  stackConfig = config;
}

const setting = (key: string, env: string): string | undefined =>
  stackConfig.get(`compute:${key}`) ?? process.env[env];

export class SettingsError extends Error {}

/**
 * The client of the settings' API URL and token. For an operation, its throttled calls wait until
 * the operation's deadline (its wait timeout from now); otherwise each call until the client's
 * default (15 minutes).
 */
export function clientFromConfig(operation?: Operation, timeouts?: Timeouts): ComputeClient {
  const { apiUrl, token } = requireSettings();
  const client = clientOf(apiUrl, token);
  rememberLifecycles(client);
  return operation ? client.withDeadline(Date.now() + waitTimeout(operation, timeouts).ms) : client;
}

/** A resource's `customTimeouts` (its context's), as the program or the plugin gave them. */
type Timeouts = ResourceContext["timeouts"];

/** The client of the settings for the reads of preview-time rules (`lookups.ts`). */
export function lookupClient(): ComputeClient {
  const { apiUrl, token } = requireSettings();
  return clientOf(apiUrl, token, LOOKUPS);
}

/**
 * The API URL and token, or an error naming the config key and the environment variable to set.
 * Check calls it for every resource, so that a missing setting fails the preview.
 */
export function requireSettings(): { apiUrl: string; token: string } {
  const apiUrl = setting("apiUrl", "COMPUTE_API_URL");
  const token = setting("token", "COMPUTE_TOKEN");
  const missing = missingSetting({ apiUrl, token });
  if (missing || !apiUrl || !token) throw new SettingsError(missing);
  return { apiUrl, token };
}

/** The API URL of the settings, or undefined when none is set. */
export function apiUrlIfSet(): string | undefined {
  return setting("apiUrl", "COMPUTE_API_URL") || undefined;
}

/** The API token the provider acts with (never to be logged or stored), or undefined when none is set. */
export function apiToken(): string | undefined {
  return setting("token", "COMPUTE_TOKEN");
}

/**
 * The stack's secret that marks are made with (`stack-marks.ts`): `compute:recoveryKey`, else the
 * nonce the plugin's CheckConfig keeps in the default provider's inputs (`compute:recoveryNonce`,
 * `src/plugin/recovery-nonce.ts`); undefined without either. Never logged or stored by the provider.
 */
export function recoverySecret(): string | undefined {
  return stackConfig.get("compute:recoveryKey") || stackConfig.get("compute:recoveryNonce") || undefined;
}

/** Whether creates mark their objects (`compute:recoveryMarks`, default true; `stack-marks.ts`). */
export function recoveryMarks(): boolean {
  return booleanSetting(stackConfig.get("compute:recoveryMarks")) ?? true;
}

/** How long the waits of one operation may take, in ms. */
export function waitTimeoutMs(operation: Operation): number {
  return waitTimeout(operation).ms;
}

/**
 * How long the waits of one operation on a resource may take, and what said so (for the message of
 * a wait that ran out): the resource's `customTimeouts` (in its working inputs), else the settings.
 */
export function waitTimeout(operation: Operation, timeouts?: Timeouts): { ms: number; from?: string } {
  const custom = durationMs(timeouts?.[operation]);
  if (custom !== undefined && custom > 0) return { ms: custom, from: `customTimeouts.${operation}` };
  const perOperation = `${operation}TimeoutSeconds`;
  for (const [key, raw] of [
    [perOperation, stackConfig.get(`compute:${perOperation}`)],
    ["waitTimeoutSeconds", setting("waitTimeoutSeconds", "COMPUTE_WAIT_TIMEOUT_SECONDS")],
  ] as const) {
    if (raw === undefined || raw === "") continue;
    const seconds = positiveSeconds(raw);
    if (seconds === undefined) {
      throw new SettingsError(
        `compute:${key} must be a positive number of seconds, not ${JSON.stringify(raw)}`,
      );
    }
    return { ms: seconds * 1000 };
  }
  return { ms: DEFAULT_TIMEOUT_SECONDS[operation] * 1000 };
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 3.6e6,
};

/**
 * A Pulumi duration (Go's `time.ParseDuration`: `"2s"`, `"1h30m"`, `"1.5m"`) or a number of
 * seconds, in ms; undefined when absent or not a duration.
 */
export function durationMs(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value * 1000 : undefined;
  if (typeof value !== "string" || !/^((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$/.test(value))
    return undefined;
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    ms += Number(amount) * UNIT_MS[unit!]!;
  }
  return ms;
}

/** Each `customTimeouts` entry that is not a positive duration, as a check failure's property and reason. */
export function timeoutProblems(timeouts?: Timeouts): { property: string; reason: string }[] {
  if (typeof timeouts !== "object" || timeouts === null) return [];
  return Object.entries(timeouts)
    .filter(([, value]) => !((durationMs(value) ?? 0) > 0))
    .map(([operation, value]) => ({
      property: `customTimeouts.${operation}`,
      reason: `must be a positive duration such as "90s", "10m" or "1h30m" (got ${JSON.stringify(value)})`,
    }));
}
