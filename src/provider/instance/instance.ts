/** Instance. API area: instances.
 * Created from an image (running, or offline with `booted: false`), from an image with a
 * StackScript, from another instance's backup (`backupId`), or empty (offline: its configs boot it);
 * `settle` waits until the instance rests in the wanted power state, booting or shutting it down
 * when it does not. Label, tags, group, alerts, watchdogEnabled, backupsSchedule and backupsEnabled
 * change in place (PUT and the backup actions), type by a resize, region by a migration (each waited
 * for), rootPass by a reset (shut down, reset, boot back), privateIp false → true by allocating the
 * private IPv4 (POST .../ips; the guest configures it at its next boot). What only a create takes
 * replaces: image, authorizedKeys, authorizedUsers, StackScript and its data, backupId, firewallId,
 * interfaces, metadata, swapSize, and privateIp true → false (the API has no call that removes a
 * private IPv4).
 * rootPass, stackscriptData and metadata are never read back: the outputs keep what was asked, and
 * the resource class marks them secret. Interfaces are read back from the config the create made.
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { collect } from "../../client/pagination";
import { ComputeApiError, isNotFound } from "../../client/errors";
import { gone, waitForInstance, when } from "../../client/waits";
import { configEndpoints, type ConfigInterface } from "../../contract/configs";
import { AuthorizedKeys, DEPLOY_LIMITS, ImageId, password } from "../../contract/deploy";
import { bool, idFrom, integer, text } from "../../contract/fields";
import { instanceEndpoints, InstanceParams } from "../../contract/instance-endpoints";
import {
  BACKUP_DAYS,
  BACKUP_WINDOWS,
  Instance,
  InstanceCreateRequest,
  InstanceLabel,
  Tags,
  type Alerts,
  InstanceBackups,
  type InstanceUpdateRequest,
} from "../../contract/instances";
import {
  stackScriptProblems,
  userDataImageProblems,
  userDataRegionProblems,
} from "../../contract/record-rules";
import { act } from "../core/actions";
import { createByListing } from "../core/create-by-listing";
import { stillRequired } from "../core/import-object";
import type { ResourceContext } from "../core/resource-context";
import { AT_REST, bootInto, getInstance, listConfigs, shutDown, untilResting } from "./instance-power";
import { instanceLookups } from "./instance-lookups";
import { asFailures } from "../core/lookups";
import { interfaceRequest, interfacesOf, InterfacesInput } from "./interface-shape";
import type { CheckFailure } from "../core/check";
import { noteAddedTags, noteInstanceTags } from "./instance-tags";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { booleanIn } from "../core/props";
import { clientFromConfig } from "../core/settings";
import { nameOf } from "../core/names";
import { INSTANCE_COMPUTED, INSTANCE_SECRETS } from "../field-lists";

/** Alert thresholds in camelCase, with the API's field for each. */
const ALERTS = {
  cpu: "cpu",
  io: "io",
  networkIn: "network_in",
  networkOut: "network_out",
  transferQuota: "transfer_quota",
} as const satisfies Record<string, keyof Alerts>;
type AlertName = keyof typeof ALERTS;
const ALERT_NAMES = Object.keys(ALERTS).filter((n): n is AlertName => n in ALERTS);

const threshold = (name: AlertName) =>
  integer(`alerts.${name}`).nonnegative(`alerts.${name} must be at least 0`).optional();
const AlertsInput = z.strictObject(
  {
    cpu: threshold("cpu"),
    io: threshold("io"),
    networkIn: threshold("networkIn"),
    networkOut: threshold("networkOut"),
    transferQuota: integer("alerts.transferQuota")
      .min(0, "alerts.transferQuota must be 0..100")
      .max(100, "alerts.transferQuota must be 0..100")
      .optional(),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `alerts are ${Object.keys(ALERTS).join(", ")} (not ${iss.keys.join(", ")})`
        : "alerts must be an object of integers",
  },
);

