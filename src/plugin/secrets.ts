/**
 * Values the program marks secret, kept secret through the plugin. The plugin accepts secrets
 * (Configure's `acceptSecrets: true`), and then the engine restores none of them on the way back: a
 * secret leaves the plugin secret only if the plugin wraps it again. So each answer's properties are
 * marked from the request they answer:
 * - by key, as the engine itself does for a provider that does not accept secrets
 *   (`annotateSecrets` in its `provider_plugin.go`): an output whose input of the same key held a
 *   secret is secret, objects compared key by key, any other value (an array) secret as a whole;
 * - by value: an output string that holds a secret string of the request (the API echoing it under
 *   another name) is secret too.
 * Error messages, check failures and progress lines have every secret string the process has seen
 * replaced by `[secret]`: a line about one resource may name another (a snapshot's line, the label of
 * its instance, which the request for the snapshot does not carry), and the engine sends the requests
 * of a resource's dependencies first. Only strings are matched by value: a secret number or boolean
 * is kept secret by key.
 */
import type { Props } from "../provider/core/props";
import { isSecret, secret } from "./values";

const REDACTED = "[secret]";

/** Every secret string a request to this process has held, longest first. */
let seen: string[] = [];

function remember(strings: Iterable<string>): void {
  const known = new Set(seen);
  const added = [...strings].filter((s) => !known.has(s));
  if (added.length > 0) seen = [...seen, ...added].sort((a, b) => b.length - a.length);
}

/** Whether a value holds a secret anywhere. */
export function containsSecrets(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  if (isObject(value)) return Object.values(value).some(containsSecrets);
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !isSecret(value);

/** The non-empty strings a value holds inside a secret. */
function secretStrings(value: unknown, inside = false, found = new Set<string>()): Set<string> {
  if (isSecret(value)) secretStrings(value.value, true, found);
  else if (typeof value === "string") {
    if (inside && value !== "") found.add(value);
  } else if (Array.isArray(value)) for (const item of value) secretStrings(item, inside, found);
  else if (isObject(value)) for (const item of Object.values(value)) secretStrings(item, inside, found);
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

/** `value` with each string that holds one of `strings` marked secret. */
function markByValue(value: unknown, strings: readonly string[]): unknown {
  if (isSecret(value)) return value;
  if (typeof value === "string") return strings.some((s) => value.includes(s)) ? secret(value) : value;
  if (Array.isArray(value)) return value.map((item) => markByValue(item, strings));
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markByValue(item, strings)]));
  }
  return value;
}

/** The secrets of one request: its property bags as the engine sent them (secrets still wrapped). */
export class RequestSecrets {
  /** The secret strings, longest first (a longer one is replaced before a part of it). */
  readonly strings: readonly string[];

  constructor(readonly bags: readonly Props[]) {
    const found = new Set<string>();
    for (const bag of bags) secretStrings(bag, false, found);
    this.strings = [...found].sort((a, b) => b.length - a.length);
    remember(found);
  }

  /** Whether the request holds any secret. */
  get any(): boolean {
    return this.bags.some(containsSecrets);
  }

  /** The properties of an answer, marked by key from `from` (the request's bag they answer: by
   * default its first) and by value from every secret string of the request. */
  mark(props: Props, from: Props = this.bags[0] ?? {}): Props {
    const byKey = markByKey(props, from);
    return this.strings.length === 0 ? byKey : (markByValue(byKey, this.strings) as Props);
  }

  /** The text with every secret string of the request, and of the requests before it, replaced by `[secret]`. */
  redact(text: string): string {
    let redacted = text;
    for (const s of seen) redacted = redacted.split(s).join(REDACTED);
    return redacted;
  }
}
