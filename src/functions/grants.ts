/** Data function of the acting user's grants: `getGrants`. API area: profile (grants). */
import type * as pulumi from "@pulumi/pulumi";
import type { EntityGrant, Grants } from "../contract/grants";
import type { Permission } from "../contract/values";
import { clientFor, outputOf, run, type FunctionOptions } from "./call";

/** Access to one entity. */
export interface EntityGrantResult {
  /** The entity's ID. */
  id: number;
  label: string;
  /** `read_only`, `read_write`, or null (no access). */
  permissions: Permission | null;
}

/** What a restricted user may do across the account. */
export interface GlobalGrantsResult {
  accountAccess: Permission | null;
  addDatabases: boolean;
  addDomains: boolean;
  addFirewalls: boolean;
  addImages: boolean;
  /** May create instances. */
  addComputes: boolean;
  addLongview: boolean;
  addNodebalancers: boolean;
  addStackscripts: boolean;
  addVolumes: boolean;
  addVpcs: boolean;
  cancelAccount: boolean;
  longviewSubscription: boolean;
}

/**
 * The user's grants. An unrestricted user (the API answers 204) has `restricted: false`,
 * `global: null` and empty lists: it may do everything.
 */
export interface GrantsResult {
  restricted: boolean;
  global: GlobalGrantsResult | null;
  /** Instances. */
  compute: EntityGrantResult[];
  database: EntityGrantResult[];
  domain: EntityGrantResult[];
  image: EntityGrantResult[];
  longview: EntityGrantResult[];
  nodebalancer: EntityGrantResult[];
  stackscript: EntityGrantResult[];
  volume: EntityGrantResult[];
  vpc: EntityGrantResult[];
}

const entities = (list: EntityGrant[] | undefined): EntityGrantResult[] =>
  (list ?? []).map((e) => ({ id: e.id, label: e.label, permissions: e.permissions }));

/** @internal */
export function toGrantsResult(g: Grants | undefined): GrantsResult {
  const gl = g?.global;
  return {
    restricted: g !== undefined,
    global: gl
      ? {
          accountAccess: gl.account_access,
          addDatabases: gl.add_databases,
          addDomains: gl.add_domains,
          addFirewalls: gl.add_firewalls,
          addImages: gl.add_images,
          addComputes: gl.add_computes,
          addLongview: gl.add_longview,
          addNodebalancers: gl.add_nodebalancers,
          addStackscripts: gl.add_stackscripts,
          addVolumes: gl.add_volumes,
          addVpcs: gl.add_vpcs,
          cancelAccount: gl.cancel_account,
          longviewSubscription: gl.longview_subscription,
        }
      : null,
    compute: entities(g?.compute),
    database: entities(g?.database),
    domain: entities(g?.domain),
    image: entities(g?.image),
    longview: entities(g?.longview),
    nodebalancer: entities(g?.nodebalancer),
    stackscript: entities(g?.stackscript),
    volume: entities(g?.volume),
    vpc: entities(g?.vpc),
  };
}

/** The grants of the user whose token the stack uses. */
export function getGrants(opts?: FunctionOptions): Promise<GrantsResult> {
  return run({ fn: "getGrants", opts }, async () =>
    toGrantsResult(await clientFor(opts).api.getProfileGrants()),
  );
}

/** `getGrants` as an Output. */
export function getGrantsOutput(opts?: FunctionOptions): pulumi.Output<GrantsResult> {
  return outputOf(() => getGrants(opts), {});
}