const BackupsScheduleInput = z.strictObject(
  {
    day: z
      .enum(BACKUP_DAYS, { error: "backupsSchedule.day must be a weekday (e.g. Sunday) or Scheduling" })
      .optional(),
    window: z
      .enum(BACKUP_WINDOWS, { error: "backupsSchedule.window must be one of W0, W2, ..., W22 or Scheduling" })
      .optional(),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `backupsSchedule has day and window (not ${iss.keys.join(", ")})`
        : "backupsSchedule must be an object with day and window",
  },
);

/** StackScript field values by name (the script's UDFs). */
const StackScriptDataInput = z
  .record(z.string(), z.string({ error: "stackscriptData values must be strings" }), {
    error: "stackscriptData must be an object of strings",
  })
  .refine(
    (data) => JSON.stringify(data).length <= DEPLOY_LIMITS.stackscriptData.max,
    "stackscriptData must be at most 65,535 characters",
  );

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MetadataInput = z.strictObject(
  {
    userData: text("metadata.userData")
      .regex(BASE64, "metadata.userData must be base64-encoded")
      .refine(
        (value) => Buffer.from(value, "base64").length <= DEPLOY_LIMITS.userData.max,
        "metadata.userData must be at most 65,535 bytes before encoding",
      )
      .optional(),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `metadata has userData only (not ${iss.keys.join(", ")})`
        : "metadata must be an object with userData",
  },
);

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
  authorizedUsers: z
    .array(text("authorizedUsers", { min: 1, max: 64 }), {
      error: "authorizedUsers must be an array of usernames",
    })
    .optional(),
  stackscriptId: idFrom("stackscriptId").optional(),
  stackscriptData: StackScriptDataInput.optional(),
  backupId: idFrom("backupId").optional(),
  firewallId: idFrom("firewallId").optional(),
  interfaces: InterfacesInput.optional(),
  metadata: MetadataInput.optional(),
  swapSize: integer("swapSize").nonnegative("swapSize must be at least 0").optional(),
  alerts: AlertsInput.optional(),
  backupsSchedule: BackupsScheduleInput.optional(),
  watchdogEnabled: bool("watchdogEnabled").optional(),
});
export type InstanceInputs = z.infer<typeof InstanceInputs>;

/** An instance, with the interfaces of the config its create made when the inputs ask for interfaces. */
type InstanceRecord = Instance & { configInterfaces?: ConfigInterface[] };

const params = (id: string | number) => InstanceParams.parse({ computeId: id });

/** Private IPv4 addresses of instances come from 192.168.128.0/17. */
function isPrivateIpv4(address: string): boolean {
  const [a, b, c] = address.split(".").map(Number);
  return a === 192 && b === 168 && c !== undefined && c >= 128;
}

const hasPrivateIpv4 = (instance: Instance) => instance.ipv4.some(isPrivateIpv4);

/**
 * Allocates the instance's private IPv4. The API assigns it at once; the guest configures it at its
 * next boot. A lost answer is read back from the instance's addresses: a second POST would be a 400.
 */
async function addPrivateIpv4(client: ComputeClient, instance: Instance, ctx: OperationContext) {
  const name = nameOf("Instance", instance);
  ctx.log(`${name}: allocating a private IPv4 (the guest configures it at its next boot)`);
  await act(
    {
      name: `${name}: allocate a private IPv4`,
      post: () =>
        client.api.allocateInstanceIp({
          params: params(instance.id),
          body: { type: "ipv4", public: false },
        }),
      happened: async () => hasPrivateIpv4(await getInstance(client, instance.id)),
    },
    ctx,
  );
}

/** Whether the create deploys disks (from an image or a backup), so that `booted` applies. */
const deploys = (record: Instance, props: Props) => record.image !== null || props.backupId !== undefined;

/**
 * The power state the resource manages: an instance from an image or a backup runs unless
 * `booted: false`; an empty one has no config of its own to boot, so its configs decide (undefined:
 * not managed).
 */
function wantedStatus(record: Instance, inputs: Props): "running" | "offline" | undefined {
  if (!deploys(record, inputs)) return undefined;
  return inputs.booted === false ? "offline" : "running";
}

/** `booted` as the API holds it: running or offline; while on the way, what was asked. */
function bootedOf(record: Instance, props: Props): boolean | undefined {
  const asked = booleanIn(props.booted);
  if (!deploys(record, props)) return asked;
  if (record.status === "running") return true;
  if (record.status === "offline") return false;
  return asked;
}

