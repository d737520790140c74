/** InstanceConfig. API area: configs.
 * A configuration profile of an instance: the disks on its devices, kernel, helpers, run level,
 * virtualization mode, memory limit and (optionally) its interfaces, all changed in place; computeId
 * replaces. Values the API fills in (kernel, memory limit, helpers, interface addresses, `any` 1:1
 * NAT resolved to the instance's address) never show as a diff: outputs hold the API's values in the
 * shape that was asked.
 *
 * `booted: true` boots the instance into this config (rebooting it if it runs with another) and waits
 * until it runs; `false` shuts it down if it runs with this config; left out, power is not managed. A
 * change that takes effect at boot (everything but label and comments) on the config a running
 * instance uses reboots it only with `rebootOnChange: true`; otherwise a line says a reboot is due.
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError } from "../../client/errors";
import { readInstance } from "../../client/waits";
import {
  CONFIG_LIMITS,
  configEndpoints,
  ConfigParams,
  DEFAULT_KERNEL,
  DEFAULT_ROOT_DEVICE,
  DEVICE_NAMES,
  PARAVIRT_ONLY_DEVICES,
  RUN_LEVELS,
  VIRT_MODES,
  Config,
  ConfigInterface,
  type ConfigCreateRequest,
  type ConfigUpdateRequest,
  type DeviceName,
  type Devices,
  type Helpers,
} from "../../contract/configs";
import { bool, idFrom, idOutput, integer, text } from "../../contract/fields";
import { diskEndpoints } from "../../contract/disks";
import { instanceEndpoints } from "../../contract/instance-endpoints";
import { Instance } from "../../contract/instances";
import { deviceProblems, kernelProblems, type Problem } from "../../contract/record-rules";
import type { CheckFailure } from "../core/check";
import { asFailures, asksNew, catalogued, known } from "../core/lookups";
import { lookupClient } from "../core/settings";
import { createByListing } from "../core/create-by-listing";
import { FRESH_MS } from "../core/label-claims";
import {
  bootedSinceChange,
  bootInto,
  getInstance,
  listConfigs,
  onePowerAtATime,
  runsWith,
  shutDown,
  untilResting,
  listDisks,
} from "./instance-power";
import { noteInlineInterfaces } from "./inline-interfaces";
import { detailsOf, interfaceRequest, interfacesOf, InterfacesInput } from "./interface-shape";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { dropMark, endsWithMark, listedMark, textAsPosted } from "../core/stack-marks";
import { booleanIn } from "../core/props";
import { nameOf } from "../core/names";
import { pendingIn } from "../core/pending";
import { INSTANCE_CONFIG_COMPUTED } from "../field-lists";
import { keyed } from "../../contract/keyed";

// ---- inputs ----

const deviceSlot = (d: DeviceName) => idFrom(`devices.${d}`).nullable().optional();
const DevicesInput = z
  .strictObject(keyed(DEVICE_NAMES, deviceSlot), {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `devices are named sda..sdh (not ${iss.keys.join(", ")})`
        : iss.input === undefined
          ? "devices is required"
          : "devices must map device names (sda..sdh) to disk IDs",
  })
  // Empty slots are left out: `{sda: 12}` is the whole value.
  .transform((devices) => {
    const filled: Partial<Record<DeviceName, number>> = {};
    for (const d of DEVICE_NAMES) if (devices[d] !== null && devices[d] !== undefined) filled[d] = devices[d];
    return filled;
  });

/** Helpers in camelCase, as the API's helpers object holds them. */
const HELPERS = {
  updatedbDisabled: "updatedb_disabled",
  distro: "distro",
  modulesDep: "modules_dep",
  network: "network",
  devtmpfsAutomount: "devtmpfs_automount",
} as const satisfies Record<string, keyof Helpers>;
type HelperName = keyof typeof HELPERS;
const HELPER_NAMES = Object.keys(HELPERS).filter((h): h is HelperName => h in HELPERS);

const HelpersInput = z.strictObject(
  keyed(HELPER_NAMES, (h) => bool(`helpers.${h}`).optional()),
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `helpers are ${Object.keys(HELPERS).join(", ")} (not ${iss.keys.join(", ")})`
        : "helpers must be an object of booleans",
  },
);

const ROOT_DEVICE = /^[a-zA-Z0-9/_-]+$/;

