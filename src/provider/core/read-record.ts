/**
 * A read of one object for a refresh, an import or a diff: from the process's listing of its kind
 * when the spec reads from one (`readListed`; `src/client/listing-reads.ts`), else by its ID. An
 * object the listing does not hold is read by ID too, so that only a 404 says it is gone.
 */
import type { ComputeClient } from "../../client/compute-client";
import type { AnySpec, Props } from "./resource-spec";

export async function readRecord(
  spec: AnySpec,
  client: ComputeClient,
  id: string,
  props: Props,
): Promise<unknown> {
  return (await spec.readListed?.(client, id, props)) ?? (await spec.read(client, id, props));
}
