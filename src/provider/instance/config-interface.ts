/** ConfigInterface. API area: configs (interfaces).
 * One network interface of an instance's config. computeId, configId, purpose, subnetId, label and
 * ipamAddress replace (the API cannot change them; vlan interfaces cannot be updated at all); public:
 * primary in place; vpc: primary, ipv4 and ipRanges in place. `position` (0..2: eth0..eth2) is kept
 * with the order endpoint. Values the API fills in (a VPC address it chose, `nat11: "any"` resolved
 * to an address) never show as a diff: outputs hold the API's values in the shape asked, and the
 * addresses themselves as `vpcAddress` and `nat11Address`.
 *
 * The API changes what a running instance uses only at its next boot with the config: a new or
 * changed interface on the config an instance runs with becomes active after a reboot, which the
 * provider makes (and waits for) with `rebootOnChange: true`, and otherwise reports as due. The API
 * deletes only inactive interfaces and reorders only a config no instance runs with: with
 * `allowReboot` (default true) the instance is shut down for it and booted back into the config.
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError } from "../../client/errors";
import {
  configEndpoints,
  ConfigParams,
  InterfaceParams,
  InterfaceRequest,
  ConfigInterface,
  type InterfaceUpdateRequest,
} from "../../contract/configs";
import { bool, idFrom, idOutput, integer } from "../../contract/fields";
import type { Instance } from "../../contract/instances";
import { act } from "../core/actions";
import { addedInterfaceProblems } from "../../contract/record-rules";
import { isNewResource, type CheckFailure } from "../core/check";
import { isBeingReplaced } from "../core/label-claims";
import { asFailures, known } from "../core/lookups";
import type { ResourceContext } from "../core/resource-context";
import { lookupClient } from "../core/settings";
import { declareChild } from "../core/siblings";
import { createByListing } from "../core/create-by-listing";
import { ProviderError } from "../core/errors";
import { declaresInlineInterfaces } from "./inline-interfaces";
import {
  bootBack,
  bootedSinceChange,
  bootInto,
  onePowerAtATime,
  runsWith,
  shutDown,
  untilResting,
} from "./instance-power";
import { announce, turnToPost } from "./interface-arrivals";
import { camel, InterfaceInput, interfaceRequest, interfaceShapeOf, shapeOf } from "./interface-shape";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { nameOf } from "../core/names";
import { pendingIn } from "../core/pending";
import { CONFIG_INTERFACE_COMPUTED } from "../field-lists";

export const MAX_POSITION = 2;

type ConfigKey = z.infer<typeof ConfigParams>;

export const ConfigInterfaceInputs = z.object({
  computeId: idFrom("computeId"),
  configId: idFrom("configId"),
  ...InterfaceInput.shape,
  position: integer("position")
    .min(0, `position must be 0..${MAX_POSITION} (eth0..eth${MAX_POSITION})`)
    .max(MAX_POSITION, `position must be 0..${MAX_POSITION} (eth0..eth${MAX_POSITION})`)
    .optional(),
  allowReboot: bool("allowReboot").optional(),
  rebootOnChange: bool("rebootOnChange").optional(),
});
export type ConfigInterfaceInputs = z.infer<typeof ConfigInterfaceInputs>;

/** Inputs the API applies at the next boot: a change to one on a running config needs a reboot. */
const APPLIED_AT_BOOT = ["primary", "ipv4", "ipRanges"] as const;

/** What the provider works with: the interface, where it sits in its config's list (or that settle
 * has just put it where it was asked), and whether a reboot that `rebootOnChange` asked for is still
 * due (kept in the state when its wait fails). */
export interface InterfaceRecord {
  iface: ConfigInterface;
  index: number;
  count: number;
  arranged?: boolean;
  rebootPending: boolean;
}

const configParams = (props: Props) =>
  ConfigParams.parse({ computeId: props.computeId, configId: props.configId });
const interfaceParams = (id: string | number, props: Props) =>
  InterfaceParams.parse({ computeId: props.computeId, configId: props.configId, interfaceId: id });

const named = (id: number | string, configId: number) =>
  `ConfigInterface ${id} of InstanceConfig ${configId}`;

/** The config's interfaces in order (a bare array: not paginated). */
const listInterfaces = (client: ComputeClient, p: ConfigKey) => client.api.listInterfaces({ params: p });

async function load(client: ComputeClient, p: ConfigKey, interfaceId: number, rebootPending = false) {
  const iface = await client.api.getInterface({ params: { ...p, interfaceId } });
  const ids = (await listInterfaces(client, p)).map((i) => i.id);
  return { iface, index: ids.indexOf(iface.id), count: ids.length, rebootPending };
}

