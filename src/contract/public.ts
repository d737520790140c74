/**
 * The contract as the package shows it (`pulumi-compute/contract`): each area's records, requests
 * and endpoints, every endpoint by name, the emulator's control API, and the types a caller of the
 * client names (the endpoint type and its parts, the error body, the list envelope, filters). Left
 * out: what the areas are written with (the field builders of `fields.ts`, `endpoint()`,
 * `listEnvelope`, the issue-to-error mapping, the CIDR arithmetic, the password rule), which this
 * repository imports from `./index` and its area files.
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
export { endpoints, type EndpointName } from "./index";
