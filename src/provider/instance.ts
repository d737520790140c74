/** Instance. API area: instances.
 * Created from an image (running, or offline with `booted: false`) or empty (offline: its configs
 * boot it); `settle` waits until the instance rests in the wanted power state, booting or shutting
 * it down when it does not. Label, tags, group, backupsEnabled, type (resize) and rootPass (shut
 * down, reset, boot back) change in place; region, image, authorizedKeys and privateIp replace.
 * rootPass is never read back: the outputs keep what was asked, and the resource class marks it
 * secret. */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ComputeClient } from "../client/compute-client";
import { collect } from "../client/pagination";
import { gone, waitForInstance } from "../client/waits";
import { AuthorizedKeys, ImageId, password } from "../contract/deploy";
import { bool } from "../contract/fields";
import { instanceEndpoints, InstanceParams } from "../contract/instance-endpoints";
import {
  Instance,
  InstanceCreateRequest,
  InstanceLabel,
  Tags,
  type InstanceUpdateRequest,
} from "../contract/instances";
import { act } from "./actions";
import { createByListing } from "./create-by-listing";
import { AT_REST, bootInto, getInstance, namedInstance, shutDown, untilResting } from "./instance-power";
import type { CheckFailure } from "./check";
import { defineSpec, type OperationContext, type Props } from "./resource-spec";

export const InstanceInputs = z.object({
  region: InstanceCreateRequest.shape.region,
  type: InstanceCreateRequest.shape.type,
  label: InstanceLabel.optional(),
  image: ImageId.optional(),
  rootPass: password("rootPass").optional(),
  authorizedKeys: AuthorizedKeys.optional(),
  booted: bool("booted").optional(),
  tags: Tags.optional(),
  group: InstanceCreateRequest.shape.group,
  privateIp: bool("privateIp").optional(),
  backupsEnabled: bool("backupsEnabled").optional(),
});
export type InstanceInputs = z.infer<typeof InstanceInputs>;

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
export const INSTANCE_SECRETS = ["rootPass"] as const;

const params = (id: string | number) => InstanceParams.parse({ computeId: id });

/** Private IPv4 addresses of instances come from 192.168.128.0/17. */
function isPrivateIpv4(address: string): boolean {
  const [a, b, c] = address.split(".").map(Number);
  return a === 192 && b === 168 && c !== undefined && c >= 128;
}

/**
 * The power state the resource manages: an instance from an image runs unless `booted: false`; an
 * empty one has no config of its own to boot, so its configs decide (undefined: not managed).
 */
function wantedStatus(record: Instance, inputs: Props): "running" | "offline" | undefined {
  if (record.image === null) return undefined;
  return inputs.booted === false ? "offline" : "running";
}

/** `booted` as the API holds it: running or offline; while on the way, what was asked. */
function bootedOf(record: Instance, props: Props): boolean | undefined {
  const asked = props.booted as boolean | undefined;
  if (record.image === null) return asked;
  if (record.status === "running") return true;
  if (record.status === "offline") return false;
  return asked;
}

function createBody(inputs: InstanceInputs) {
  const { region, type, label, image, rootPass, authorizedKeys, booted, tags, group } = inputs;
  return {
    region,
    type,
    label,
    image,
    root_pass: rootPass,
    authorized_keys: authorizedKeys,
    // An empty instance has nothing to boot; the API ignores `booted` for it.
    booted: image === undefined ? undefined : booted,
    // Only what differs from the API's defaults: tags need an unrestricted user even when empty.
    tags: tags?.length ? tags : undefined,
    group: group || undefined,
    private_ip: inputs.privateIp || undefined,
    backups_enabled: inputs.backupsEnabled || undefined,
  };
}

const listInstances = (client: ComputeClient) => collect(client.each(instanceEndpoints.listInstances));

/**
 * A create without a label cannot be found by one later, so it lists the instances before the POST:
 * when the answer is lost, the one new instance with these inputs is what it made.
 */
function createUnlabeled(client: ComputeClient, inputs: InstanceInputs, ctx: OperationContext) {
  return createByListing(
    {
      kind: "Instance",
      what: `Instance in ${inputs.region}`,
      list: () => listInstances(client),
      post: () => client.api.createInstance({ body: createBody(inputs) }),
      matches: (i) =>
        i.region === inputs.region && i.type === inputs.type && i.image === (inputs.image ?? null),
    },
    ctx,
  );
}

function validate(inputs: InstanceInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (inputs.image !== undefined && inputs.rootPass === undefined) {
    failures.push({ property: "rootPass", reason: "rootPass is required when deploying from an image" });
  }
  if (inputs.image === undefined) {
    for (const property of ["rootPass", "authorizedKeys"] as const) {
      if (inputs[property] !== undefined) {
        failures.push({
          property,
          reason: `${property} needs an image to deploy (an empty instance has no disk)`,
        });
      }
    }
  }
  return failures;
}