export const InstanceConfigInputs = z.object({
  computeId: idFrom("computeId"),
  label: text("label", CONFIG_LIMITS.label),
  comments: z.string({ error: "comments must be a string" }).optional(),
  devices: DevicesInput,
  helpers: HelpersInput.optional(),
  kernel: text("kernel", { min: 1, max: 64 }).optional(),
  memoryLimit: integer("memoryLimit").nonnegative("memoryLimit must be at least 0").optional(),
  rootDevice: text("rootDevice", { min: 1, max: 64 })
    .regex(ROOT_DEVICE, "rootDevice may hold only letters, digits, /, _ and -")
    .optional(),
  runLevel: z.enum(RUN_LEVELS, { error: "runLevel must be one of default, single, binbash" }).optional(),
  virtMode: z.enum(VIRT_MODES, { error: "virtMode must be paravirt or fullvirt" }).optional(),
  interfaces: InterfacesInput.optional(),
  booted: bool("booted").optional(),
  rebootOnChange: bool("rebootOnChange").optional(),
});
export type InstanceConfigInputs = z.infer<typeof InstanceConfigInputs>;

/**
 * The kernel exists, and each device (once its ID and the instance's are known) names a disk of the
 * instance, not of another one.
 */
async function lookups(inputs: InstanceConfigInputs, olds: Props): Promise<CheckFailure[]> {
  const problems: Problem[] = [];
  if (asksNew(inputs, olds, "kernel")) {
    const found = await catalogued("kernels", inputs.kernel!);
    if (found) problems.push(...kernelProblems(inputs.kernel!, found.record));
  }
  const { computeId } = inputs;
  const named = Object.entries(inputs.devices).filter(([, id]) => typeof id === "number");
  if (asksNew(inputs, olds, "devices") && known(computeId) && named.length > 0) {
    try {
      // The instance's disks as the creates of its disks in this process left them, when that is
      // as recent as a create's lookup may be (nothing written under them since), else a listing.
      const client = lookupClient();
      const listing = await client.freshListing(diskEndpoints.listDisks, { computeId }, FRESH_MS);
      const disks = listing?.records ?? (await listDisks(client, computeId));
      const devices = Object.fromEntries(named.map(([name, id]) => [name, { disk_id: id }]));
      problems.push(
        ...deviceProblems(
          devices,
          disks.map((d) => d.id),
        ),
      );
    } catch {
      // Unreadable now (or gone): the create meets the API's own check.
    }
  }
  // `devices.sda.disk_id` is the input `devices.sda`.
  return asFailures(problems, (field) => field.replace(/\.disk_id$/, ""));
}

function validate(inputs: InstanceConfigInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const { devices } = inputs;
  const seen = new Map<number, DeviceName>();
  for (const name of DEVICE_NAMES) {
    const diskId = devices[name];
    if (diskId === undefined) continue;
    const first = seen.get(diskId);
    if (first) {
      failures.push({
        property: "devices",
        reason: `disk ${diskId} is on both ${first} and ${name}; a disk can be on one device only`,
      });
    }
    seen.set(diskId, name);
  }
  if (inputs.virtMode === "fullvirt") {
    for (const name of PARAVIRT_ONLY_DEVICES) {
      if (devices[name] !== undefined) {
        failures.push({
          property: "devices",
          reason: `${name} is unavailable in fullvirt mode (sda..sdd only)`,
        });
      }
    }
  }
  const root = DEVICE_NAMES.find((d) => inputs.rootDevice === `/dev/${d}`);
  if (root && devices[root] === undefined) {
    failures.push({
      property: "rootDevice",
      reason: `rootDevice ${inputs.rootDevice} names an empty device: give devices.${root} a disk`,
    });
  }
  return failures;
}

// ---- requests and outputs ----

function devicesRequest(devices: Partial<Record<DeviceName, number>>) {
  // Every slot, so that a device the program no longer names is emptied.
  const slots: ConfigCreateRequest["devices"] = {};
  for (const d of DEVICE_NAMES) {
    const diskId = devices[d];
    slots[d] = diskId === undefined ? null : { disk_id: diskId };
  }
  return slots;
}

