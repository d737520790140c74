/**
 * What the engine's own import leaves in the state (the plugin form: the `import` option and
 * `pulumi import` Read the object by its ID alone, and the engine keeps what Read returned): outputs
 * made from the API alone. They hold no input the API never returns (a root password, keys, a
 * StackScript's data, metadata), and objects in the API's whole shape (every alert) where a program
 * may declare a part. Such outputs are marked (`__imported`) until a create or update writes them
 * anew, and the state the program's inputs are compared with (diff, update) takes the program's
 * value where it holds none or where no object holds one (the spec's `programOnly`: the Read filled
 * in its default) and its objects cut to the keys the program declares: importing writes
 * nothing and leaves no diff, as an import by create (the TypeScript classes) does. What the API does
 * return and the program says otherwise fails the import step's check (`import-object.ts`).
 */
import type { AnySpec, Props } from "./resource-spec";

/** The output marking outputs made by an import's Read (a `__` key: stored, never shown). */
export const IMPORTED = "__imported";

/** An import's Read's outputs, marked. */
export const markedImported = (outputs: Props): Props => ({ ...outputs, [IMPORTED]: true });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The stored value as the program declares it: its objects cut to the keys the program gives, a
 * part it does not hold taken from the program. */
function shapedLike(stored: unknown, asked: unknown): unknown {
  if (asked === undefined) return stored;
  if (stored === undefined) return asked;
  if (isPlainObject(stored) && isPlainObject(asked)) {
    return Object.fromEntries(Object.keys(asked).map((key) => [key, shapedLike(stored[key], asked[key])]));
  }
  if (Array.isArray(stored) && Array.isArray(asked) && stored.length === asked.length) {
    return stored.map((item, i) => shapedLike(item, asked[i]));
  }
  return stored;
}

/**
 * The stored state (outputs with the stored inputs over them) as `news` are compared with it: for
 * outputs an import's Read made, each input shaped as the program declares it; any other state as it is.
 */
export function comparedState(spec: AnySpec, stored: Props, news: Props): Props {
  if (stored[IMPORTED] !== true) return stored;
  const shaped: Props = { ...stored };
  const programOnly: readonly string[] = spec.programOnly ?? [];
  for (const key of Object.keys(spec.inputs.shape)) {
    // What no object holds (`programOnly`): the Read filled in the default, the program says.
    const value = programOnly.includes(key) ? news[key] : shapedLike(stored[key], news[key]);
    if (value !== undefined) shaped[key] = value;
  }
  return shaped;
}

/**
 * The stored state a delete acts on: for outputs an import's Read made, the stored inputs' values of
 * what no object holds (the spec's `programOnly`: an interface's `allowReboot`, a Tag's `instances`)
 * over the defaults that Read filled in, once an `up` has stored the program's inputs; any other
 * state as it is (a create or update wrote the program's values into it).
 */
export function withProgramOnly(spec: AnySpec, outputs: Props, inputs: Props): Props {
  if (outputs[IMPORTED] !== true) return outputs;
  const held = (spec.programOnly ?? []).filter((key) => inputs[key] !== undefined && inputs[key] !== null);
  return { ...outputs, ...Object.fromEntries(held.map((key) => [key, inputs[key]])) };
}
