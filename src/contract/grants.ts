/** Grants of a restricted user: global permissions and per-entity permissions. */
import { z } from "zod";
import { keyed } from "./keyed";
import { PERMISSIONS } from "./values";

export const GRANT_ENTITY_TYPES = [
  "compute",
  "database",
  "domain",
  "image",
  "longview",
  "nodebalancer",
  "stackscript",
  "volume",
  "vpc",
] as const;
export type GrantEntityType = (typeof GRANT_ENTITY_TYPES)[number];

export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

export const EntityGrant = z.object({
  id: z.number().int(),
  permissions: Permission.nullable(),
  label: z.string(),
});
export type EntityGrant = z.infer<typeof EntityGrant>;

export const GLOBAL_GRANT_FLAGS = [
  "add_databases",
  "add_domains",
  "add_firewalls",
  "add_images",
  "add_computes",
  "add_longview",
  "add_nodebalancers",
  "add_stackscripts",
  "add_volumes",
  "add_vpcs",
  "cancel_account",
  "longview_subscription",
] as const;
export type GlobalGrantFlag = (typeof GLOBAL_GRANT_FLAGS)[number];

const flag = z.boolean();
export const GlobalGrants = z.object({
  account_access: Permission.nullable(),
  add_databases: flag,
  add_domains: flag,
  add_firewalls: flag,
  add_images: flag,
  add_computes: flag,
  add_longview: flag,
  add_nodebalancers: flag,
  add_stackscripts: flag,
  add_volumes: flag,
  add_vpcs: flag,
  cancel_account: flag,
  longview_subscription: flag,
});
export type GlobalGrants = z.infer<typeof GlobalGrants>;

const entities = z.array(EntityGrant);
export const Grants = z.object({
  global: GlobalGrants,
  compute: entities,
  database: entities,
  domain: entities,
  image: entities,
  longview: entities,
  nodebalancer: entities,
  stackscript: entities,
  volume: entities,
  vpc: entities,
});
export type Grants = z.infer<typeof Grants>;

export function emptyGrants(): Grants {
  return {
    global: {
      account_access: null,
      ...keyed(GLOBAL_GRANT_FLAGS, () => false),
    },
    ...keyed(GRANT_ENTITY_TYPES, (): EntityGrant[] => []),
  };
}
