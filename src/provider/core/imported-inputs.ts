/**
 * The inputs of an object a program imports (the plugin's `pulumi import`, `compute-import`): what
 * the provider reads back, less what a program may leave out and would not write: undefined values
 * (the inputs the API never returns among them), values equal to the spec's `defaults`, and values
 * of inputs the API chose that mean "not managed here" (the spec's `leftOutOfImports`). An import
 * compares the program's inputs with the object, so whatever is left out here is no difference.
 */
import { isDeepStrictEqual } from "node:util";
import type { AnySpec, Props } from "./resource-spec";

export function importedInputs(spec: AnySpec, outputs: Props): Props {
  const defaults: Props = spec.defaults ?? {};
  const inputs: Props = {};
  for (const key of Object.keys(spec.inputs.shape)) {
    const value = outputs[key];
    if (value === undefined || isDeepStrictEqual(value, defaults[key])) continue;
    if (spec.leftOutOfImports?.(key, value, outputs)) continue;
    inputs[key] = value;
  }
  return inputs;
}
