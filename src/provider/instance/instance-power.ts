/**
 * The power of an instance as its parts (disks, configs) need it: which config it runs with, and
 * shutting it down, booting or rebooting it into a config, each sent through `act` (an answer lost
 * is read back, never repeated blindly) and waited for.
 *
 * The instance record does not say which config it runs with. As the peers do, the latest boot or
 * reboot event of the instance says (`/account/events`, beyond the spec; its secondary entity is the
 * config). Events are listed for 90 days and need `events:read_only`: without one, an instance with a
 * single config runs with that one, and otherwise the answer is unknown (callers keep what they knew).
 */
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError, isNotFound } from "../../client/errors";
import { collect } from "../../client/pagination";
import { status, waitForInstance, type Goal } from "../../client/waits";
import { configEndpoints, type Config } from "../../contract/configs";
import { diskEndpoints } from "../../contract/disks";
import { InstanceParams } from "../../contract/instance-endpoints";
import type { Instance } from "../../contract/instances";
import { act } from "../core/actions";
import type { OperationContext } from "../core/resource-spec";
import { nameOf } from "../core/names";
import { processMemory } from "../core/process-memory";

const params = (computeId: number) => InstanceParams.parse({ computeId });

export const getInstance = (client: ComputeClient, computeId: number) =>
  client.api.getInstance({ params: params(computeId) });

export const listConfigs = (client: ComputeClient, computeId: number) =>
  collect(client.each(configEndpoints.listConfigs, { params: { computeId } }));

export const listDisks = (client: ComputeClient, computeId: number) =>
  collect(client.each(diskEndpoints.listDisks, { params: { computeId } }));

/** `Instance 12 (web-1)`, for log lines. */

/** Powered: running, or on the way up or down with a config in use. */
export function isPowered(instance: Instance): boolean {
  return ["running", "booting", "rebooting", "shutting_down"].includes(instance.status);
}

/** Statuses an instance does not leave by itself. */
const STUCK: Instance["status"][] = ["stopped", "billing_suspension"];

/** Statuses an instance rests in; any other is on its way somewhere (provisioning, booting, migrating...). */
export const AT_REST: Instance["status"][] = ["running", "offline", ...STUCK];

/** The instance rests (running or offline); `name` is what the caller is after, for messages. */
function resting(name: string): Goal<Instance> {
  return {
    name,
    reached: (i) => i !== undefined && (i.status === "running" || i.status === "offline"),
    unreachable: (i) =>
      i === undefined ? "it was deleted" : STUCK.includes(i.status) ? `it is ${i.status}` : undefined,
  };
}

/**
 * Waits until the instance rests (running or offline): actions are refused while another runs.
 * `name` is what the caller is after, for messages; `current`, the instance as an operation's
 * answer showed it just now (its lifecycle is not read again at once).
 */
export async function untilResting(
  client: ComputeClient,
  computeId: number,
  ctx: OperationContext,
  { name = "running or offline", current }: { name?: string; current?: Instance } = {},
) {
  return (await waitForInstance(client, computeId, resting(name), { ...ctx.wait, current }))!;
}

const because = (why: string | undefined) => (why ? ` (${why})` : "");

interface BootEvent {
  eventId: number;
  /** When it began (the API's timestamp). */
  created: string;
  /** The config booted into; null for none (rescue). */
  configId: number | null;
}

/** The instance's latest boot or reboot event, or undefined when the events cannot tell. */
export async function lastBoot(client: ComputeClient, computeId: number): Promise<BootEvent | undefined> {
  try {
    const { data } = await client.api.listEvents({
      query: { page_size: 25 },
      filter: {
        "entity.type": "compute",
        "entity.id": computeId,
        "+or": [{ action: "compute_boot" }, { action: "compute_reboot" }],
      },
    });
    const event = data[0];
    if (!event) return undefined;
    const config = event.secondary_entity;
    return {
      eventId: event.id,
      created: event.created,
      configId: config?.type === "compute_config" ? Number(config.id) : null,
    };
  } catch (err) {
    // A token without events:read_only, or an API without the (unspecified) events: unknown.
    if (err instanceof ComputeApiError && [400, 401, 403, 404].includes(err.status)) return undefined;
    throw err;
  }
}

/**
 * The config the instance runs with: null when it is not powered (or runs without one), undefined
 * when unknown. `configs`, when the caller has them, saves a list.
 */
export async function runningConfigId(
  client: ComputeClient,
  instance: Instance,
  configs?: Config[],
): Promise<number | null | undefined> {
  if (!isPowered(instance)) return null;
  const boot = await lastBoot(client, instance.id);
  if (boot) return boot.configId;
  const all = configs ?? (await listConfigs(client, instance.id));
  return all.length === 1 ? all[0]!.id : undefined;
}

/** Whether the instance runs with the config: from the API, else what was known before. */
export async function runsWith(client: ComputeClient, instance: Instance, configId: number, known?: boolean) {
  const running = await runningConfigId(client, instance);
  if (running === undefined) return isPowered(instance) ? known : false;
  return running === configId;
}

/** Whether the instance has booted into the config since the config (or one of its interfaces) last changed. */
export async function bootedSinceChange(client: ComputeClient, computeId: number, config: Config) {
  const boot = await lastBoot(client, computeId);
  return boot !== undefined && boot.configId === config.id && boot.created >= config.updated;
}

