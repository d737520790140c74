/** The CLI's `--faults` and `--rate-limits` values, checked against the control API's schemas. */
import { FaultProfile, issuesToErrors, RateLimitRequest } from "../contract";
import type { RateLimitOption } from "./rate-limit";

function json(flag: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${flag} must be JSON, got ${value}`);
  }
}

function problems(flag: string, error: Parameters<typeof issuesToErrors>[0]): Error {
  const items = issuesToErrors(error).map((e) => (e.field ? `${e.field}: ${e.reason}` : e.reason));
  return new Error(`${flag}: ${items.join("; ")}`);
}

/** `--faults '{"error_rate":0.1,"latency_ms":50,"seed":7}'`. */
export function parseFaultsFlag(value: string): FaultProfile {
  const parsed = FaultProfile.safeParse(json("--faults", value));
  if (!parsed.success) throw problems("--faults", parsed.error);
  return parsed.data;
}

/** `--rate-limits on|off|<json>`: `on` is the real API's limits; JSON changes some numbers. */
export function parseRateLimitsFlag(value: string): RateLimitOption {
  if (value === "on") return true;
  if (value === "off") return false;
  const parsed = RateLimitRequest.safeParse(json("--rate-limits", value));
  if (!parsed.success) throw problems("--rate-limits", parsed.error);
  return parsed.data;
}