function helpersRequest(helpers: Partial<Record<HelperName, boolean>> | undefined) {
  if (helpers === undefined) return undefined;
  const request: Partial<Helpers> = {};
  for (const name of HELPER_NAMES) if (helpers[name] !== undefined) request[HELPERS[name]] = helpers[name];
  return request;
}

function devicesOf(devices: Devices): Partial<Record<DeviceName, number>> {
  return Object.fromEntries(
    DEVICE_NAMES.flatMap((d) => (typeof devices[d]?.disk_id === "number" ? [[d, devices[d]!.disk_id]] : [])),
  );
}

/** The API's helpers; only those asked for when some were (the others are the API's choice). */
function helpersOf(helpers: Helpers, asked: unknown): Partial<Record<HelperName, boolean>> {
  const names = HELPER_NAMES.filter((n) => !(asked && typeof asked === "object") || n in asked);
  return Object.fromEntries(names.map((n) => [n, helpers[HELPERS[n]]]));
}

/** `mark`: the stack's mark for the resource, at the end of the comments until the create returns. */
function createBody(inputs: InstanceConfigInputs, mark?: string): ConfigCreateRequest {
  return {
    label: inputs.label,
    comments: textAsPosted(inputs.comments, mark),
    devices: devicesRequest(inputs.devices),
    helpers: helpersRequest(inputs.helpers),
    kernel: inputs.kernel,
    memory_limit: inputs.memoryLimit,
    root_device: inputs.rootDevice,
    run_level: inputs.runLevel,
    virt_mode: inputs.virtMode,
    interfaces: inputs.interfaces?.map(interfaceRequest),
  };
}

/** Inputs sent on update; all but label and comments apply at boot. */
const UPDATABLE = [
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
] as const satisfies (keyof InstanceConfigInputs)[];
type Updatable = (typeof UPDATABLE)[number];

/** The update's body: the request field of each changed input. */
function updateBody(news: InstanceConfigInputs, changed: Updatable[]): ConfigUpdateRequest {
  const has = (key: Updatable) => changed.includes(key);
  return {
    ...(has("label") && { label: news.label }),
    ...(has("comments") && { comments: news.comments }),
    ...(has("devices") && { devices: devicesRequest(news.devices) }),
    ...(has("helpers") && { helpers: helpersRequest(news.helpers) }),
    ...(has("kernel") && { kernel: news.kernel }),
    ...(has("memoryLimit") && { memory_limit: news.memoryLimit }),
    ...(has("rootDevice") && { root_device: news.rootDevice }),
    ...(has("runLevel") && { run_level: news.runLevel }),
    ...(has("virtMode") && { virt_mode: news.virtMode }),
    ...(has("interfaces") && { interfaces: news.interfaces?.map(interfaceRequest) }),
  };
}
const APPLIED_NOW = ["label", "comments"];

// ---- the spec ----

/** Where a create's POST writes the stack's mark (`stack-marks.ts`): the end of the comments. */
const configMark = {
  carries: (config: Config, mark: string) => endsWithMark(config.comments, mark),
  without: (config: Config, mark: string) => ({
    ...config,
    comments: config.comments === null ? null : dropMark(config.comments, mark),
  }),
};

/**
 * What the provider works with: the config; whether the instance runs with it (undefined: unknown);
 * whether a reboot to apply a change is still due (the core keeps it as `pending: "reboot"` when
 * its wait fails, so the next `up` finishes it); and the instance's status once the config's work ended.
 */
export interface ConfigRecord {
  config: Config;
  booted: boolean | undefined;
  rebootPending: boolean;
  instanceStatus: Instance["status"];
}

const params = (configId: string | number, props: Props) =>
  ConfigParams.parse({ computeId: props.computeId, configId });

