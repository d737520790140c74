/**
 * What a data function needs of the client and the contract, loaded on the first call (`call.ts`):
 * in the package, from `client-side.bundle.js` beside the build of this file (these modules, axios
 * and zod as one file, written by `npm run build`), through the code cache of what earlier programs
 * compiled (`bundle-code-cache.ts`); from the sources (tests) as modules. The bundle holds its own
 * client module: the data functions' clients, and the pacer they share, are the bundle's.
 */
import { lazyEndpoints } from "../contract/endpoint-areas";

export { clientOf } from "../client/from-settings";

/** Every endpoint by name, each area loaded on the first use of one of its endpoints. */
export const endpoints = lazyEndpoints();
export { isNotFound, messageOf } from "../client/errors";
