/**
 * Names of the declared resources, from labels: the Pulumi logical name (the label, where it holds
 * only letters, digits, `.`, `_` and `-`; other runs become `-`), unique per kind; and the program's
 * variable, the logical name in camelCase (snake_case in Python), unique in the program, a word no
 * language of compute-import reserves. Collisions get a numeric suffix
 * (`app`, `app-2`); disks, configs and interfaces are named after their parent too (`db-1-root`).
 */
import type { Found } from "./account";
import { NAMED_UNDER_PARENT, type ImportKind } from "./kinds";

export interface Names {
  /** The Pulumi logical name (the resource's first argument). */
  logical: string;
  /** The program's variable (camelCase). */
  variable: string;
}

/** Words JavaScript, Python (as snake_case writes them) and Go reserve, and the programs' own names. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with implements interface let package private protected public static " +
    "yield await arguments eval undefined NaN Infinity compute pulumi " +
    "and as assert async def del elif except from global is lambda nonlocal not or pass raise config " +
    "chan defer fallthrough func go goto map range select struct type ctx err cfg main"
  ).split(" "),
);

const lowerFirst = (word: string) => word.charAt(0).toLowerCase() + word.slice(1);
const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `legacy-net` → `legacyNet`, `Debian 12 Disk` → `debian12Disk`, `DB_main` → `dbMain`, `web1-2` → `web1_2`. */
export function camelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let name = "";
  for (const word of words) {
    if (name === "") name = word === word.toUpperCase() ? word.toLowerCase() : lowerFirst(word);
    else name += (/[0-9]$/.test(name) && /^[0-9]/.test(word) ? "_" : "") + upperFirst(word);
  }
  return name;
}

/** A valid identifier from `text`: the kind's word when empty, in front of a digit, or after a reserved word. */
export function identifier(text: string, kind: ImportKind): string {
  const name = camelCase(text);
  if (name === "") return lowerFirst(kind);
  if (/^[0-9]/.test(name)) return lowerFirst(kind) + name;
  return RESERVED.has(name) ? name + kind : name;
}

/** A logical name from a label: runs of other characters than letters, digits, `.`, `_`, `-` become `-`. */
export function logicalName(label: string, kind: ImportKind): string {
  const name = label.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "");
  return name === "" ? camelCase(kind).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : name;
}

/** `name`, else `name<sep>2`, `name<sep>3`, ... whichever `taken` does not hold yet (then it does). A
 * variable ending in a digit takes `_` as separator (`web1_2`, not `web12`). */
function unique(name: string, taken: Set<string>, separator: string): string {
  if (separator === "" && /[0-9]$/.test(name)) separator = "_";
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${separator}${n}`;
  taken.add(candidate);
  return candidate;
}

/** `Kind:id`: one object, whichever copy of it holds it. */
export const keyOf = (object: Pick<Found, "kind" | "id">) => `${object.kind}:${object.id}`;

/** The names of each object, by `keyOf`; parents come before their children. */
export function nameAll(objects: readonly Found[]): Map<string, Names> {
  const names = new Map<string, Names>();
  const logicalTaken = new Map<ImportKind, Set<string>>();
  const variables = new Set<string>();
  for (const object of objects) {
    const own = logicalName(object.label, object.kind);
    const parent = object.parent && names.get(keyOf(object.parent));
    const base = parent && NAMED_UNDER_PARENT.includes(object.kind) ? `${parent.logical}-${own}` : own;
    const taken = logicalTaken.get(object.kind) ?? new Set<string>();
    logicalTaken.set(object.kind, taken);
    const logical = unique(base, taken, "-");
    names.set(keyOf(object), { logical, variable: unique(identifier(logical, object.kind), variables, "") });
  }
  return names;
}