export const instanceSpec = defineSpec({
  kind: "Instance",
  inputs: InstanceInputs,
  computed: INSTANCE_COMPUTED,
  defaults: { booted: true, tags: [], group: "", privateIp: false, backupsEnabled: false },
  // Without a label the API names the instance `compute<id>`: that is not a change.
  apiChosen: ["label"],
  secrets: INSTANCE_SECRETS,
  validate,
  replaceOn: ["region", "image", "authorizedKeys", "privateIp"],
  // Labels are unique per account: a replacement that keeps the label must free it first.
  deleteBeforeReplace: (olds, news) => news.label !== undefined && olds.label === news.label,
  create: (client, inputs, ctx) =>
    inputs.label === undefined
      ? createUnlabeled(client, inputs, ctx)
      : client.api.createInstance({ body: createBody(inputs) }),
  // Labels are unique per account. Without one, `create` itself looked for what it made.
  find: async (client, { label }) =>
    label === undefined ? undefined : (await listInstances(client)).find((i) => i.label === label),
  uniqueFields: ["label"],
  // Still provisioning, booting, migrating... (a wait that failed): the next `up` waits again.
  settled: (outputs) =>
    outputs.status === undefined || AT_REST.includes(outputs.status as Instance["status"]),
  settle: async (client, record, inputs, ctx) => {
    const want = wantedStatus(record, inputs);
    const current = await untilResting(client, record.id, ctx, want);
    if (want === "running" && current.status === "offline")
      return bootInto(client, current, undefined, undefined, ctx);
    if (want === "offline") return shutDown(client, current, undefined, ctx);
    return current;
  },
  read: (client, id) => client.api.getInstance({ params: params(id) }),
  update: async (client, id, olds, news, ctx) => {
    const p = params(id);
    const body: InstanceUpdateRequest = {};
    if (news.label !== undefined && news.label !== olds.label) body.label = news.label;
    if (!isDeepStrictEqual(news.tags, olds.tags)) body.tags = news.tags;
    if (news.group !== olds.group) body.group = news.group;
    if (Object.keys(body).length > 0) await client.api.updateInstance({ params: p, body });
    if (news.backupsEnabled !== olds.backupsEnabled) {
      const enable = Boolean(news.backupsEnabled);
      await act(
        {
          name: `Instance ${id}: ${enable ? "enable" : "cancel"} backups`,
          post: () =>
            enable ? client.api.enableBackups({ params: p }) : client.api.cancelBackups({ params: p }),
          happened: async () => (await getInstance(client, p.computeId)).backups.enabled === enable,
        },
        ctx,
      );
    }
    const newPass = news.rootPass !== undefined && news.rootPass !== olds.rootPass;
    if (newPass || news.type !== olds.type) {
      // Actions wait for the instance to rest; the type is compared with the API's (a resize whose
      // wait failed may have finished since).
      let current = await untilResting(client, p.computeId, ctx);
      if (newPass) {
        // The API resets a password only while the instance is shut down; settle boots it back.
        current = await shutDown(client, current, undefined, ctx);
        ctx.log(`${namedInstance(current)}: resetting the root password`);
        await act(
          {
            name: `${namedInstance(current)}: reset the root password`,
            post: () => client.api.resetInstancePassword({ params: p, body: { root_pass: news.rootPass! } }),
            // Not readable back; sending the same password again to an offline instance changes nothing more.
            happened: async () => false,
          },
          ctx,
        );
      }
      if (current.type !== news.type) {
        ctx.log(`${namedInstance(current)}: resizing from ${current.type} to ${news.type}`);
        await act(
          {
            name: `${namedInstance(current)}: resize to ${news.type}`,
            post: () => client.api.resizeInstance({ params: p, body: { type: news.type } }),
            // A resize moves the instance (`migrating`) and ends with the new type.
            happened: async () => {
              const now = await getInstance(client, p.computeId);
              return now.status === "migrating" || now.type === news.type;
            },
          },
          ctx,
        );
      }
    }
    return client.api.getInstance({ params: p });
  },
  delete: async (client, id, _props, ctx) => {
    await client.api.deleteInstance({ params: params(id) });
    await waitForInstance(client, params(id).computeId, gone(), ctx.wait);
  },
  idOf: (instance) => String(instance.id),
  toOutputs: (instance, props) => ({
    region: instance.region,
    type: instance.type,
    label: instance.label,
    image: instance.image ?? undefined,
    rootPass: props.rootPass,
    authorizedKeys: props.authorizedKeys,
    booted: bootedOf(instance, props),
    tags: instance.tags,
    group: instance.group,
    privateIp: instance.ipv4.some(isPrivateIpv4),
    backupsEnabled: instance.backups.enabled,
    status: instance.status,
    ipv4: instance.ipv4,
    ipv6: instance.ipv6,
    specs: instance.specs,
    hypervisor: instance.hypervisor,
    hostUuid: instance.host_uuid,
    hasUserData: instance.has_user_data,
    backups: {
      available: instance.backups.available,
      enabled: instance.backups.enabled,
      lastSuccessful: instance.backups.last_successful,
      schedule: instance.backups.schedule,
    },
    created: instance.created,
    updated: instance.updated,
  }),
});
