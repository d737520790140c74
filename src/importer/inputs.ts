/**
 * A found object's inputs, as the provider reads them back: the spec's `read` and `toOutputs` with
 * the object's props, kept to the spec's inputs. An import fails on any input whose value differs
 * from what the provider reads, so the program gets exactly these, less what it may leave out: values
 * equal to the spec's defaults, undefined ones (the inputs the API never returns among them), and
 * those that mean "not managed here" (`leftOut`).
 */
import { isDeepStrictEqual } from "node:util";
import type { ComputeClient } from "../client/compute-client";
import type { Props } from "../provider/core/resource-spec";
import type { Found } from "./account";
import { leftOut, SPECS, type ImportKind } from "./kinds";

export interface Declared extends Found {
  /** What the spec's read answered. */
  record: unknown;
  /** The inputs the program declares, IDs as numbers. */
  inputs: Props;
}

export function inputsFrom(kind: ImportKind, outputs: Props): Props {
  const spec = SPECS[kind];
  const defaults = (spec.defaults ?? {}) as Props;
  const inputs: Props = {};
  for (const key of Object.keys(spec.inputs.shape)) {
    const value = outputs[key];
    if (value === undefined || isDeepStrictEqual(value, defaults[key])) continue;
    if (leftOut(kind, key, value, outputs)) continue;
    inputs[key] = value;
  }
  return inputs;
}

export async function readInputs(client: ComputeClient, found: Found): Promise<Declared> {
  const spec = SPECS[found.kind];
  const record: unknown = await spec.read(client, found.id, found.props);
  return { ...found, record, inputs: inputsFrom(found.kind, spec.toOutputs(record, found.props)) };
}
