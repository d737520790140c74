export * from "./cidr";
export * from "./control";
export * from "./endpoint";
export * from "./errors";
export * from "./events";
export * from "./fields";
export * from "./grants";
export * from "./pagination";
export * from "./regions";
export * from "./vpcs";

import { regionEndpoints } from "./regions";
import { vpcEndpoints } from "./vpcs";

/** Every endpoint of the contract, by name. */
export const endpoints = { ...regionEndpoints, ...vpcEndpoints };
export type EndpointName = keyof typeof endpoints;
