/**
 * The outputs a preview of an update shows (the plugin answers Configure with `supportsPreview`, so
 * the engine asks the provider rather than taking the new inputs for the outputs): the stored outputs,
 * with the new inputs (what the program leaves out that it declared before: unknown, for the API then
 * keeps or picks a value of its own), and unknown for each computed output the update sets anew. An
 * output the spec's `keptByUpdate` keeps while none of its inputs change shows as it is, so that what
 * reads an instance's `ipv4` after a change of its label previews with the address, not an unknown.
 */
import { isDeepStrictEqual } from "node:util";
import { DECLARED, declaredKeys, FORMER_DECLARED, storedInputs, withDefaults } from "./declared";
import { withPending } from "./pending";
import type { AnySpec, Props } from "./resource-spec";
import { UNKNOWN } from "./unknown";

const declares = (value: unknown) => value !== undefined && value !== null;

/** The outputs an update of these stored outputs (`olds`) to the inputs `news` is expected to give. */
export function previewUpdateOutputs(spec: AnySpec, olds: Props, news: Props): Props {
  const before = storedInputs(spec, olds) ?? {};
  const [was, filled] = [withDefaults(spec, before), withDefaults(spec, news)];
  const inputs = Object.keys(spec.inputs.shape);
  const changed = new Set(inputs.filter((key) => !isDeepStrictEqual(was[key], filled[key])));
  // The core's outputs under this version's names, as the update writes them (an older state's too).
  const outs: Props = Object.fromEntries(
    Object.entries(withPending(olds)).filter(([key]) => key !== FORMER_DECLARED && key !== "schemaVersion"),
  );
  for (const key of inputs) {
    if (declares(filled[key])) outs[key] = filled[key];
    else if (declares(before[key])) outs[key] = UNKNOWN;
  }
  for (const key of spec.computed) {
    const keptUnless = key === "created" ? [] : spec.keptByUpdate?.[key];
    if (!keptUnless || keptUnless.some((input) => changed.has(input))) outs[key] = UNKNOWN;
  }
  outs[DECLARED] = declaredKeys(spec, news);
  return outs;
}
