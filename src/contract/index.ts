export * from "./backups";
export * from "./cidr";
export * from "./configs";
export * from "./control";
export * from "./deploy";
export * from "./disks";
export * from "./endpoint";
export * from "./errors";
export * from "./events";
export * from "./fields";
export * from "./filter";
export * from "./grants";
export * from "./images";
export * from "./instance-endpoints";
export * from "./instances";
export * from "./kernels";
export * from "./pagination";
export * from "./profile";
export * from "./profile-security";
export * from "./profile-sessions";
export * from "./profile-ssh-keys";
export * from "./profile-tokens";
export * from "./record-rules";
export * from "./regions";
export * from "./stackscripts";
export * from "./tags";
export * from "./types";
export * from "./vpcs";

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
