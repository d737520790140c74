/**
 * How a data function matches labels: a glob or a regular expression, with the part of a glob the
 * API can filter on sent as an `X-Filter` condition and the rest checked here.
 */
import type { ListFilter } from "../contract/filter";
import { ArgumentError } from "./call";

/** How a list function matches labels. */
export interface LabelArgs {
  /**
   * A glob on the whole label, case-sensitive: `*` is any run of characters, `?` one character
   * (`Debian *`, `Ubuntu 2?.04*`). Without a wildcard it is the exact label.
   */
  label?: string;
  /** A regular expression (JavaScript syntax) the label must contain a match of: `^Debian \d+$`. */
  labelRegex?: string;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function globToRegex(glob: string): RegExp {
  const source = glob
    .split(/([*?])/)
    .map((part) => (part === "*" ? ".*" : part === "?" ? "." : escapeRegex(part)))
    .join("");
  return new RegExp(`^${source}$`, "s");
}

/** @internal A test of a label against `label` and `labelRegex` (both must hold when both are given). */
export function labelTest(args: LabelArgs): (label: string) => boolean {
  const tests: RegExp[] = [];
  if (args.label !== undefined) tests.push(globToRegex(args.label));
  if (args.labelRegex !== undefined) {
    try {
      tests.push(new RegExp(args.labelRegex));
    } catch (err) {
      const invalid = "is not a valid regular expression";
      throw new ArgumentError(
        "labelRegex",
        `labelRegex ${JSON.stringify(args.labelRegex)} ${invalid}: ${(err as Error).message}`,
        `labelRegex ${invalid}`,
      );
    }
  }
  return (label) => tests.every((re) => re.test(label));
}

/**
 * @internal
 * The part of a label glob the API can check (an `X-Filter` condition): the exact label when
 * there is no wildcard, else `+contains` of its longest literal run; the glob is then checked
 * here. Undefined when there is nothing to send.
 */
export function labelCondition(glob: string | undefined): ListFilter[string] {
  if (glob === undefined) return undefined;
  if (!/[*?]/.test(glob)) return glob;
  const longest = glob.split(/[*?]/).reduce((a, b) => (b.length > a.length ? b : a), "");
  return longest ? { "+contains": longest } : undefined;
}

/**
 * @internal
 * A listing by label: `filter` is the \`X-Filter\` of `conditions` with the part of the `label` glob
 * the API can filter; `keep` applies the whole glob and `labelRegex` (which the API cannot) to what
 * the list returned. A bad `labelRegex` fails here, before anything is listed.
 */
export function byLabel(args: LabelArgs, conditions: Record<string, unknown> = {}) {
  const matches = labelTest(args);
  return {
    filter: filterOf({ label: labelCondition(args.label), ...conditions }),
    keep: <R extends { label: string }>(records: R[]) => records.filter((r) => matches(r.label)),
  };
}

/** @internal A filter object, or undefined when it holds no condition. */
export function filterOf(conditions: Record<string, unknown>): ListFilter | undefined {
  const kept = Object.entries(conditions).filter(([, v]) => v !== undefined);
  return kept.length ? (Object.fromEntries(kept) as ListFilter) : undefined;
}
