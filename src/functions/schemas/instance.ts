/** What `getInstances` and `getInstance` take and give (`../instance.ts` declares the same types). */
import { z } from "zod";
import { idFrom, idOutput } from "../../contract/fields";
import { Instance } from "../../contract/instances";
import { LabelArgs } from "./labels";

const i = Instance.shape;
const alerts = i.alerts.shape;
const backups = i.backups.shape;

const InstanceResult = z.object({
  id: idOutput(),
  label: i.label,
  region: i.region,
  type: i.type,
  image: i.image,
  group: i.group,
  tags: i.tags,
  status: i.status,
  hypervisor: i.hypervisor,
  hostUuid: i.host_uuid,
  hasUserData: i.has_user_data,
  ipv4: i.ipv4,
  ipv6: i.ipv6,
  specs: i.specs,
  alerts: z.object({
    cpu: alerts.cpu,
    io: alerts.io,
    networkIn: alerts.network_in,
    networkOut: alerts.network_out,
    transferQuota: alerts.transfer_quota,
  }),
  backups: z.object({
    available: backups.available,
    enabled: backups.enabled,
    lastSuccessful: backups.last_successful,
    schedule: backups.schedule,
  }),
  watchdogEnabled: i.watchdog_enabled,
  created: i.created,
  updated: i.updated,
});

export const instanceFunctions = {
  getInstances: {
    args: LabelArgs.extend({
      region: i.region.optional(),
      tag: z.string().optional(),
      tags: i.tags.optional(),
      image: z.string().optional(),
      status: i.status.optional(),
    }),
    result: z.object({ instances: z.array(InstanceResult) }),
  },
  getInstance: { args: z.object({ id: idFrom("id") }), result: InstanceResult },
};
