/** `InstanceDisk` -> `instance-disk`: the stem every layer names a kind's files with. */
export const stemOf = (kind: string): string => kind.replace(/(?<=[a-z0-9])([A-Z])/g, "-$1").toLowerCase();
