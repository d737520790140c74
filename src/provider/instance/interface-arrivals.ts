/**
 * ConfigInterfaces of one config created in one run land in their declared positions. The API adds
 * an interface last, and reorders only a config no instance runs with: two interfaces added out of
 * order would cost a shutdown, a reorder and a boot. The engine checks the new interfaces of a config
 * as soon as the config exists, before it creates any of them, and all in this provider process: each
 * check announces its position here, and each create sends its POST only once the announced siblings
 * with lower positions have sent theirs (or failed, or not come within `PATIENCE_MS`).
 */
import { processMemory } from "../core/process-memory";

/** How long a create waits for the siblings announced before it. */
export const PATIENCE_MS = 10_000;
/** Announcements older than this are of runs that did not create them (a preview). */
const FORGET_MS = 120_000;

interface Arrival {
  position: number;
  announced: number;
  posted: Promise<void>;
  post(): void;
}

/** By config (`computeId/configId`), by resource (its journal key). */
const configs = processMemory.map<string, Map<string, Arrival>>("config interfaces: arrivals");

const configKey = (computeId: number, configId: number) => `${computeId}/${configId}`;

function arrival(key: string, resource: string, position: number): Arrival {
  let siblings = configs.get(key);
  if (!siblings) configs.set(key, (siblings = new Map()));
  let post!: () => void;
  const posted = new Promise<void>((resolve) => (post = resolve));
  const entry = { position, announced: Date.now(), posted, post };
  siblings.set(resource, entry);
  return entry;
}

/** At check: a new interface of this config is to be created at `position`. */
export function announce(computeId: number, configId: number, resource: string, position: number): void {
  arrival(configKey(computeId, configId), resource, position);
}

/**
 * At create: waits until the siblings announced at lower positions have sent their POST; returns
 * the function to call once this one's POST is answered (or failed).
 */
export async function turnToPost(
  computeId: number,
  configId: number,
  resource: string | undefined,
  position: number | undefined,
): Promise<() => void> {
  if (resource === undefined || position === undefined) return () => {};
  const key = configKey(computeId, configId);
  const own = configs.get(key)?.get(resource) ?? arrival(key, resource, position);
  const now = Date.now();
  const before = [...(configs.get(key)?.values() ?? [])].filter(
    (other) => other !== own && other.position < position && now - other.announced < FORGET_MS,
  );
  if (before.length > 0) {
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, PATIENCE_MS)));
    await Promise.race([Promise.all(before.map((other) => other.posted)), patience]);
    clearTimeout(timer);
  }
  return () => {
    own.post();
    const siblings = configs.get(key);
    if (siblings?.get(resource) === own) siblings.delete(resource);
    if (siblings?.size === 0) configs.delete(key);
  };
}
