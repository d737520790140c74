/**
 * The API's catalogues (regions with their capabilities, instance types, kernels, images), read for
 * preview-time rules once per provider process and API URL: a no-change preview of many resources
 * sends at most one request per catalogue (none when no rule needs one). A read that fails (network,
 * 5xx) skips the rules that need it: `up` still meets the API's own check.
 */
import { collect } from "../../client/pagination";
import type { ComputeClient } from "../../client/compute-client";
import { isNotFound } from "../../client/errors";
import { imageEndpoints, type Image } from "../../contract/images";
import { kernelEndpoints, type Kernel } from "../../contract/kernels";
import { regionEndpoints, type Region } from "../../contract/regions";
import { typeEndpoints, type InstanceType } from "../../contract/types";
import { lookupClient } from "./settings";
import { processMemory } from "./process-memory";

export interface Records {
  regions: Region;
  types: InstanceType;
  kernels: Kernel;
  images: Image;
}
export type Catalogue = keyof Records;

const LISTS: { [C in Catalogue]: (client: ComputeClient) => Promise<Records[C][]> } = {
  regions: (client) => collect(client.each(regionEndpoints.listRegions, {})),
  types: (client) => collect(client.each(typeEndpoints.listTypes, {})),
  kernels: (client) => collect(client.each(kernelEndpoints.listKernels, {})),
  images: (client) => collect(client.each(imageEndpoints.listImages, {})),
};

/** Each catalogue's records by ID, per API URL; undefined when the read failed. */
const read = processMemory.map<string, Promise<Map<string, unknown> | undefined>>("catalogues");

/** What a lookup found: `skip` when the catalogue could not be read (the rule is skipped). */
export type Found<T> = { skip: true } | { skip: false; record: T | undefined };

/**
 * The record `id` of a catalogue. Images are also made by this stack (`Image`) while it runs: one
 * not in the process's list is read by its ID before it counts as missing.
 */
export async function lookUp<C extends Catalogue>(catalogue: C, id: string): Promise<Found<Records[C]>> {
  const client = lookupClient();
  const key = `${client.baseUrl}\n${catalogue}`;
  if (!read.has(key)) {
    read.set(
      key,
      LISTS[catalogue](client).then(
        (records) => new Map(records.map((r) => [r.id, r])),
        () => undefined,
      ),
    );
  }
  const records = await read.get(key)!;
  if (records === undefined) return { skip: true };
  // Each catalogue's listing holds its own records (`Records` by name); of a generic C the compiler cannot tell.
  const record = records.get(id) as Records[C] | undefined;
  if (record !== undefined || catalogue !== "images") return { skip: false, record };
  try {
    // Only the images catalogue gets here: an image is its record.
    return { skip: false, record: (await client.api.getImage({ params: { imageId: id } })) as Records[C] };
  } catch (err) {
    return isNotFound(err) ? { skip: false, record: undefined } : { skip: true };
  }
}
