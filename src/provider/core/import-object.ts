/**
 * Bringing an existing object under management as the TypeScript classes do: they turn Pulumi's
 * `import` option into the resource context's `importId` (the engine's own import cannot load a
 * dynamic provider), and the provider treats it as Pulumi treats an import. `check` of a new resource reads the object and
 * fails, naming each input, where the program's inputs differ from what the object holds (inputs
 * the API never returns, such as passwords, are never compared: the outputs keep what the program
 * says). `create` reads it again and writes nothing. Once the resource is in the state the option
 * is ignored, so removing it is no change, and `destroy` deletes the object like any other.
 */
import { ZodError } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { isNotFound } from "../../client/errors";
import { isNewResource, type CheckFailure } from "./check";
import { diffInputs } from "./diff";
import { ProviderError } from "./errors";
import { readRecord } from "./read-record";
import type { ResourceContext } from "./resource-context";
import type { AnySpec, Props } from "./resource-spec";

/**
 * Whether a rule for what only a create needs (a password to deploy an image with, the source of an
 * image) still holds for inputs `keys`: not for an import (the resource's context), nor for a resource in the state
 * (`olds`: its old inputs) that never had them (it was imported); for a new resource, and for one
 * whose program drops a value it had, it does.
 */
export const stillRequired = (resource: ResourceContext, olds: Props, ...keys: string[]): boolean =>
  resource.importId === undefined && (isNewResource(olds) || keys.some((key) => olds[key] !== undefined));

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/** `in vpcId 4`: the parents the program names, for an ID that is not found under them. */
function under(inputs: Props, parents: readonly string[]): string {
  const named = parents.filter((key) => inputs[key] !== undefined);
  return named.length ? ` with ${named.map((key) => `${key} ${String(inputs[key])}`).join(", ")}` : "";
}

/** Reads the object to import; an ID of another kind or another parent is a one-line error. */
export async function readImported(
  spec: AnySpec,
  client: ComputeClient,
  id: string,
  inputs: Props,
): Promise<unknown> {
  try {
    return await readRecord(spec, client, id, inputs);
  } catch (err) {
    // A 404, or an ID the contract's path parameters refuse (`abc` for a numeric ID).
    if (!isNotFound(err) && !(err instanceof ZodError)) throw err;
    throw new ProviderError(
      `there is no ${spec.kind} ${id}${under(inputs, spec.parents ?? [])} to import (an ID of another kind, or of another parent?)`,
    );
  }
}

/** Each input the program says differently from what the imported object holds. */
export function importDifferences(spec: AnySpec, id: string, record: unknown, inputs: Props): CheckFailure[] {
  const outputs = spec.toOutputs(record, inputs);
  const defaults: Props = spec.defaults ?? {};
  return diffInputs(spec, outputs, inputs).changed.map((property) => ({
    property,
    reason:
      `the imported ${spec.kind} ${id} holds ${shown(outputs[property] ?? defaults[property])}, ` +
      `the program says ${shown(inputs[property] ?? defaults[property])}`,
  }));
}

/** At check: what keeps the import from being exact; a missing object is one failure naming `import`. */
export async function checkImport(
  spec: AnySpec,
  client: ComputeClient,
  id: string,
  inputs: Props,
): Promise<CheckFailure[]> {
  let record: unknown;
  try {
    record = await readImported(spec, client, id, inputs);
  } catch (err) {
    if (err instanceof ProviderError) return [{ property: "import", reason: err.message }];
    throw err;
  }
  return importDifferences(spec, id, record, inputs);
}

/** At create: the object as it is now, with nothing written; it must still match the inputs. */
export async function importObject(
  spec: AnySpec,
  client: ComputeClient,
  id: string,
  inputs: Props,
): Promise<unknown> {
  const record = await readImported(spec, client, id, inputs);
  const differ = importDifferences(spec, id, record, inputs);
  if (differ.length > 0) {
    throw new ProviderError(
      `${spec.kind} create: ${differ.map((d) => `${d.property}: ${d.reason}`).join("; ")}`,
    );
  }
  return record;
}