function alertsRequest(alerts: Partial<Record<AlertName, number>>): Partial<Alerts> {
  return Object.fromEntries(
    ALERT_NAMES.filter((name) => alerts[name] !== undefined).map((name) => [ALERTS[name], alerts[name]]),
  );
}

/** The API's thresholds; only those asked for when some were (the others are the API's per type). */
function alertsOf(alerts: Alerts, asked: unknown): Partial<Record<AlertName, number>> {
  const names = ALERT_NAMES.filter((n) => !(asked && typeof asked === "object") || n in asked);
  return Object.fromEntries(names.map((n) => [n, alerts[ALERTS[n]]]));
}

/** The API's schedule; only the parts asked for when some were; undefined while none is set. */
function scheduleOf(schedule: InstanceBackups["schedule"], asked: unknown) {
  const names = (["day", "window"] as const).filter(
    (n) => !(asked && typeof asked === "object") || n in asked,
  );
  const set = names.filter((n) => schedule[n] !== null && schedule[n] !== undefined);
  return set.length > 0 ? Object.fromEntries(set.map((n) => [n, schedule[n]])) : undefined;
}

/** `mark`: the stack's mark for the resource (`stack-marks.ts`), a tag until the create returns. */
function createBody(inputs: InstanceInputs, mark?: string) {
  const { region, type, label, image, rootPass, authorizedKeys, booted, group } = inputs;
  const tags = mark === undefined ? inputs.tags : [...(inputs.tags ?? []), mark];
  return {
    region,
    type,
    label,
    image,
    root_pass: rootPass,
    authorized_keys: authorizedKeys,
    authorized_users: inputs.authorizedUsers,
    stackscript_id: inputs.stackscriptId,
    stackscript_data: inputs.stackscriptData,
    backup_id: inputs.backupId,
    firewall_id: inputs.firewallId,
    interfaces: inputs.interfaces?.map(interfaceRequest),
    metadata: inputs.metadata?.userData === undefined ? undefined : { user_data: inputs.metadata.userData },
    swap_size: inputs.swapSize,
    // An empty instance has nothing to boot; the API ignores `booted` for it.
    booted: image === undefined && inputs.backupId === undefined ? undefined : booted,
    // Only what differs from the API's defaults: tags need an unrestricted user even when empty.
    tags: tags?.length ? tags : undefined,
    group: group || undefined,
    private_ip: inputs.privateIp || undefined,
    backups_enabled: inputs.backupsEnabled || undefined,
  };
}

/** `stackscript_data.x` → `stackscriptData.x`, `interfaces[1].ipv4.nat_1_1` → `...nat11`. */
const inputName = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const forbidden = (err: unknown) => err instanceof ComputeApiError && err.status === 403;

/** The create's POST; the API's 400s name the inputs as the program spells them. */
async function postCreate(
  client: ComputeClient,
  inputs: InstanceInputs,
  ctx: OperationContext,
): Promise<Instance> {
  try {
    return await client.api.createInstance({ body: createBody(inputs, ctx.mark) });
  } catch (err) {
    // Tags need an unrestricted user: a POST whose only tag is the mark, refused (403: the API did
    // not act), is sent again without it; the create is then recognised on this machine only.
    if (ctx.mark !== undefined && !inputs.tags?.length && forbidden(err)) {
      delete ctx.mark;
      return postCreate(client, inputs, ctx);
    }
    if (!(err instanceof ComputeApiError) || err.status !== 400) throw err;
    const errors = err.errors.map((e) => (e.field ? { ...e, field: inputName(e.field) } : e));
    throw new ComputeApiError(err.status, errors, err.method, err.path, err.code);
  }
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
      post: () => postCreate(client, inputs, ctx),
      // A restore has no image, as an empty instance: it provisions, while an empty one is offline at once.
      matches: (i) =>
        i.region === inputs.region &&
        i.type === inputs.type &&
        i.image === (inputs.image ?? null) &&
        (inputs.image !== undefined || (i.status !== "offline") === (inputs.backupId !== undefined)),
      ...(ctx.mark !== undefined && { carries: (i: Instance) => i.tags.includes(ctx.mark!) }),
    },
    ctx,
  );
}