/** `ids` with `id` moved to `position` (or last, when the list is shorter). */
export function reordered(ids: number[], id: number, position: number): number[] {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.min(position, rest.length), 0, id);
  return rest;
}

function validate(inputs: ConfigInterfaceInputs, olds: Props, resource: ResourceContext): CheckFailure[] {
  const failures: CheckFailure[] = [];
  // The engine checks a config's new interfaces before it creates any: they land in order.
  const key = resource.journalKey;
  if (isNewResource(olds) && inputs.position !== undefined && key !== undefined) {
    announce(inputs.computeId, inputs.configId, key, inputs.position);
  }
  const result = InterfaceRequest.safeParse(interfaceRequest(shapeOf(inputs)));
  for (const issue of result.error?.issues ?? []) {
    failures.push({ property: camel(issue.path.map(String).join(".")), reason: camel(issue.message) });
  }
  if (declaresInlineInterfaces(inputs.configId)) {
    failures.push({
      property: "configId",
      reason:
        `InstanceConfig ${inputs.configId} declares its interfaces inline (\`interfaces\`), and each ` +
        "would undo the other at every up: declare this interface in that list, or leave `interfaces` out of the InstanceConfig",
    });
  }
  return failures;
}

/** Whether a live interface is the one a request asked for (what the API cannot change). */
const sameInterface = (live: ConfigInterface, asked: InterfaceRequest) =>
  live.purpose === asked.purpose &&
  (live.label ?? undefined) === (asked.label ?? undefined) &&
  (live.ipam_address ?? undefined) === (asked.ipam_address ?? undefined) &&
  (live.subnet_id ?? undefined) === (asked.subnet_id ?? undefined);

/**
 * Added to a config that exists, the interface fits beside the ones the config holds and the other
 * new interfaces this program declares on it (at most three, one public, ...), leaving out the one
 * it replaces (deleted first).
 */
async function lookups(
  inputs: ConfigInterfaceInputs,
  olds: Props,
  _declared: Props,
  resource: ResourceContext,
): Promise<CheckFailure[]> {
  const { computeId, configId } = inputs;
  if (!isNewResource(olds) || !known(computeId, configId)) return [];
  const added = interfaceRequest(shapeOf(inputs));
  // The siblings' inputs, as their own checks passed them (`declareChild` holds any kind's).
  const existing = declareChild("ConfigInterface", `id ${configId}`, inputs, resource).map((other) =>
    interfaceRequest(shapeOf(other as ConfigInterfaceInputs)),
  );
  try {
    const config = await lookupClient().api.getConfig({ params: { computeId, configId } });
    const live = (config.interfaces ?? []).filter((i) => !isBeingReplaced("ConfigInterface", i.id));
    // A sibling this run has made already is among the live ones: counted once.
    const made = (i: InterfaceRequest) => live.some((l) => sameInterface(l, i));
    existing.splice(0, existing.length, ...live, ...existing.filter((i) => !made(i)));
  } catch {
    // Unreadable now (or gone): the create meets the API's own check.
  }
  // The API names no field when the config is full: it is the config's.
  return asFailures(addedInterfaceProblems(existing, added), (field) => field || "configId");
}

function updateBody(olds: Props, news: ConfigInterfaceInputs): InterfaceUpdateRequest | undefined {
  const changed = APPLIED_AT_BOOT.filter((key) => !isDeepStrictEqual(olds[key], news[key]));
  if (changed.length === 0) return undefined;
  if (news.purpose !== "vpc") return { primary: news.primary };
  return {
    primary: news.primary,
    // Left out, the API keeps the VPC address it holds; no 1:1 NAT and no ranges unless declared.
    ipv4: { vpc: news.ipv4?.vpc, nat_1_1: news.ipv4?.nat11 ?? null },
    ip_ranges: news.ipRanges ?? [],
  };
}

