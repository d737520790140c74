/**
 * Values the program marks secret, kept secret through the plugin, by their property paths. The
 * plugin accepts secrets (Configure's `acceptSecrets: true`), and then the engine restores none of
 * them on the way back: a secret leaves the plugin secret only if the plugin wraps it again. So each
 * answer's properties are marked from the request they answer, by path:
 * - an output at the path of a secret input is secret, as the engine itself marks them for a
 *   provider that does not accept secrets (`annotateSecrets` in its `provider_plugin.go`): objects
 *   compared key by key, any other value (an array) secret as a whole;
 * - an output the kind says carries an input under another name (`carries`: a ConfigInterface's
 *   `vpcAddress` is its `ipv4.vpc`) is secret when that input is.
 * Nothing else is: no value is matched against another.
 * Error messages, check failures and progress lines of a request never show one of its secret values
 * (a string, a number, a boolean, or any of an object's): each is replaced by `[secret]` where it
 * stands whole in the text, never inside a longer word or number.
 */
import type { Props } from "../provider/core-interface";
import { isSecret, secret, unwrapSecrets } from "./values";

const REDACTED = "[secret]";

/** Whether a value holds a secret anywhere. */
export function containsSecrets(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  if (isObject(value)) return Object.values(value).some(containsSecrets);
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !isSecret(value);

/** The leaves of a value (strings, numbers, booleans), as text. */
function leaves(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) leaves(item, found);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) leaves(item, found);
  else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    const text = String(value);
    if (text !== "") found.add(text);
  }
  return found;
}

/** Every leaf a value holds inside a secret, as text. */
function secretLeaves(value: unknown, found = new Set<string>()): Set<string> {
  if (isSecret(value)) leaves(unwrapSecrets(value), found);
  else if (Array.isArray(value)) for (const item of value) secretLeaves(item, found);
  else if (isObject(value)) for (const item of Object.values(value)) secretLeaves(item, found);
  return found;
}

/** `outs` with each key whose value in `ins` holds a secret marked secret (objects key by key). */
export function markByKey(outs: Props, ins: Props): Props {
  const marked: Props = { ...outs };
  for (const [key, inValue] of Object.entries(ins)) {
    const outValue = marked[key];
    if (outValue === undefined || isSecret(outValue)) continue;
    if (isObject(outValue) && isObject(inValue)) marked[key] = markByKey(outValue, inValue);
    else if (containsSecrets(inValue)) marked[key] = secret(outValue);
  }
  return marked;
}

/** Whether the value at a dotted path (`ipv4.vpc`) of a request's bag is, or lies inside, a secret. */
export function isSecretAt(bag: Props, path: string): boolean {
  let value: unknown = bag;
  for (const key of path.split(".")) {
    if (isSecret(value)) return true;
    if (!isObject(value)) return false;
    value = value[key];
  }
  return containsSecrets(value);
}

/** A text's whole occurrences of `value`: not inside a longer word or number. */
const whole = (value: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "gu");

/** The secrets of one request: its property bags as the engine sent them (secrets still wrapped). */
export class RequestSecrets {
  /** The request's secret values as text, longest first (a longer one is replaced before a part of it). */
  readonly values: readonly string[];

  constructor(readonly bags: readonly Props[]) {
    const found = new Set<string>();
    for (const bag of bags) secretLeaves(bag, found);
    this.values = [...found].sort((a, b) => b.length - a.length);
  }

  /** Whether the request holds any secret. */
  get any(): boolean {
    return this.bags.some(containsSecrets);
  }

  /** The top-level inputs of the request's first bag (its new inputs) that hold a secret. */
  get inputs(): string[] {
    const news = this.bags[0] ?? {};
    return Object.keys(news).filter((key) => containsSecrets(news[key]));
  }

  /** The properties of an answer, marked by path from `from` (the request's bag they answer: by
   * default its first), and each output `carries` names (output → input path) whose input is secret. */
  mark(
    props: Props,
    from: Props = this.bags[0] ?? {},
    carries: Readonly<Record<string, string>> = {},
  ): Props {
    const marked = markByKey(props, from);
    for (const [output, input] of Object.entries(carries)) {
      const value = marked[output];
      if (value !== undefined && !isSecret(value) && isSecretAt(from, input)) marked[output] = secret(value);
    }
    return marked;
  }

  /** The text with each of the request's secret values replaced by `[secret]` where it stands whole. */
  redact(text: string): string {
    return this.values.reduce((redacted, value) => redacted.replace(whole(value), REDACTED), text);
  }
}
