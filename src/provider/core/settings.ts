/**
 * The provider's settings, read at run time inside the provider process (never captured into the
 * serialized provider): stack config first, then the environment.
 * - API URL and token: `compute:apiUrl` / `COMPUTE_API_URL`, `compute:token` (set with `--secret`)
 *   / `COMPUTE_TOKEN`.
 * - How long waits may take: `compute:createTimeoutSeconds`, `compute:updateTimeoutSeconds`,
 *   `compute:deleteTimeoutSeconds` per operation, else `compute:waitTimeoutSeconds` for all
 *   (environment: `COMPUTE_WAIT_TIMEOUT_SECONDS`), else 15 / 60 / 10 minutes as the peers use.
 *   Pulumi's `customTimeouts` never reach dynamic providers, hence these settings.
 */
import type { ComputeClient } from "../../client/compute-client";
import { clientOf, missingSetting } from "../../client/from-settings";
import { rememberLifecycles } from "./lifecycle-memory";

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
export function clientFromConfig(operation?: Operation): ComputeClient {
  const { apiUrl, token } = requireSettings();
  const client = clientOf(apiUrl, token);
  rememberLifecycles(client);
  return operation ? client.withDeadline(Date.now() + waitTimeoutMs(operation)) : client;
}

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

/** The API token the provider acts with (never to be logged or stored), or undefined when none is set. */
export function apiToken(): string | undefined {
  return setting("token", "COMPUTE_TOKEN");
}

/** How long the waits of one operation may take, in ms. */
export function waitTimeoutMs(operation: Operation): number {
  const perOperation = `${operation}TimeoutSeconds`;
  for (const [key, raw] of [
    [perOperation, stackConfig.get(`compute:${perOperation}`)],
    ["waitTimeoutSeconds", setting("waitTimeoutSeconds", "COMPUTE_WAIT_TIMEOUT_SECONDS")],
  ] as const) {
    if (raw === undefined || raw === "") continue;
    const seconds = Number(raw);
    if (!Number.isFinite(seconds) || seconds <= 0) {
      throw new SettingsError(
        `compute:${key} must be a positive number of seconds, not ${JSON.stringify(raw)}`,
      );
    }
    return seconds * 1000;
  }
  return DEFAULT_TIMEOUT_SECONDS[operation] * 1000;
}
