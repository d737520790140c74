/**
 * The generic dynamic provider every resource kind runs on: check/diff from the contract, create
 * with partial-failure reporting, read with drift (current inputs) and 404 as "gone", update, and
 * delete that tolerates an already deleted resource.
 */
import type * as pulumi from "@pulumi/pulumi";
import { isNotFound } from "../client";
import { checkInputs } from "./check";
import { clientFromConfig } from "./credentials";
import { diffInputs } from "./diff";
import type { Props, ResourceSpec } from "./resource-spec";

/** Bumped when the shape of the outputs changes, so newer code can recognise older state. */
export const SCHEMA_VERSION = 1;

function inputsFrom(spec: ResourceSpec, outputs: Props): Props {
  return Object.fromEntries(Object.keys(spec.inputs.shape).map((key) => [key, outputs[key]]));
}

function outputsOf(spec: ResourceSpec, record: unknown, props: Props): Props {
  return { ...spec.toOutputs(record, props), schemaVersion: SCHEMA_VERSION };
}

export function makeProvider(spec: ResourceSpec): pulumi.dynamic.ResourceProvider {
  return {
    async check(_olds: Props, news: Props) {
      return checkInputs(spec.inputs, news, spec.defaults as Props);
    },

    async diff(_id: string, olds: Props, news: Props) {
      const { changes, replaces, deleteBeforeReplace } = diffInputs(spec, olds, news);
      return { changes, replaces, deleteBeforeReplace };
    },

    async create(inputs: Props) {
      const client = clientFromConfig();
      const record = await spec.create(client, inputs);
      const id = spec.idOf(record);
      try {
        return { id, outs: outputsOf(spec, record, inputs) };
      } catch (err) {
        // The resource exists: keep its ID in the state so it is not orphaned.
        const message = `${spec.kind} ${id} was created but its outputs could not be built: ${(err as Error).message}`;
        throw Object.assign(new Error(message), { id, properties: { ...inputs }, reasons: [message] });
      }
    },

    async read(id: string, props: Props) {
      const client = clientFromConfig();
      try {
        const record = await spec.read(client, id, props);
        const outs = outputsOf(spec, record, props);
        return { id, props: outs, inputs: inputsFrom(spec, outs) };
      } catch (err) {
        if (isNotFound(err)) return { id: "" };
        throw err;
      }
    },

    async update(id: string, olds: Props, news: Props) {
      const client = clientFromConfig();
      const record = await spec.update(client, id, olds, news);
      return { outs: outputsOf(spec, record, news) };
    },

    async delete(id: string, props: Props) {
      const client = clientFromConfig();
      try {
        await spec.delete(client, id, props);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
}
