/**
 * A found object's inputs, as the provider reads them back: the spec's `read` and `toOutputs` with
 * the object's props, kept to the spec's inputs. An import fails on any input whose value differs
 * from what the provider reads, so the program gets exactly these, less what it may leave out
 * (`provider/core/imported-inputs.ts`, as the plugin's `pulumi import` writes them too).
 */
import type { ComputeClient } from "../client/compute-client";
import type { Props } from "../provider/core/resource-spec";
import type { Found } from "./account";
import { importedInputs } from "../provider/core/imported-inputs";
import { SPECS, type ImportKind } from "./kinds";

export interface Declared extends Found {
  /** What the spec's read answered. */
  record: unknown;
  /** The inputs the program declares, IDs as numbers. */
  inputs: Props;
}

export const inputsFrom = (kind: ImportKind, outputs: Props): Props => importedInputs(SPECS[kind], outputs);

export async function readInputs(client: ComputeClient, found: Found): Promise<Declared> {
  const spec = SPECS[found.kind];
  const record: unknown = await spec.read(client, found.id, found.props);
  return { ...found, record, inputs: inputsFrom(found.kind, spec.toOutputs(record, found.props)) };
}
