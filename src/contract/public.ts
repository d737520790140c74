/**
 * The contract as the package shows it (`pulumi-compute/contract`): each area's records, requests
 * and endpoints, every endpoint by name, the emulator's control API, and the types a caller of the
 * client names (the endpoint type and its parts, the error body, the list envelope, filters). Left
 * out: what the areas are written with (the field builders of `fields.ts`, `endpoint()`,
 * `listEnvelope`, the issue-to-error mapping, the CIDR arithmetic, the password rule), which
 * `./index` adds for the repository's own modules.
 */
export * from "./backups";
export * from "./configs";
export * from "./control";
export * from "./disks";
export * from "./events";
export * from "./grants";
export * from "./images";
export * from "./instance-endpoints";
export * from "./instances";
export * from "./kernels";
export * from "./profile";
export * from "./profile-security";
export * from "./profile-sessions";
export * from "./profile-ssh-keys";
export * from "./profile-tokens";
export * from "./regions";
export * from "./stackscripts";
export * from "./tags";
export * from "./types";
export * from "./vpcs";
export {
  AuthorizedKeys,
  AuthorizedUsers,
  DEPLOY_LIMITS,
  ImageId,
  Metadata,
  RootPass,
  StackScriptData,
  StackScriptId,
} from "./deploy";
export { ErrorBody, ErrorItem } from "./errors";
export { PAGE_SIZE, PageQuery, type ListEnvelope } from "./pagination";
export { FILTER_HEADER, type FieldCondition, type ListFilter } from "./filter";
export type {
  Auth,
  BodyOf,
  Endpoint,
  Method,
  ParamsOf,
  ParsedBodyOf,
  QueryOf,
  ResponseOf,
  Scope,
} from "./endpoint";

import { backupEndpoints } from "./backups";
import { configEndpoints } from "./configs";
import { diskEndpoints } from "./disks";
import { eventEndpoints } from "./events";
import { imageEndpoints } from "./images";
import { instanceEndpoints } from "./instance-endpoints";
import { kernelEndpoints } from "./kernels";
import { profileEndpoints } from "./profile";
import { profileSecurityEndpoints } from "./profile-security";
import { profileSessionEndpoints } from "./profile-sessions";
import { profileSshKeyEndpoints } from "./profile-ssh-keys";
import { profileTokenEndpoints } from "./profile-tokens";
import { regionEndpoints } from "./regions";
import { stackScriptEndpoints } from "./stackscripts";
import { tagEndpoints } from "./tags";
import { typeEndpoints } from "./types";
import { vpcEndpoints } from "./vpcs";

/** Every endpoint of the contract, by name. */
export const endpoints = {
  ...regionEndpoints,
  ...vpcEndpoints,
  ...instanceEndpoints,
  ...diskEndpoints,
  ...configEndpoints,
  ...backupEndpoints,
  ...kernelEndpoints,
  ...typeEndpoints,
  ...imageEndpoints,
  ...stackScriptEndpoints,
  ...tagEndpoints,
  ...profileEndpoints,
  ...profileTokenEndpoints,
  ...profileSshKeyEndpoints,
  ...profileSecurityEndpoints,
  ...profileSessionEndpoints,
  ...eventEndpoints,
};
export type EndpointName = keyof typeof endpoints;