export const configInterfaceSpec = defineSpec({
  kind: "ConfigInterface",
  parents: ["computeId", "configId"],
  inputs: ConfigInterfaceInputs,
  computed: CONFIG_INTERFACE_COMPUTED,
  outputs: z.object({
    active: ConfigInterface.shape.active,
    vpcId: idOutput().optional(),
    vpcAddress: ConfigInterface.shape.ipv4.unwrap().shape.vpc.unwrap().optional(),
    nat11Address: ConfigInterface.shape.ipv4.unwrap().shape.nat_1_1.unwrap().optional(),
  }),
  keptByUpdate: {
    active: ["primary"],
    vpcId: ["subnetId"],
    vpcAddress: ["subnetId", "ipv4", "ipamAddress"],
    nat11Address: ["subnetId", "ipv4"],
  },
  defaults: { primary: false, allowReboot: true, rebootOnChange: false },
  // Left out, the interface sits wherever the API put it (added last).
  apiChosen: ["position"],
  // How the provider acts, which no interface holds.
  programOnly: ["allowReboot", "rebootOnChange"],
  validate,
  lookups,
  replaceOn: ["computeId", "configId", "purpose", "subnetId", "label", "ipamAddress"],
  // A config holds at most three interfaces, one public, and unique vlan labels: the old one goes first.
  deleteBeforeReplace: () => true,
  create: async (client, inputs, ctx): Promise<InterfaceRecord> => {
    const p = configParams(inputs);
    const posted = await turnToPost(p.computeId, p.configId, ctx.resource.journalKey, inputs.position);
    let iface: ConfigInterface;
    try {
      iface = await createByListing(
        {
          kind: "ConfigInterface",
          what: `ConfigInterface ${inputs.purpose} on InstanceConfig ${p.configId}`,
          list: () => listInterfaces(client, p),
          post: () => client.api.addInterface({ params: p, body: interfaceRequest(shapeOf(inputs)) }),
          matches: (i) =>
            i.purpose === inputs.purpose &&
            (i.subnet_id ?? undefined) === inputs.subnetId &&
            (i.label ?? undefined) === inputs.label,
        },
        ctx,
      );
    } finally {
      // Added (or failed): the siblings at higher positions go next.
      posted();
    }
    // A new interface is active only once the instance boots with its config.
    return load(client, p, iface.id, true);
  },
  // Only while a reboot `rebootOnChange` asked for is still due.
  pending: (record, props) => (record.rebootPending && props.rebootOnChange === true ? "reboot" : undefined),
  settle: (client, record, inputs, ctx) =>
    onePowerAtATime(inputs.computeId, () => settle(client, record, inputs, ctx)),
  read: (client, id, props) => load(client, configParams(props), interfaceParams(id, props).interfaceId),
  // From the instance's configs' listing, each of which carries its interfaces in order.
  readListed: async (client, id, props) => {
    const { computeId, configId, interfaceId } = interfaceParams(id, props);
    const config = await client.listedItem(configEndpoints.listConfigs, configId, { computeId });
    const index = config?.interfaces.findIndex((i) => i.id === interfaceId) ?? -1;
    if (!config || index < 0) return undefined;
    return { iface: config.interfaces[index]!, index, count: config.interfaces.length, rebootPending: false };
  },
  update: async (client, id, olds, news) => {
    const p = interfaceParams(id, olds);
    const body = updateBody(olds, news);
    if (body) await client.api.updateInterface({ params: p, body });
    return load(
      client,
      configParams(olds),
      p.interfaceId,
      body !== undefined || pendingIn(olds) === "reboot",
    );
  },
  delete: (client, id, props, ctx) =>
    onePowerAtATime(configParams(props).computeId, () => deleteInterface(client, id, props, ctx)),
  idOf: (record) => String(record.iface.id),
  carries: { vpcAddress: "ipv4.vpc" },
  toOutputs: ({ iface, index, count, arranged }: InterfaceRecord, props: Props) => {
    // The inputs the create or update was given, checked (the core passes any kind's as Props).
    const asked = { ...(props as ConfigInterfaceInputs), primary: props.primary === true };
    const shape = interfaceShapeOf(iface, asked);
    const position = typeof props.position === "number" ? props.position : undefined;
    return {
      ...configParams(props),
      ...shape,
      // Where settle put it: a sibling added since comes after it until that sibling's own settle
      // moves itself to its position. Asked beyond the end of a shorter list, it is as near as it
      // can be: last. A read (refresh) reports where it is.
      position:
        position !== undefined && (arranged || (index === count - 1 && position > index)) ? position : index,
      allowReboot: props.allowReboot,
      rebootOnChange: props.rebootOnChange,
      active: iface.active,
      vpcId: iface.vpc_id ?? undefined,
      vpcAddress: iface.ipv4?.vpc ?? undefined,
      nat11Address: iface.ipv4?.nat_1_1 ?? undefined,
    };
  },
});

/** What settle works with: the interface, its config, and the instance as settle found it at rest. */
interface Placing {
  client: ComputeClient;
  p: ConfigKey;
  id: number;
  inputs: ConfigInterfaceInputs;
  instance: Instance;
  /** Whether the instance runs with the config. */
  running: boolean | undefined;
  ctx: OperationContext;
}

/**
 * After create and update: the declared position (shutting the instance down for the order
 * endpoint if it runs with the config), then the reboot a change needs to apply, or a line that it
 * is due.
 */
