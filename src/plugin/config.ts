/**
 * The provider's settings as Configure gives them. The engine builds both fields from the same
 * provider inputs (the default provider's come from stack config, an explicit provider's from its
 * arguments): `variables` as strings named `compute:config:<name>` (secrets unwrapped, other values
 * JSON), `args` as values (`apiUrl`, a secret `token`, the wait timeouts), which win where both give
 * one. The provider reads them as `compute:<name>` (`settings.ts`).
 */
import type { ConfigSource } from "../provider/core-interface";

export function configSource(
  variables: ReadonlyMap<string, string>,
  args: Record<string, unknown>,
): ConfigSource {
  const values = new Map<string, string>();
  for (const [key, value] of variables) {
    const match = /^compute:config:(.+)$/.exec(key);
    if (match) values.set(`compute:${match[1]}`, value);
  }
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || key.startsWith("__")) continue;
    values.set(`compute:${key}`, typeof value === "string" ? value : JSON.stringify(value));
  }
  return { get: (key) => values.get(key) };
}