/** With the interfaces of the config the create made (the first), when the inputs ask for interfaces;
 * `listed`: from the process's listing of the instance's configs (`client.listed`). */
async function withInterfaces(client: ComputeClient, instance: Instance, props: Props, listed = false) {
  if (props.interfaces === undefined) return instance;
  // A refresh's read takes the configs from the listing its InstanceConfigs read too.
  const configs =
    (listed ? await client.listed(configEndpoints.listConfigs, { computeId: instance.id }) : undefined) ??
    (await listConfigs(client, instance.id));
  const [config] = [...configs].sort((a, b) => a.id - b.id);
  return { ...instance, configInterfaces: config?.interfaces ?? [] } satisfies InstanceRecord;
}

/** Inputs that only a deploy from an image uses. */
const DEPLOY_INPUTS = [
  "rootPass",
  "authorizedKeys",
  "authorizedUsers",
  "stackscriptId",
  "interfaces",
  "metadata",
  "swapSize",
] as const;

/** Rules across inputs; then, for new create-time values, what the API would refuse (by reads). */
async function validate(
  inputs: InstanceInputs,
  olds: Props,
  resource: ResourceContext,
): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  const fail = (property: string, reason: string) => failures.push({ property, reason });
  const restore = inputs.backupId !== undefined;
  if (restore && inputs.image !== undefined) {
    fail("backupId", "backupId cannot be combined with image: the instance is restored from the backup");
  } else if (
    inputs.image !== undefined &&
    inputs.rootPass === undefined &&
    stillRequired(resource, olds, "rootPass")
  ) {
    // An imported instance was deployed already: its password is not readable back.
    fail("rootPass", "rootPass is required when deploying from an image");
  }
  if (inputs.image === undefined) {
    for (const property of DEPLOY_INPUTS) {
      if (inputs[property] === undefined) continue;
      fail(
        property,
        restore
          ? `${property} cannot be combined with backupId (a restore brings the backup's disks, configs and root password)`
          : `${property} needs an image to deploy (an empty instance has no disk)`,
      );
    }
  }
  if (inputs.stackscriptData !== undefined && inputs.stackscriptId === undefined) {
    fail("stackscriptData", "stackscriptData needs stackscriptId (the StackScript whose fields it fills in)");
  }
  if (inputs.interfaces?.length === 0) {
    fail("interfaces", "interfaces must hold 1..3 interfaces (left out: the API's public interface)");
  }
  if (inputs.backupsSchedule !== undefined && !inputs.backupsEnabled) {
    fail(
      "backupsSchedule",
      "backupsSchedule needs backupsEnabled: true (the schedule is of the backup service)",
    );
  }
  if (failures.length === 0) failures.push(...(await deployLookups(inputs, olds)));
  return failures;
}

/** A read for a preview rule: undefined when the API says 404; errors other than 404 skip the rule
 * (the create itself is checked by the API). */
async function lookUp<T>(read: () => Promise<T>): Promise<T | undefined | "skip"> {
  try {
    return await read();
  } catch (err) {
    return isNotFound(err) ? undefined : "skip";
  }
}

/**
 * What the API checks at create, looked up for new values only (an instance already made passes
 * even when its StackScript has changed since): the StackScript exists, supports the image and
 * gets its required fields; user data needs a region with Metadata and a cloud-init image.
 */
async function deployLookups(inputs: InstanceInputs, olds: Props): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  const changed = (...keys: (keyof InstanceInputs)[]) =>
    keys.some((key) => !isDeepStrictEqual(inputs[key], olds[key]));
  const { image, stackscriptId, region } = inputs;
  if (image === undefined) return failures;
  const wantsScript = stackscriptId !== undefined && changed("stackscriptId", "stackscriptData", "image");
  const wantsUserData = inputs.metadata?.userData !== undefined && changed("metadata", "image");
  if (!wantsScript && !wantsUserData) return failures;
  const client = clientFromConfig();
  if (wantsScript) {
    const script = await lookUp(() =>
      client.api.getStackScript({ params: { stackscriptId: stackscriptId! } }),
    );
    if (script !== "skip") {
      failures.push(
        ...asFailures(stackScriptProblems(stackscriptId!, script, image, inputs.stackscriptData ?? {})),
      );
    }
  }
  if (wantsUserData) {
    const where = await lookUp(() => client.api.getRegion({ params: { regionId: region } }));
    if (where !== undefined && where !== "skip")
      failures.push(...asFailures(userDataRegionProblems(region, where)));
    const deployed = await lookUp(() => client.api.getImage({ params: { imageId: image } }));
    if (deployed !== undefined && deployed !== "skip")
      failures.push(...asFailures(userDataImageProblems(deployed)));
  }
  return failures;
}

