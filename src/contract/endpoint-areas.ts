/**
 * Which area of the contract holds each endpoint, so that the map of every endpoint by name
 * (`lazyEndpoints()`, the client's `api`, the data functions' `endpoints()`) loads an area on the
 * first use of one of its endpoints: a provider process creating a VPC loads the regions', the
 * profile's and the VPCs' schemas, not all seventeen areas. The index is generated from the contract
 * (`endpoint-index.ts`, `npm run endpoint-index`): no endpoint is named here. The compiler holds it
 * to the contract (each area's names are its map's keys, every endpoint is in an area);
 * `test/unit/contract-endpoint-areas.test.ts` holds the file to what the generator writes.
 */
import type { Endpoint } from "./endpoint";
import { ENDPOINT_INDEX } from "./endpoint-index";
import type { endpoints, EndpointName } from "./public";

interface Area {
  load(): Record<string, Endpoint>;
  names: readonly EndpointName[];
}

/** Each area by its endpoints' export, in the order of `public.ts`'s map. */
export const ENDPOINT_AREAS = ENDPOINT_INDEX satisfies Record<string, Area>;

type Areas = typeof ENDPOINT_AREAS;
type Listed = Areas[keyof Areas]["names"][number];
/** Per area, an endpoint its map has and the index does not, or the other way round. */
type Stale = {
  [A in keyof Areas]:
    | Exclude<keyof ReturnType<Areas[A]["load"]>, Areas[A]["names"][number]>
    | Exclude<Areas[A]["names"][number], keyof ReturnType<Areas[A]["load"]>>;
}[keyof Areas];
/** Fails to compile, naming the endpoint, when the index is stale: run `npm run endpoint-index`. */
const indexMatchesContract: [Stale | Exclude<EndpointName, Listed>] extends [never]
  ? true
  : Stale | Exclude<EndpointName, Listed> = true;
void indexMatchesContract;

type Endpoints = typeof endpoints;

let areaOf: Map<string, Area> | undefined;

/** The endpoint of this name, its area loaded on first use; undefined for no endpoint of the contract. */
export function endpointNamed(name: string): Endpoint | undefined {
  areaOf ??= new Map(
    Object.values(ENDPOINT_AREAS as Record<string, Area>).flatMap((area) =>
      area.names.map((n) => [n, area] as const),
    ),
  );
  return areaOf.get(name)?.load()[name];
}

/** Every endpoint by name, as `public.ts`'s `endpoints`, each area loaded on the first use of one of its endpoints. */
export function lazyEndpoints(): Endpoints {
  return new Proxy({} as Endpoints, {
    get: (target, name) => (typeof name === "string" ? endpointNamed(name) : Reflect.get(target, name)),
    has: (_target, name) => typeof name === "string" && endpointNamed(name) !== undefined,
  });
}
