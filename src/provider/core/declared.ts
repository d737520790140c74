/**
 * What the program declared. The engine shows a change as the difference between the inputs it
 * stores (what check returned, or what read returned after a refresh) and check's new inputs, and a
 * dynamic provider cannot tell it otherwise (its host forwards no detailed diff). So: check returns
 * only the inputs the program declares (defaults are filled in for the API calls, never stored as
 * inputs), the outputs remember which inputs were declared (`__declaredInputs`, a key the engine
 * keeps out of its displays), and read returns
 * those inputs as the API holds them, so that drift shows too. diff lets the engine name the changed
 * inputs whenever its view of them is the provider's.
 */
import { isDeepStrictEqual } from "node:util";
import type { AnySpec, Props } from "./resource-spec";

/** The output listing the inputs the program declared at the last create or update. */
export const DECLARED = "__declaredInputs";
/** Its name in state written before schema version 4. */
export const FORMER_DECLARED = "declaredInputs";

/** The inputs stored outputs list as declared, under this version's name or the former one. */
export const declaredIn = (outputs: Props): unknown => outputs[DECLARED] ?? outputs[FORMER_DECLARED];

const declares = (value: unknown) => value !== undefined && value !== null;

/** The spec's inputs the program gives a value. */
export function declaredKeys(spec: AnySpec, inputs: Props): string[] {
  return Object.keys(spec.inputs.shape).filter((key) => declares(inputs[key]));
}

/** Checked inputs without the defaults check filled in for the spec's inputs: what the engine
 * stores and diffs. Other keys (the core's) are kept. */
export function declaredOnly(spec: AnySpec, checked: Props, news: Props): Props {
  const keys = new Set(declaredKeys(spec, news));
  const own = spec.inputs.shape;
  return Object.fromEntries(Object.entries(checked).filter(([key]) => !(key in own) || keys.has(key)));
}

/** Inputs with the spec's defaults for what the program leaves out: what the API calls take. */
export function withDefaults(spec: AnySpec, inputs: Props): Props {
  const filled = { ...inputs };
  for (const [key, value] of Object.entries(spec.defaults ?? {})) {
    if (!declares(filled[key])) filled[key] = value;
  }
  return filled;
}

/**
 * The spec's inputs as the engine holds them for these outputs: the declared ones, with the values
 * the outputs hold. Undefined for outputs written before they listed what was declared.
 */
export function storedInputs(spec: AnySpec, outputs: Props): Props | undefined {
  const declared = declaredIn(outputs);
  if (!Array.isArray(declared)) return undefined;
  const known = new Set(Object.keys(spec.inputs.shape));
  return Object.fromEntries(
    declared
      .filter((key): key is string => typeof key === "string" && known.has(key))
      .filter((key) => declares(outputs[key]))
      .map((key) => [key, outputs[key]]),
  );
}

/**
 * Whether the engine's own diff of its stored inputs against `news` finds exactly the inputs the
 * provider found changed, so that leaving the diff to the engine names them (and their kinds: a
 * value changed, an input added or removed by the program), a secret's included.
 */
export function engineNamesChanges(spec: AnySpec, olds: Props, news: Props, changed: string[]): boolean {
  const stored = storedInputs(spec, olds);
  if (stored === undefined || changed.length === 0) return false;
  const differ = Object.keys(spec.inputs.shape).filter((key) => !isDeepStrictEqual(stored[key], news[key]));
  return differ.length === changed.length && differ.every((key) => changed.includes(key));
}

/**
 * Stored outputs with the stored inputs over them, as the engine keeps both (the plugin form): an
 * input the API never returns, or holds otherwise than the program declared it, is the program's.
 */
export function withStoredInputs(spec: AnySpec, outputs: Props, inputs: Props): Props {
  const own = Object.keys(spec.inputs.shape).filter((key) => key in inputs);
  return { ...outputs, ...Object.fromEntries(own.map((key) => [key, inputs[key]])) };
}