export const instanceConfigSpec = defineSpec({
  kind: "InstanceConfig",
  parents: ["computeId"],
  inputs: InstanceConfigInputs,
  computed: INSTANCE_CONFIG_COMPUTED,
  outputs: z.object({
    interfaceDetails: z.array(
      z.object({
        id: idOutput(),
        purpose: ConfigInterface.shape.purpose,
        primary: ConfigInterface.shape.primary,
        active: ConfigInterface.shape.active,
        label: ConfigInterface.shape.label,
        ipamAddress: ConfigInterface.shape.ipam_address,
        subnetId: idOutput().nullable(),
        vpcId: idOutput().nullable(),
        ipv4: z
          .object({
            vpc: ConfigInterface.shape.ipv4.unwrap().shape.vpc,
            nat11: ConfigInterface.shape.ipv4.unwrap().shape.nat_1_1,
          })
          .nullable(),
        ipRanges: ConfigInterface.shape.ip_ranges,
      }),
    ),
    instanceStatus: Instance.shape.status,
    created: Config.shape.created,
    updated: Config.shape.updated,
  }),
  keptByUpdate: { interfaceDetails: ["interfaces"], instanceStatus: ["booted"] },
  // The interfaces' own IDs (a ConfigInterface's `id`), their subnets' and VPCs'.
  defaults: {
    comments: "",
    kernel: DEFAULT_KERNEL,
    rootDevice: DEFAULT_ROOT_DEVICE,
    runLevel: "default",
    virtMode: "paravirt",
    rebootOnChange: false,
  },
  // Left out, the API chooses (memory limit: the instance's RAM; helpers); interfaces and power are
  // then not managed by this resource.
  apiChosen: ["memoryLimit", "helpers", "interfaces", "booted"],
  // The interfaces are ConfigInterface resources of their own; `booted: false` would shut the
  // instance down whenever it runs with this config.
  leftOutOfImports: (key, value) => key === "interfaces" || (key === "booted" && value !== true),
  // How the provider acts, which no config holds.
  programOnly: ["rebootOnChange"],
  validate,
  lookups,
  observe: (id, inputs) => noteInlineInterfaces(id, inputs.interfaces !== undefined),
  replaceOn: ["computeId"],
  create: async (client, inputs, ctx): Promise<ConfigRecord> => {
    const { computeId } = inputs;
    const config = await createByListing(
      {
        kind: "InstanceConfig",
        what: `InstanceConfig ${inputs.label} on Instance ${computeId}`,
        list: () => listConfigs(client, computeId),
        post: () => client.api.createConfig({ params: { computeId }, body: createBody(inputs, ctx.mark) }),
        matches: (c) => c.label === inputs.label,
        ...listedMark(configMark, ctx.mark),
      },
      ctx,
    );
    // A new config is not what the instance runs with. Read on the poller: the configs of a fleet,
    // made together, share the read.
    const { status } = await readInstance(client, computeId);
    return { config, booted: false, rebootPending: false, instanceStatus: status };
  },
  marked: {
    carries: ({ config }, mark) => configMark.carries(config, mark),
    without: (record, mark) => ({ ...record, config: configMark.without(record.config, mark) }),
    // The comments apply at once: no reboot.
    takeOff: async (client, record, inputs) => ({
      ...record,
      config: await client.api.updateConfig({
        params: params(record.config.id, inputs),
        body: { comments: inputs.comments ?? "" },
      }),
    }),
  },
  // Only while a reboot to apply a change is still due.
  pending: (record) => (record.rebootPending ? "reboot" : undefined),
  settle: (client, record, inputs, ctx) =>
    onePowerAtATime(inputs.computeId, () => settle(client, record, inputs, ctx)),
  read: async (client, id, props) => {
    const p = params(id, props);
    const config = await client.api.getConfig({ params: p });
    const instance = await getInstance(client, p.computeId);
    const booted = await runsWith(client, instance, config.id, props.booted);
    return { config, booted, rebootPending: false, instanceStatus: instance.status };
  },
  // The instance's configs from one listing, the instance from the instances' listing; which config
  // it runs with still reads its last boot.
  readListed: async (client, id, props) => {
    const { computeId, configId } = params(id, props);
    const [config, instance] = await Promise.all([
      client.listedItem(configEndpoints.listConfigs, configId, { computeId }),
      client.listedItem(instanceEndpoints.listInstances, computeId),
    ]);
    if (!config || !instance) return undefined;
    const booted = await runsWith(client, instance, config.id, props.booted);
    return { config, booted, rebootPending: false, instanceStatus: instance.status };
  },
  update: async (client, id, olds, news, ctx) => {
    const p = params(id, olds);
    const changed = UPDATABLE.filter(
      (key) => news[key] !== undefined && !isDeepStrictEqual(news[key], olds[key]),
    );
    const body = updateBody(news, changed);
    const config =
      changed.length > 0
        ? await client.api.updateConfig({ params: p, body })
        : await client.api.getConfig({ params: p });
    const instance = await getInstance(client, p.computeId);
    const booted = await runsWith(client, instance, config.id, olds.booted);
    const atBoot = changed.filter((key) => !APPLIED_NOW.includes(key));
    let rebootPending = pendingIn(olds) === "reboot";
    if (atBoot.length > 0 && booted && news.booted !== false) {
      if (news.rebootOnChange) rebootPending = true;
      else {
        ctx.log(
          `${nameOf("InstanceConfig", config)}: ${atBoot.join(", ")} changed; Instance ${instance.id} runs with this config ` +
            "and applies the change when it reboots (rebootOnChange: true lets `pulumi up` reboot it)",
        );
      }
    }
    return { config, booted, rebootPending, instanceStatus: instance.status };
  },
  delete: async (client, id, props, ctx) => {
    const p = params(id, props);
    // The API refuses to delete the config an instance runs with: the instance is shut down first.
    const shutDownIfRunsWith = async (): Promise<boolean> => {
      const instance = await untilResting(client, p.computeId, ctx);
      if (!(await runsWith(client, instance, p.configId, props.booted))) return false;
      await shutDown(client, instance, {
        why: `to delete InstanceConfig ${p.configId}, which it runs with`,
        ctx,
      });
      return true;
    };
    // Looked at before the DELETE when the state says the config was booted (a destroy of an
    // assembled instance sends no request the API must refuse), and after a refusal (booted since).
    if (props.booted !== false) await shutDownIfRunsWith();
    try {
      await client.api.deleteConfig({ params: p });
    } catch (err) {
      if (!(err instanceof ComputeApiError && err.status === 400) || !(await shutDownIfRunsWith())) throw err;
      await client.api.deleteConfig({ params: p });
    }
  },
  idOf: (record) => String(record.config.id),
  toOutputs: ({ config, booted, instanceStatus }: ConfigRecord, props: Props) => ({
    computeId: ConfigParams.shape.computeId.parse(props.computeId),
    label: config.label,
    comments: config.comments ?? "",
    devices: devicesOf(config.devices),
    helpers: helpersOf(config.helpers, props.helpers),
    kernel: config.kernel,
    memoryLimit: config.memory_limit,
    rootDevice: config.root_device,
    runLevel: config.run_level,
    virtMode: config.virt_mode,
    interfaces: interfacesOf(config.interfaces, props.interfaces),
    booted: booted ?? booleanIn(props.booted),
    rebootOnChange: props.rebootOnChange,
    interfaceDetails: detailsOf(config.interfaces),
    instanceStatus,
    created: config.created,
    updated: config.updated,
  }),
});

