/** `check`: validates each input with the contract's field schema, naming the property and the
 * element (`tags[1]`); unknown values pass, and so does what they could make wrong. */
import { z } from "zod";
import { closestName } from "./closest-name";
import { originOf } from "./issue-origin";
import { shownValue } from "./shown-value";
import { containsUnknown, UNKNOWN } from "./unknown";
import type { Props } from "./props";

export interface CheckFailure {
  property: string;
  reason: string;
}

/** Whether check looks at a resource not yet in the state: the engine passes no old inputs for it. */
export const isNewResource = (olds: Props | undefined): boolean => Object.keys(olds ?? {}).length === 0;

export function checkInputs(
  schema: z.ZodObject,
  news: Props,
  defaults: Props = {},
): { inputs: Props; failures: CheckFailure[] } {
  const inputs: Props = {};
  const failures: CheckFailure[] = [];
  for (const [property, fieldSchema] of Object.entries(schema.shape)) {
    const value = news[property] ?? defaults[property];
    if (value === UNKNOWN) {
      inputs[property] = value;
      continue;
    }
    const partlyKnown = containsUnknown(value);
    const issues = issuesOf(fieldSchema, value, partlyKnown);
    if (issues === "valid") {
      if (value !== undefined) inputs[property] = value;
      continue;
    }
    if (!Array.isArray(issues)) {
      if (issues.data !== undefined) inputs[property] = issues.data;
      continue;
    }
    if (partlyKnown) inputs[property] = value;
    for (const issue of issues)
      failures.push({
        property: pathOf(property, issue.path),
        reason: issue.message + camelHint(fieldSchema, value, issue),
      });
  }
  return { inputs, failures };
}

/**
 * A failure for each input name the kind does not have (`lable`), naming the one it most likely
 * means, else the kind's inputs. `__` keys (the dynamic host's `__provider`, the core's outputs)
 * are not the program's. No property: the engine would print the value, and a misspelt secret's is one.
 */
export function unknownInputs(kind: string, schema: z.ZodObject, news: Props): CheckFailure[] {
  const names = Object.keys(schema.shape);
  return Object.keys(news)
    .filter((key) => !key.startsWith("__") && !Object.hasOwn(schema.shape, key))
    .map((key) => {
      const meant = closestName(key, names);
      const hint = meant ? `; did you mean \`${meant}\`?` : ` (its inputs: ${names.join(", ")})`;
      return { property: "", reason: `\`${key}\` is not an input of ${kind}${hint}` };
    });
}

/**
 * The value's issues; for a value holding unknowns (a list or object with an element not yet
 * known) only those no unknown can cause: a wrong element or field that is known, or a key the
 * input does not have (`subnet_id` inside `interfaces`). `"valid"` keeps the value as the program
 * gave it (its unknowns); `{ data }` is the parsed value.
 */
function issuesOf(
  fieldSchema: z.core.$ZodType,
  value: unknown,
  partlyKnown: boolean,
): z.core.$ZodIssue[] | { data: unknown } | "valid" {
  let result: z.ZodSafeParseResult<unknown>;
  try {
    result = z.safeParse(fieldSchema, value);
  } catch (err) {
    // A rule may not expect the engine's placeholder where a known value will be.
    if (partlyKnown) return "valid";
    throw err;
  }
  if (result.success) return partlyKnown ? "valid" : { data: result.data };
  if (!partlyKnown) return result.error.issues;
  const known = result.error.issues.filter((issue) => {
    const { code, path } = originOf(issue);
    return code === "unrecognized_keys" || !containsUnknown(valueAtPath(value, path));
  });
  return known.length > 0 ? known : "valid";
}

const valueAtPath = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === "object" ? Reflect.get(at, key) : undefined), value);

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * For a snake_case key an object does not have, the camelCase key it does (` (did you mean
 * "subnetId"?)`): what a program writes that spells a nested input's keys as its language does,
 * past an SDK's typing (a plain dict, a map).
 */
function camelHint(fieldSchema: z.core.$ZodType, value: unknown, issue: z.core.$ZodIssue): string {
  const { code, path, keys } = originOf(issue);
  if (code !== "unrecognized_keys" || !keys) return "";
  const at = valueAtPath(value, path);
  if (!at || typeof at !== "object") return "";
  const renamed = keys.filter((key) => key.includes("_") && camelCase(key) !== key);
  const known = renamed.filter((key) => {
    const copy = structuredClone(value);
    const target = valueAtPath(copy, path);
    if (!target || typeof target !== "object") return false;
    Reflect.set(target, camelCase(key), Reflect.get(target, key));
    Reflect.deleteProperty(target, key);
    let result: z.ZodSafeParseResult<unknown>;
    try {
      result = z.safeParse(fieldSchema, copy);
    } catch {
      return false;
    }
    return !result.error?.issues.some((other) => {
      const origin = originOf(other);
      return (
        origin.code === "unrecognized_keys" &&
        origin.keys?.includes(camelCase(key)) &&
        origin.path.join(".") === path.join(".")
      );
    });
  });
  return known.length > 0 ? ` (did you mean ${known.map((key) => `"${camelCase(key)}"`).join(", ")}?)` : "";
}

/** `tags` and `[1]` → `tags[1]`; `alerts` and `["cpu"]` → `alerts.cpu`. */
function pathOf(property: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (at, key) => (typeof key === "number" ? `${at}[${key}]` : `${at}.${String(key)}`),
    property,
  );
}

/** The value at a failure's path (`interfaces[1].purpose`) in the program's inputs. */
function valueAt(inputs: Props, path: string): unknown {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter((key) => key !== undefined && key !== "")
    .reduce<unknown>(
      (value, key) => (value && typeof value === "object" ? Reflect.get(value, key) : undefined),
      inputs,
    );
}

/** Longer values are left out of a message: the path names them. */
const SHOWN_MAX = 80;

/**
 * One line naming the path: the reason (without the field name it often starts with), and, for an
 * element or a field of an input (`tags[1]`, `alerts.cpu`), its value as JSON when short and not
 * secret. The property is the program's input the failure is in (`tags` for `tags[1]`), for the
 * plugin; none for a secret input or a name that is not an input: the engine prints a property's
 * value (Go-style, a secret's too). The dynamic form sends no property (`runtime.ts` `shim`).
 */
export function rendered(failure: CheckFailure, inputs: Props, secrets: readonly string[]): CheckFailure {
  if (failure.property === "") return failure;
  const path = failure.property;
  const top = path.split(/[.[]/)[0]!;
  const reason = [path, top].reduce(
    (text, name) => (text.startsWith(`${name} must `) ? text.slice(name.length + 1) : text),
    failure.reason,
  );
  const value = path === top ? undefined : valueAt(inputs, path);
  const json = secrets.includes(top) || value === undefined ? undefined : JSON.stringify(value);
  const shown = json !== undefined && json.length <= SHOWN_MAX ? shownValue(json) : "";
  // A rule's reason may name the element itself (`[0]: ...`): it goes on the path.
  const line = /^(\[\d+\]|\.\w)/.test(reason) ? `${path}${reason}` : `${path}: ${reason}`;
  const property = Object.hasOwn(inputs, top) && !secrets.includes(top) ? top : "";
  return { property, reason: `${line}${shown}` };
}