const powerQueues = processMemory.map<number, Promise<unknown>>("instance power: queues");
/** How many works are queued on each instance, the running one included. */
const queued = processMemory.map<number, number>("instance power: works queued");
/** The boot back a work left to the last work queued on the instance (`bootBack`). */
const bootsBack = processMemory.map<number, () => Promise<void>>("instance power: boots back");

/**
 * Runs `work` once this provider's earlier power work on the instance is done. The parts of one
 * instance (its configs, disks and interfaces) are worked on in parallel by the engine: one after
 * another, a reboot is not sent while another runs, and a later part sees the earlier reboot.
 */
export function onePowerAtATime<T>(computeId: number, work: () => Promise<T>): Promise<T> {
  queued.set(computeId, (queued.get(computeId) ?? 0) + 1);
  const run = (powerQueues.get(computeId) ?? Promise.resolve()).then(async () => {
    try {
      return await work();
    } finally {
      await lastOneBootsBack(computeId);
    }
  });
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  powerQueues.set(computeId, tail);
  void tail.then(() => {
    if (powerQueues.get(computeId) === tail) powerQueues.delete(computeId);
  });
  return run;
}

async function lastOneBootsBack(computeId: number) {
  const left = queued.get(computeId)! - 1;
  if (left > 0) {
    queued.set(computeId, left);
    return;
  }
  queued.delete(computeId);
  const boot = bootsBack.get(computeId);
  bootsBack.delete(computeId);
  await boot?.();
}

/**
 * Boots an instance that removing one of its parts shut down back into `configId`. When more power
 * work on the instance is queued (the engine removes a config's interfaces in parallel), the last
 * of it boots back instead: the instance is shut down and booted back once, not once per part. An
 * instance already running, or whose config or itself is gone by then, is left as it is.
 */
export async function bootBack(
  client: ComputeClient,
  computeId: number,
  configId: number,
  why: string,
  ctx: OperationContext,
): Promise<void> {
  const boot = async () => {
    try {
      await client.api.getConfig({ params: { computeId, configId } });
      const instance = await getInstance(client, computeId);
      if (instance.status === "offline") await bootInto(client, instance, { configId, why, ctx });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  };
  if ((queued.get(computeId) ?? 0) > 1) {
    bootsBack.set(computeId, boot);
    return;
  }
  bootsBack.delete(computeId);
  await boot();
}

/** Shuts a running instance down and waits until it is offline; `why`, if given, is logged. */
/** How a power action is done: `why` ends its log line (`to resize InstanceDisk 7 (root)`). */
export interface PowerOptions {
  why?: string;
  ctx: OperationContext;
}

export async function shutDown(
  client: ComputeClient,
  instance: Instance,
  { why, ctx }: PowerOptions,
): Promise<Instance> {
  if (instance.status === "offline") return instance;
  ctx.log(`${nameOf("Instance", instance)}: shutting down${because(why)}`);
  await act(
    {
      name: `${nameOf("Instance", instance)}: shut down`,
      post: () => client.api.shutdownInstance({ params: params(instance.id), body: {} }),
      happened: async () =>
        ["shutting_down", "offline"].includes((await getInstance(client, instance.id)).status),
    },
    ctx,
  );
  // The API took the shutdown (its answer carries no record): the instance is shutting down, so the
  // wait's first read is not at once, when it would show that again.
  const current: Instance = { ...instance, status: "shutting_down" };
  return (await waitForInstance(client, instance.id, status("offline"), { ...ctx.wait, current }))!;
}

/**
 * Boots an offline instance into `configId` (undefined: the config it ran with last), or reboots a
 * running one into it, and waits until it runs; `why`, if given, is logged.
 */
export async function bootInto(
  client: ComputeClient,
  instance: Instance,
  { configId, why, ctx }: PowerOptions & { configId?: number },
): Promise<Instance> {
  const p = params(instance.id);
  const body = configId === undefined ? {} : { config_id: configId };
  const booting = instance.status === "offline";
  if (booting) {
    ctx.log(`${nameOf("Instance", instance)}: booting${because(why)}`);
    await act(
      {
        name: `${nameOf("Instance", instance)}: boot`,
        post: () => client.api.bootInstance({ params: p, body }),
        happened: async () =>
          ["booting", "running"].includes((await getInstance(client, instance.id)).status),
      },
      ctx,
    );
  } else {
    ctx.log(`${nameOf("Instance", instance)}: rebooting${because(why)}`);
    const before = await lastBoot(client, instance.id);
    await act(
      {
        name: `${nameOf("Instance", instance)}: reboot`,
        post: () => client.api.rebootInstance({ params: p, body }),
        // A newer boot event, or the instance on its way: the reboot was taken.
        happened: async () =>
          (await getInstance(client, instance.id)).status === "rebooting" ||
          ((await lastBoot(client, instance.id))?.eventId ?? 0) > (before?.eventId ?? 0),
      },
      ctx,
    );
  }
  // The API took it (its answer carries no record): the instance is on its way, so the wait's first
  // read is not at once, when it would show that again.
  const current: Instance = { ...instance, status: booting ? "booting" : "rebooting" };
  return (await waitForInstance(client, instance.id, status("running"), { ...ctx.wait, current }))!;
}
