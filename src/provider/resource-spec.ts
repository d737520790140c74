/**
 * What one resource kind tells the generic provider: its inputs (a zod object of per-field
 * schemas, validated field by field so unknown values pass preview), which inputs force a
 * replacement, how to call the API, and how an API record becomes the resource's outputs.
 */
import type { z } from "zod";
import type { ComputeClient } from "../client";

export type Props = Record<string, unknown>;

export interface ResourceSpec<Inputs extends Props = Props, Rec = unknown> {
  /** Short name used in the type token and messages, e.g. `Vpc`. */
  kind: string;
  inputs: z.ZodObject;
  /** Values used for optional inputs the program leaves out (what the API stores for them). */
  defaults?: Partial<Inputs>;
  /** Inputs that cannot change in place. */
  replaceOn: (keyof Inputs & string)[];
  /** Whether a replacement must delete the old resource first (e.g. a unique label is kept). */
  deleteBeforeReplace?(olds: Props, news: Inputs): boolean;
  create(client: ComputeClient, inputs: Inputs): Promise<Rec>;
  read(client: ComputeClient, id: string, props: Props): Promise<Rec>;
  update(client: ComputeClient, id: string, olds: Props, news: Inputs): Promise<Rec>;
  delete(client: ComputeClient, id: string, props: Props): Promise<void>;
  idOf(record: Rec): string;
  /** Outputs: every input as the API holds it, plus computed fields. `props` are the inputs (or
   * prior outputs) for addressing data the record does not carry, such as a parent's ID. */
  toOutputs(record: Rec, props: Props): Props;
}