/**
 * After create and update: the power `booted` asks for (booting into this config, rebooting from
 * another, or shutting down), and a reboot due to apply a change; each waited for.
 */
async function settle(
  client: ComputeClient,
  record: ConfigRecord,
  inputs: InstanceConfigInputs,
  ctx: OperationContext,
): Promise<ConfigRecord> {
  if (inputs.booted === undefined && !record.rebootPending) return record;
  const { computeId } = inputs;
  const configId = record.config.id;
  // The instance as the last wait read it: its status is not read again at the end.
  let instance = await untilResting(client, computeId, ctx);
  const running = await runsWith(client, instance, configId, record.booted);
  let booted = running;
  if (inputs.booted === false) {
    if (running === true)
      instance = await shutDown(client, instance, {
        why: `${nameOf("InstanceConfig", record.config)} has booted: false`,
        ctx,
      });
    booted = false;
  } else if (inputs.booted === true && running !== true) {
    instance = await bootInto(client, instance, {
      configId,
      why: `into ${nameOf("InstanceConfig", record.config)}, which has booted: true`,
      ctx,
    });
    booted = true;
  } else if (
    record.rebootPending &&
    running &&
    !(await bootedSinceChange(client, computeId, record.config))
  ) {
    instance = await bootInto(client, instance, {
      configId,
      why: `to apply the change to ${nameOf("InstanceConfig", record.config)}`,
      ctx,
    });
  }
  // A boot changes a config's interfaces only (which become active): one without is as it was.
  const config =
    record.config.interfaces.length === 0
      ? record.config
      : await client.api.getConfig({ params: { computeId, configId } });
  return { config, booted, rebootPending: false, instanceStatus: instance.status };
}
