/** pulumi-compute: Pulumi resources for the Compute Cloud API, its client, contract and emulator. */
export { Vpc, type VpcArgs } from "./resources/vpc";
export { Subnet, type SubnetArgs } from "./resources/subnet";
export { Instance, type InstanceArgs } from "./resources/instance";
export * as client from "./client";
export * as contract from "./contract";
export * as emulator from "./emulator";