/** Moves the instance to `region` and waits until it rests there (in the power state it had). */
async function migrate(client: ComputeClient, computeId: number, region: string, ctx: OperationContext) {
  const current = await untilResting(client, computeId, ctx);
  if (current.region === region) return;
  ctx.log(`${nameOf("Instance", current)}: migrating from ${current.region} to ${region}`);
  await act(
    {
      name: `${nameOf("Instance", current)}: migrate to ${region}`,
      post: () => client.api.migrateInstance({ params: params(computeId), body: { region } }),
      // Queued, the migration shows nowhere; sent again, it replaces the queued one.
      happened: async () => {
        const now = await getInstance(client, computeId);
        return now.status === "migrating" || now.region === region;
      },
    },
    ctx,
  );
  await waitForInstance(
    client,
    computeId,
    when(`running or offline in ${region}`, (i) => i.region === region && AT_REST.includes(i.status)),
    ctx.wait,
  );
}

/** What each step of an update works with: the stored outputs and the new inputs. */
interface Change {
  client: ComputeClient;
  p: { computeId: number };
  olds: Props;
  news: InstanceInputs;
  ctx: OperationContext;
}

/** The fields the instance's PUT changes: one request for all of them, none when none changed. */
async function putFields({ client, p, olds, news }: Change) {
  const body: InstanceUpdateRequest = {};
  if (news.label !== undefined && news.label !== olds.label) body.label = news.label;
  if (news.tags !== undefined && !isDeepStrictEqual(news.tags, olds.tags)) body.tags = news.tags;
  if (news.group !== olds.group) body.group = news.group;
  if (news.watchdogEnabled !== undefined && news.watchdogEnabled !== olds.watchdogEnabled)
    body.watchdog_enabled = news.watchdogEnabled;
  if (news.alerts !== undefined && !isDeepStrictEqual(news.alerts, olds.alerts))
    body.alerts = alertsRequest(news.alerts);
  if (news.backupsSchedule !== undefined && !isDeepStrictEqual(news.backupsSchedule, olds.backupsSchedule))
    body.backups = { schedule: news.backupsSchedule };
  if (Object.keys(body).length > 0) await client.api.updateInstance({ params: p, body });
}

/** The backup service, enabled or cancelled by its action. */
async function setBackups({ client, p, olds, news, ctx }: Change) {
  if (news.backupsEnabled === olds.backupsEnabled) return;
  const enable = Boolean(news.backupsEnabled);
  await act(
    {
      name: `Instance ${p.computeId}: ${enable ? "enable" : "cancel"} backups`,
      post: () =>
        enable ? client.api.enableBackups({ params: p }) : client.api.cancelBackups({ params: p }),
      happened: async () => (await getInstance(client, p.computeId)).backups.enabled === enable,
    },
    ctx,
  );
}

/** privateIp false → true: a private IPv4, unless the instance has one. */
async function addPrivateIp({ client, p, olds, news, ctx }: Change) {
  if (news.privateIp !== true || olds.privateIp === true) return;
  // Compared with the API's: an earlier allocation whose answer was lost may have happened.
  const instance = await getInstance(client, p.computeId);
  if (!hasPrivateIpv4(instance)) await addPrivateIpv4(client, instance, ctx);
}

/**
 * The root password and the type, by actions that wait for the instance to rest; the type is
 * compared with the API's (a resize whose wait failed may have finished since).
 */