async function settle(
  client: ComputeClient,
  record: InterfaceRecord,
  inputs: ConfigInterfaceInputs,
  ctx: OperationContext,
): Promise<InterfaceRecord> {
  const p = configParams(inputs);
  const id = record.iface.id;
  const instance = await untilResting(client, p.computeId, ctx);
  const running = await runsWith(client, instance, p.configId);
  const placing: Placing = { client, p, id, inputs, instance, running, ctx };
  const rebooted = await putInPosition(placing);
  if (record.rebootPending && running === true && !rebooted) await applyChange(placing);
  return { ...(await load(client, p, id)), arranged: inputs.position !== undefined };
}

/** Moves the interface to its declared position; whether that booted the instance back into the config. */
async function putInPosition({ client, p, id, inputs, instance, running, ctx }: Placing): Promise<boolean> {
  if (inputs.position === undefined) return false;
  const ids = (await listInterfaces(client, p)).map((i) => i.id);
  const wanted = reordered(ids, id, inputs.position);
  if (isDeepStrictEqual(ids, wanted)) return false;
  if (!running) {
    await reorder(client, p, wanted, ctx);
    return false;
  }
  if (!inputs.allowReboot) {
    throw new ProviderError(
      `${named(id, p.configId)}: position ${inputs.position} needs the interfaces reordered, which the API ` +
        `refuses while ${nameOf("Instance", instance)} runs with the config: set allowReboot: true, or shut the instance down, and run up again`,
    );
  }
  const down = await shutDown(client, instance, {
    why: `to reorder the interfaces of InstanceConfig ${p.configId}`,
    ctx,
  });
  await reorder(client, p, wanted, ctx);
  await bootInto(client, down, { configId: p.configId, why: `back into InstanceConfig ${p.configId}`, ctx });
  return true;
}

/** The config's interfaces in the order `wanted`. */
async function reorder(client: ComputeClient, p: ConfigKey, wanted: number[], ctx: OperationContext) {
  await act(
    {
      name: `InstanceConfig ${p.configId}: reorder its interfaces`,
      post: () => client.api.orderInterfaces({ params: p, body: { ids: wanted } }),
      happened: async () =>
        isDeepStrictEqual(
          (await listInterfaces(client, p)).map((i) => i.id),
          wanted,
        ),
    },
    ctx,
  );
}

/**
 * A change to an interface of the config the instance runs with applies at its next boot: the
 * reboot, with `rebootOnChange`, unless the instance booted since the change; else a line that it is due.
 */
async function applyChange({ client, p, id, inputs, instance, ctx }: Placing) {
  const config = await client.api.getConfig({ params: p });
  if (await bootedSinceChange(client, p.computeId, config)) return;
  if (inputs.rebootOnChange) {
    await bootInto(client, instance, { configId: p.configId, why: `to apply ${named(id, p.configId)}`, ctx });
  } else {
    ctx.log(
      `${named(id, p.configId)}: ${nameOf("Instance", instance)} runs with this config and applies the ` +
        "interface when it reboots (rebootOnChange: true lets `pulumi up` reboot it)",
    );
  }
}

/**
 * The API deletes only inactive interfaces: with `allowReboot`, shut down, delete, boot back. One the
 * state last saw active is looked at before the DELETE, so that a destroy of an assembled instance
 * sends no DELETE the API must refuse; one seen inactive is deleted at once (and looked at after a
 * refusal: the instance booted with it since).
 */
async function deleteInterface(client: ComputeClient, id: string, props: Props, ctx: OperationContext) {
  const p = interfaceParams(id, props);
  const isActive = async () => (await client.api.getInterface({ params: p })).active;
  if (props.active !== true || !(await isActive())) {
    try {
      await client.api.deleteInterface({ params: p });
      return;
    } catch (err) {
      if (!(err instanceof ComputeApiError && err.status === 400)) throw err;
      if (!(await isActive())) throw err;
    }
  }
  const instance = await untilResting(client, p.computeId, ctx);
  if (props.allowReboot === false) {
    throw new ProviderError(
      `${named(id, p.configId)} is active on ${nameOf("Instance", instance)}, and the API deletes only inactive ` +
        "interfaces: set allowReboot: true and run up (the instance is then shut down, the interface deleted " +
        "and the instance booted back), or shut the instance down, and run this again",
    );
  }
  await shutDown(client, instance, { why: `to delete the active ${named(id, p.configId)}`, ctx });
  await client.api.deleteInterface({ params: p });
  await bootBack(client, p.computeId, p.configId, `back into InstanceConfig ${p.configId}`, ctx);
}
