/**
 * CheckConfig: the provider's settings as the engine gathers them (for the default provider, the
 * stack's `compute:*` config; for an explicit one, its arguments), checked before any resource is:
 * a name that is not a setting fails naming the closest one (`compute:apiurl`: did you mean
 * `compute:apiUrl`?), and a value of the wrong type fails naming the setting. The engine passes
 * `version` (and may pass `pluginDownloadURL`) beside them. During a preview an explicit provider's
 * argument may be another resource's output, not yet known: it passes, and the rest is checked.
 */
import {
  booleanSetting,
  closestName,
  containsUnknown,
  positiveSeconds,
  SETTINGS,
  type CheckFailure,
  type Props,
} from "../provider/core-interface";

/** What the engine adds to every provider's inputs. */
const RESERVED = new Set(["version", "pluginDownloadURL"]);

/** Why a setting's value is wrong, if it is. */
function problem(name: string, value: unknown): string | undefined {
  const spec = SETTINGS[name]!;
  if (value === undefined || value === null || containsUnknown(value)) return undefined;
  if (spec.type === "number") {
    return positiveSeconds(value) === undefined ? "must be a positive number of seconds" : undefined;
  }
  if (spec.type === "boolean") {
    return booleanSetting(value) === undefined ? "must be true or false" : undefined;
  }
  if (typeof value !== "string") return "must be a string";
  if (name === "apiUrl" && !/^https?:\/\/[^/\s]+/.test(value)) {
    return "must be the API's base URL, such as https://api.example.com/v4";
  }
  return undefined;
}

/**
 * The failures of the settings `news`; `stackConfig`: they come from the stack's config (the default
 * provider), so names are shown as config keys (`compute:apiUrl`), else as the provider's arguments.
 */
export function settingFailures(news: Props, stackConfig: boolean): CheckFailure[] {
  const shown = (name: string) => (stackConfig ? `\`compute:${name}\`` : `\`${name}\``);
  const failures: CheckFailure[] = [];
  for (const [name, value] of Object.entries(news)) {
    if (RESERVED.has(name) || name.startsWith("__")) continue;
    if (!Object.hasOwn(SETTINGS, name)) {
      const meant = closestName(name, Object.keys(SETTINGS));
      const what = stackConfig ? "a setting" : "an argument";
      failures.push({
        property: "",
        reason: `${shown(name)} is not ${what} of the compute provider${meant ? `; did you mean ${shown(meant)}?` : ` (its settings: ${Object.keys(SETTINGS).join(", ")})`}`,
      });
      continue;
    }
    const wrong = problem(name, value);
    if (wrong) failures.push({ property: "", reason: `${shown(name)} ${wrong}` });
  }
  return failures;
}
