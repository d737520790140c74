/**
 * Written by `npm run endpoint-index` (scripts/endpoint-index.ts) from the contract; do not edit.
 * Each area by its endpoints' export, in the order of `public.ts`'s map: its module, loaded on first
 * use, and its endpoints' names.
 */
export const ENDPOINT_INDEX = {
  regionEndpoints: {
    load: () => (require("./regions") as typeof import("./regions")).regionEndpoints,
    names: ["listRegions", "getRegion", "listAvailability", "getRegionAvailability"],
  },
  vpcEndpoints: {
    load: () => (require("./vpcs") as typeof import("./vpcs")).vpcEndpoints,
    names: [
      "listVpcs",
      "createVpc",
      "getVpc",
      "updateVpc",
      "deleteVpc",
      "listAllVpcIps",
      "listAllVpcIpsRealPath",
      "listVpcIps",
      "listSubnets",
      "createSubnet",
      "getSubnet",
      "updateSubnet",
      "deleteSubnet",
    ],
  },
  instanceEndpoints: {
    load: () => (require("./instance-endpoints") as typeof import("./instance-endpoints")).instanceEndpoints,
    names: [
      "listInstances",
      "createInstance",
      "getInstance",
      "updateInstance",
      "deleteInstance",
      "bootInstance",
      "rebootInstance",
      "shutdownInstance",
      "resetInstancePassword",
      "rebuildInstance",
      "rescueInstance",
      "resizeInstance",
      "cloneInstance",
      "migrateInstance",
      "mutateInstance",
      "listInstanceNodeBalancers",
      "listInstanceVolumes",
      "getInstanceIps",
      "allocateInstanceIp",
      "getInstanceStats",
      "getInstanceStatsByMonth",
      "getInstanceTransfer",
      "getInstanceTransferByMonth",
    ],
  },
  diskEndpoints: {
    load: () => (require("./disks") as typeof import("./disks")).diskEndpoints,
    names: [
      "listDisks",
      "createDisk",
      "getDisk",
      "updateDisk",
      "deleteDisk",
      "resizeDisk",
      "resetDiskPassword",
      "cloneDisk",
    ],
  },
  configEndpoints: {
    load: () => (require("./configs") as typeof import("./configs")).configEndpoints,
    names: [
      "listConfigs",
      "createConfig",
      "getConfig",
      "updateConfig",
      "deleteConfig",
      "listInterfaces",
      "addInterface",
      "orderInterfaces",
      "getInterface",
      "updateInterface",
      "deleteInterface",
    ],
  },
  backupEndpoints: {
    load: () => (require("./backups") as typeof import("./backups")).backupEndpoints,
    names: ["listBackups", "createSnapshot", "enableBackups", "cancelBackups", "getBackup", "restoreBackup"],
  },
  kernelEndpoints: {
    load: () => (require("./kernels") as typeof import("./kernels")).kernelEndpoints,
    names: ["listKernels", "getKernel"],
  },
  typeEndpoints: {
    load: () => (require("./types") as typeof import("./types")).typeEndpoints,
    names: ["listTypes", "getType"],
  },
  imageEndpoints: {
    load: () => (require("./images") as typeof import("./images")).imageEndpoints,
    names: ["listImages", "createImage", "uploadImage", "getImage", "updateImage", "deleteImage"],
  },
  stackScriptEndpoints: {
    load: () => (require("./stackscripts") as typeof import("./stackscripts")).stackScriptEndpoints,
    names: [
      "listStackScripts",
      "createStackScript",
      "getStackScript",
      "updateStackScript",
      "deleteStackScript",
    ],
  },
  tagEndpoints: {
    load: () => (require("./tags") as typeof import("./tags")).tagEndpoints,
    names: ["listTags", "createTag", "listTaggedObjects", "deleteTag"],
  },
  profileEndpoints: {
    load: () => (require("./profile") as typeof import("./profile")).profileEndpoints,
    names: [
      "getProfile",
      "updateProfile",
      "getProfileGrants",
      "getProfilePreferences",
      "updateProfilePreferences",
    ],
  },
  profileTokenEndpoints: {
    load: () => (require("./profile-tokens") as typeof import("./profile-tokens")).profileTokenEndpoints,
    names: [
      "listProfileTokens",
      "createProfileToken",
      "getProfileToken",
      "updateProfileToken",
      "deleteProfileToken",
    ],
  },
  profileSshKeyEndpoints: {
    load: () => (require("./profile-ssh-keys") as typeof import("./profile-ssh-keys")).profileSshKeyEndpoints,
    names: [
      "listProfileSshKeys",
      "createProfileSshKey",
      "getProfileSshKey",
      "updateProfileSshKey",
      "deleteProfileSshKey",
    ],
  },
  profileSecurityEndpoints: {
    load: () =>
      (require("./profile-security") as typeof import("./profile-security")).profileSecurityEndpoints,
    names: [
      "listSecurityQuestions",
      "answerSecurityQuestions",
      "enableTfa",
      "confirmTfa",
      "disableTfa",
      "sendPhoneVerificationCode",
      "verifyPhoneNumber",
      "deletePhoneNumber",
    ],
  },
  profileSessionEndpoints: {
    load: () =>
      (require("./profile-sessions") as typeof import("./profile-sessions")).profileSessionEndpoints,
    names: [
      "listProfileApps",
      "getProfileApp",
      "deleteProfileApp",
      "listTrustedDevices",
      "getTrustedDevice",
      "deleteTrustedDevice",
      "listProfileLogins",
      "getProfileLogin",
    ],
  },
  eventEndpoints: {
    load: () => (require("./events") as typeof import("./events")).eventEndpoints,
    names: ["listEvents", "getEvent"],
  },
} as const;
