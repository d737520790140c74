/** `check`: validates each input with the contract's field schema, naming the property and the
 * element (`tags[1]`); unknown values pass. */
import type { z } from "zod";
import { containsUnknown } from "./unknown";
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
    if (containsUnknown(value)) {
      inputs[property] = value;
      continue;
    }
    const result = (fieldSchema as z.ZodType).safeParse(value);
    if (result.success) {
      if (result.data !== undefined) inputs[property] = result.data;
    } else {
      for (const issue of result.error.issues)
        failures.push({ property: pathOf(property, issue.path), reason: issue.message });
    }
  }
  return { inputs, failures };
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
 * One line the engine prints as is: the path, the reason (without the field name it often starts
 * with), and, for an element or a field of an input (`tags[1]`, `alerts.cpu`), its value as JSON
 * when short and not secret. Given a property, the engine would print the whole property's value
 * Go-style (`{[{map[primary:{true}]}]}`), a secret's too.
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
  const shown = json !== undefined && json.length <= SHOWN_MAX ? ` (got ${json})` : "";
  // A rule's reason may name the element itself (`[0]: ...`): it goes on the path.
  const line = /^(\[\d+\]|\.\w)/.test(reason) ? `${path}${reason}` : `${path}: ${reason}`;
  return { property: "", reason: `${line}${shown}` };
}