async function resetPasswordAndResize(change: Change) {
  const { client, p, olds, news, ctx } = change;
  const newPass = news.rootPass !== undefined && news.rootPass !== olds.rootPass;
  if (!newPass && news.type === olds.type) return;
  let current = await untilResting(client, p.computeId, ctx);
  if (newPass) current = await resetPassword(change, current, news.rootPass!);
  if (current.type !== news.type) await resize(change, current);
}

/** The API resets a password only while the instance is shut down; settle boots it back. */
async function resetPassword({ client, p, ctx }: Change, instance: Instance, rootPass: string) {
  const current = await shutDown(client, instance, { ctx });
  ctx.log(`${nameOf("Instance", current)}: resetting the root password`);
  await act(
    {
      name: `${nameOf("Instance", current)}: reset the root password`,
      post: () => client.api.resetInstancePassword({ params: p, body: { root_pass: rootPass } }),
      // Not readable back; sending the same password again to an offline instance changes nothing more.
      happened: async () => false,
    },
    ctx,
  );
  return current;
}

async function resize({ client, p, news, ctx }: Change, current: Instance) {
  ctx.log(`${nameOf("Instance", current)}: resizing from ${current.type} to ${news.type}`);
  await act(
    {
      name: `${nameOf("Instance", current)}: resize to ${news.type}`,
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

/** The region, compared with the API's: a migration whose wait failed may have finished since. */
async function moveRegion({ client, p, news, ctx }: Change) {
  if ((await getInstance(client, p.computeId)).region !== news.region) {
    await migrate(client, p.computeId, news.region, ctx);
  }
}

/** An update, in order. */
const UPDATE_STEPS: ((change: Change) => Promise<void>)[] = [
  putFields,
  setBackups,
  addPrivateIp,
  resetPasswordAndResize,
  moveRegion,
];

export const instanceSpec = defineSpec({
  kind: "Instance",
  inputs: InstanceInputs,
  computed: INSTANCE_COMPUTED,
  outputs: z.object({
    status: Instance.shape.status,
    ipv4: Instance.shape.ipv4,
    ipv6: Instance.shape.ipv6,
    specs: Instance.shape.specs,
    hypervisor: Instance.shape.hypervisor,
    hostUuid: Instance.shape.host_uuid,
    hasUserData: Instance.shape.has_user_data,
    backups: z.object({
      available: InstanceBackups.shape.available,
      enabled: InstanceBackups.shape.enabled,
      lastSuccessful: InstanceBackups.shape.last_successful,
      schedule: InstanceBackups.shape.schedule,
    }),
    created: Instance.shape.created,
    updated: Instance.shape.updated,
  }),
  keptByUpdate: {
    status: ["type", "booted"],
    ipv4: ["interfaces", "privateIp"],
    ipv6: ["interfaces"],
    specs: ["type"],
    hypervisor: [],
    hostUuid: ["type"],
    hasUserData: ["metadata"],
    backups: ["backupsEnabled", "backupsSchedule"],
  },
  defaults: {
    booted: true,
    group: "",
    privateIp: false,
    backupsEnabled: false,
    watchdogEnabled: true,
  },
  // Without a label the API names the instance `compute<id>`; alerts have defaults per type; the
  // backup service chooses a schedule; tags left out are owned by `Tag` resources or by hand: none
  // of them is a change while the program leaves it out.
  apiChosen: ["label", "alerts", "backupsSchedule", "tags"],
  // Tags are Tag resources (one per label: an Instance declaring them too would be a second owner);
  // a schedule read back while backups are off is none the provider can set.
  leftOutOfImports: (key, _value, inputs) =>
    key === "tags" || (key === "backupsSchedule" && inputs.backupsEnabled !== true),
  secrets: INSTANCE_SECRETS,
  validate: (inputs, olds, resource) => {
    noteAddedTags(inputs, olds, resource);
    return validate(inputs, olds, resource);
  },
  lookups: instanceLookups,
  observe: noteInstanceTags,
  replaceOn: [
    "image",
    "authorizedKeys",
    "authorizedUsers",
    "stackscriptId",
    "stackscriptData",
    "backupId",
    "firewallId",
    "interfaces",
    "metadata",
    "swapSize",
  ],
  // The API adds a private IPv4 to an instance but has no call that takes it away. An unknown new
  // value may be false: it replaces too.
  replaces: (olds, news) => (olds.privateIp === true && news.privateIp !== true ? ["privateIp"] : []),
  // Labels are unique per account: a replacement that keeps the label must free it first.
  deleteBeforeReplace: (olds, news) => news.label !== undefined && olds.label === news.label,
  create: (client, inputs, ctx): Promise<InstanceRecord> =>
    inputs.label === undefined ? createUnlabeled(client, inputs, ctx) : postCreate(client, inputs, ctx),
  // A tag while the create is unsettled; then the tag is deleted (from the account too: it is the
  // stack's alone).
  marked: {
    carries: (instance, mark) => instance.tags.includes(mark),
    without: (instance, mark) => ({ ...instance, tags: instance.tags.filter((t) => t !== mark) }),
    // A token without the account scope cannot delete a tag: the instance's tags are put back.
    takeOff: async (client, instance, _inputs, mark) => {
      const tags = instance.tags.filter((t) => t !== mark);
      try {
        await client.api.deleteTag({ params: { tagLabel: mark } });
      } catch (err) {
        if (forbidden(err))
          await client.api.updateInstance({ params: params(String(instance.id)), body: { tags } });
        else if (!isNotFound(err)) throw err;
      }
      return { ...instance, tags };
    },
  },
  // Labels are unique per account. Without one, `create` itself looked for what it made.
  find: async (client, { label }) =>
    label === undefined
      ? undefined
      : (await collect(client.each(instanceEndpoints.listInstances, { filter: { label } }))).find(
          (i) => i.label === label,
        ),
  listLabelled: (client, _inputs, options) =>
    client.recentListing(instanceEndpoints.listInstances, {}, options),
  uniqueFields: ["label"],
  // Still provisioning, booting, migrating... (a wait that failed): the next `up` waits again.
  atRest: AT_REST,
  settle: async (client, record, inputs, ctx): Promise<InstanceRecord> => {
    const want = wantedStatus(record, inputs);
    let current = await untilResting(client, record.id, ctx, { name: want, current: record });
    if (want === "running" && current.status === "offline")
      current = await bootInto(client, current, { ctx });
    else if (want === "offline") current = await shutDown(client, current, { ctx });
    return withInterfaces(client, current, inputs);
  },
  read: async (client, id, props): Promise<InstanceRecord> =>
    withInterfaces(client, await client.api.getInstance({ params: params(id) }), props),
  readListed: async (client, id, props) => {
    const instance = await client.listedItem(instanceEndpoints.listInstances, params(id).computeId);
    return instance && withInterfaces(client, instance, props, true);
  },
  update: async (client, id, olds, news, ctx): Promise<InstanceRecord> => {
    const change: Change = { client, p: params(id), olds, news, ctx };
    for (const step of UPDATE_STEPS) await step(change);
    return client.api.getInstance({ params: change.p });
  },
  delete: async (client, id, _props, ctx) => {
    await client.api.deleteInstance({ params: params(id) });
    await waitForInstance(client, params(id).computeId, gone(), ctx.wait);
  },
  idOf: (instance) => String(instance.id),
  toOutputs: (instance: InstanceRecord, props: Props) => ({
    region: instance.region,
    type: instance.type,
    label: instance.label,
    image: instance.image ?? undefined,
    rootPass: props.rootPass,
    authorizedKeys: props.authorizedKeys,
    booted: bootedOf(instance, props),
    tags: instance.tags,
    group: instance.group,
    privateIp: hasPrivateIpv4(instance),
    backupsEnabled: instance.backups.enabled,
    authorizedUsers: props.authorizedUsers,
    stackscriptId: props.stackscriptId,
    stackscriptData: props.stackscriptData,
    backupId: props.backupId,
    firewallId: props.firewallId,
    interfaces: instance.configInterfaces
      ? interfacesOf(instance.configInterfaces, props.interfaces)
      : props.interfaces,
    metadata: props.metadata,
    swapSize: props.swapSize,
    alerts: alertsOf(instance.alerts, props.alerts),
    backupsSchedule: scheduleOf(instance.backups.schedule, props.backupsSchedule),
    watchdogEnabled: instance.watchdog_enabled,
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
