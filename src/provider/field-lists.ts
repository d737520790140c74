/**
 * Names the resource classes share with the provider: each kind's computed outputs (which a class
 * declares as outputs), its inputs (which a class's `get` registers unset) and secret inputs (which
 * it makes secret), and the input a child's class adds naming its parent. Plain values with no
 * imports: a program loads this file, never the provider, its contract or zod (a program that only
 * declares resources starts sooner and smaller).
 */

/** Kinds whose label is unique in its scope (their spec's `find`): a replacement that keeps the
 * label can only be made once the object it replaces is gone, so their classes replace delete-first
 * unless the program says otherwise (`pulumi up --replace` included, which the provider cannot see). */
export const UNIQUE_LABEL_KINDS = ["Instance", "Subnet", "Vpc"] as const;

export const CONFIG_INTERFACE_COMPUTED = ["active", "vpcId", "vpcAddress", "nat11Address"] as const;

export const IMAGE_COMPUTED = [
  "status",
  "size",
  "created",
  "updated",
  "expiry",
  "vendor",
  "isPublic",
  "deprecated",
  "capabilities",
  "type",
  "createdBy",
] as const;

export const INSTANCE_CONFIG_COMPUTED = ["interfaceDetails", "instanceStatus", "created", "updated"] as const;

export const INSTANCE_DISK_COMPUTED = ["status", "created", "updated"] as const;

/** Inputs kept as secrets in the state (the class marks them) and never shown in a check failure. */
export const INSTANCE_DISK_SECRETS = ["rootPass", "stackscriptData"] as const;

export const INSTANCE_COMPUTED = [
  "status",
  "ipv4",
  "ipv6",
  "specs",
  "hypervisor",
  "hostUuid",
  "hasUserData",
  "backups",
  "created",
  "updated",
] as const;

/** Inputs kept as secrets in the state (the class marks them) and never shown in a check failure. */
export const INSTANCE_SECRETS = ["rootPass", "stackscriptData", "metadata"] as const;

export const PROFILE_PREFERENCES_COMPUTED = ["username"] as const;

export const PROFILE_SETTINGS_COMPUTED = ["username", "uid"] as const;

export const SNAPSHOT_COMPUTED = [
  "status",
  "type",
  "available",
  "created",
  "updated",
  "finished",
  "configs",
  "disks",
] as const;

export const SSH_KEY_COMPUTED = ["created"] as const;

export const STACK_SCRIPT_COMPUTED = [
  "userDefinedFields",
  "deploymentsTotal",
  "deploymentsActive",
  "username",
  "userGravatarId",
  "created",
  "updated",
] as const;

export const SUBNET_COMPUTED = ["computes", "created", "updated"] as const;

export const TAG_COMPUTED = [] as const;

export const TOKEN_COMPUTED = ["token", "created"] as const;

/** Outputs kept as secrets in the state (the class marks them). */
export const TOKEN_SECRETS = ["token"] as const;

export const VPC_COMPUTED = ["created", "updated"] as const;

/**
 * Each kind's inputs, which its class declares as outputs too. A class's `get` (`lookUpArgs` in
 * `resources/compute-resource.ts`) registers them unset, beside the computed ones, so that the
 * resource it returns has every output the engine's read fills in; `test/types/args-match-inputs.ts`
 * holds each list to its spec's inputs.
 */
export const KIND_INPUTS = {
  Vpc: ["region", "label", "description"],
  Subnet: ["vpcId", "label", "ipv4"],
  Instance: [
    "region",
    "type",
    "label",
    "image",
    "rootPass",
    "authorizedKeys",
    "booted",
    "tags",
    "group",
    "privateIp",
    "backupsEnabled",
    "authorizedUsers",
    "stackscriptId",
    "stackscriptData",
    "backupId",
    "firewallId",
    "interfaces",
    "metadata",
    "swapSize",
    "alerts",
    "backupsSchedule",
    "watchdogEnabled",
  ],
  InstanceDisk: [
    "computeId",
    "label",
    "size",
    "filesystem",
    "image",
    "rootPass",
    "authorizedKeys",
    "authorizedUsers",
    "stackscriptId",
    "stackscriptData",
    "allowReboot",
  ],
  InstanceConfig: [
    "computeId",
    "label",
    "comments",
    "devices",
    "helpers",
    "kernel",
    "memoryLimit",
    "rootDevice",
    "runLevel",
    "virtMode",
    "interfaces",
    "booted",
    "rebootOnChange",
  ],
  ConfigInterface: [
    "computeId",
    "configId",
    "purpose",
    "primary",
    "label",
    "ipamAddress",
    "subnetId",
    "ipv4",
    "ipRanges",
    "position",
    "allowReboot",
    "rebootOnChange",
  ],
  SshKey: ["label", "sshKey"],
  Token: ["label", "scopes", "expiry"],
  StackScript: ["label", "script", "images", "description", "revNote", "isPublic"],
  Tag: ["label", "instances"],
  ProfileSettings: ["email", "timezone", "emailNotifications", "lishAuthMethod", "authorizedKeys"],
  ProfilePreferences: ["preferences"],
  Image: ["diskId", "file", "fileHash", "region", "label", "description", "cloudInit"],
  Snapshot: ["computeId", "label"],
} as const;

/** The input a child's class adds naming its parent in the program (beside the parent's ID). */
export const PARENT_KEY_INPUT = "parentKey";
