/**
 * The provider's settings, each with its type and what it says: stack config `compute:<name>` or the
 * arguments of an explicit provider (`settings.ts` reads them). The package schema's config and
 * provider inputs, and the plugin's CheckConfig, read them from here.
 */
export interface SettingSpec {
  type: "string" | "number" | "boolean";
  secret?: boolean;
  description: string;
}

/** A boolean setting's value (config gives it as a string), if it is one. */
export function booleanSetting(raw: unknown): boolean | undefined {
  if (typeof raw === "boolean") return raw;
  if (typeof raw !== "string") return undefined;
  return raw === "true" ? true : raw === "false" ? false : undefined;
}

/** A timeout setting's value as seconds, if it is a positive number (config gives it as a string). */
export function positiveSeconds(raw: unknown): number | undefined {
  if (typeof raw === "string" && raw.trim() === "") return undefined;
  const seconds = typeof raw === "number" || typeof raw === "string" ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export const SETTINGS: Record<string, SettingSpec> = {
  apiUrl: {
    type: "string",
    description: "The API's base URL, e.g. `https://api.example.com/v4`. Environment: `COMPUTE_API_URL`.",
  },
  token: {
    type: "string",
    secret: true,
    description:
      "The API token the provider acts with (set it with `--secret`). Environment: `COMPUTE_TOKEN`.",
  },
  waitTimeoutSeconds: {
    type: "number",
    description:
      "How long the waits of any operation may take, in seconds, unless a per-operation setting or the " +
      "resource's `customTimeouts` says otherwise. Environment: `COMPUTE_WAIT_TIMEOUT_SECONDS`.",
  },
  createTimeoutSeconds: { type: "number", description: "How long a create's waits may take, in seconds." },
  updateTimeoutSeconds: { type: "number", description: "How long an update's waits may take, in seconds." },
  deleteTimeoutSeconds: { type: "number", description: "How long a delete's waits may take, in seconds." },
  recoveryKey: {
    type: "string",
    secret: true,
    description:
      "A secret of the stack (set it with `--secret`, e.g. `$(openssl rand -hex 16)`) that marks the objects " +
      "a create makes until the create returns, so that a `pulumi up` interrupted on one machine is recovered " +
      "on any other (a CI runner, a teammate): the next `up` adopts what the interrupted creates made, and " +
      "nothing else. The plugin keeps a secret of its own in the provider's state when this is not set; " +
      "the TypeScript form needs this setting. See docs/reliability.md.",
  },
  recoveryMarks: {
    type: "boolean",
    description:
      "Whether a create marks its object until the create returns (default `true`). `false` saves the " +
      "write that takes each mark off (a create is then its POST alone, which keeps a large `up` within " +
      "the API's general rate limit), at a price: a `pulumi up` interrupted on one machine is then " +
      "recovered on that machine only, and on any other the objects its creates made are named, not " +
      "adopted. See docs/reliability.md.",
  },
};
