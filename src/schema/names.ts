/** A schema name (camelCase) as the generated SDKs write it. */

/** Go's and a type token's: `vpcId` → `VpcId`. */
export const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** Python's (and the API's): `vpcId` → `vpc_id`. */
export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
