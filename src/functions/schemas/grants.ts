/** What `getGrants` gives (`../grants.ts` declares the same types). */
import { z } from "zod";
import { idOutput } from "../../contract/fields";
import { EntityGrant, GlobalGrants } from "../../contract/grants";

const entities = z.array(
  z.object({ id: idOutput(), label: EntityGrant.shape.label, permissions: EntityGrant.shape.permissions }),
);

const g = GlobalGrants.shape;

export const grantsFunctions = {
  getGrants: {
    result: z.object({
      restricted: z.boolean(),
      global: z
        .object({
          accountAccess: g.account_access,
          addDatabases: g.add_databases,
          addDomains: g.add_domains,
          addFirewalls: g.add_firewalls,
          addImages: g.add_images,
          addComputes: g.add_computes,
          addLongview: g.add_longview,
          addNodebalancers: g.add_nodebalancers,
          addStackscripts: g.add_stackscripts,
          addVolumes: g.add_volumes,
          addVpcs: g.add_vpcs,
          cancelAccount: g.cancel_account,
          longviewSubscription: g.longview_subscription,
        })
        .nullable(),
      compute: entities,
      database: entities,
      domain: entities,
      image: entities,
      longview: entities,
      nodebalancer: entities,
      stackscript: entities,
      volume: entities,
      vpc: entities,
    }),
  },
};
