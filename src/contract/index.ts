/**
 * The whole contract, as the repository's own modules import it: the package's public list
 * (`public.ts`, which also holds the map of every endpoint) and the builders the areas are written with.
 */
export * from "./public";
export * from "./cidr";
export * from "./deploy";
export * from "./endpoint";
export * from "./errors";
export * from "./fields";
export * from "./filter";
export * from "./pagination";
export * from "./record-rules";
