/**
 * Which object each resource of this machine's stacks holds, by API URL and resource
 * (`project/stack/Kind/name`): what proves, at a check that gets no old inputs, that the object
 * holding a new resource's label is that resource's own. The engine checks a resource it replaces
 * on `pulumi up --replace` as a new one (no old inputs, no diff), so without this its own object
 * reads as another stack's.
 *
 * Learned whenever the engine names a resource's ID to the provider (create, read, diff, update),
 * forgotten at its delete. Kept in `held.json` beside the create journal, written by the provider
 * process only (`keepHeldObjects`); tests and scripts that call the providers directly keep it in
 * memory. Another machine, or a deleted home, knows nothing: the check then reports the label as
 * held (its message says how a refresh teaches it), never the reverse.
 */
import { z } from "zod";
import { memoryFile } from "./memory-file";
import { processMemory } from "./process-memory";

/** Entries not seen for this long are of resources gone from every program (a `state delete`). */
const KEEP_MS = 180 * 24 * 3600 * 1000;

const Held = z.record(z.string(), z.record(z.string(), z.object({ id: z.string(), at: z.number() })));
const file = memoryFile<z.infer<typeof Held>>("held.json", Held, () => ({}));

let kept = false;
/** By API URL, loaded from the file once per process. */
const memory = processMemory.map<string, Map<string, { id: string; at: number }>>("held objects: by API URL");
/** Resources this process saw deleted, as `apiUrl\nkey`: dropped from the file too. */
const forgotten = processMemory.set<string>("held objects: deleted");

/** The provider process keeps what it learns between runs (runtime.ts). */
export function keepHeldObjects(): void {
  kept = true;
}

function entriesOf(apiUrl: string): Map<string, { id: string; at: number }> {
  let entries = memory.get(apiUrl);
  if (!entries) {
    entries = new Map(Object.entries(kept ? (file.read()[apiUrl] ?? {}) : {}));
    memory.set(apiUrl, entries);
  }
  return entries;
}

/** The ID the resource `key` holds on this API, as far as this machine knows. */
export function heldBy(apiUrl: string, key: string | undefined): string | undefined {
  return key === undefined ? undefined : entriesOf(apiUrl).get(key)?.id;
}

/** The engine named `id` as the resource's: remembered (written when it changed). */
export function noteHeld(apiUrl: string, key: string | undefined, id: string): void {
  if (key === undefined || id === "") return;
  const entries = entriesOf(apiUrl);
  const before = entries.get(key);
  const now = Date.now();
  // Rewritten when it changed, and once a day for what is still in use (its age keeps it).
  if (before?.id === id && now - before.at < 24 * 3600 * 1000) return;
  entries.set(key, { id, at: now });
  forgotten.delete(`${apiUrl}\n${key}`);
  save();
}

/** The resource's object was deleted. */
export function forgetHeld(apiUrl: string, key: string | undefined, id: string): void {
  if (key === undefined) return;
  const entries = entriesOf(apiUrl);
  if (entries.get(key)?.id !== id) return;
  entries.delete(key);
  forgotten.add(`${apiUrl}\n${key}`);
  save();
}

/** What this process knows, over what the file holds (other API URLs' and processes' entries kept). */
function save(): void {
  if (!kept) return;
  file.save((stored) => {
    const now = Date.now();
    for (const [apiUrl, entries] of memory) {
      const merged = { ...(stored[apiUrl] ?? {}), ...Object.fromEntries(entries) };
      // A key this process forgot (a delete) is dropped from the file too.
      for (const key of Object.keys(merged)) {
        if (forgotten.has(`${apiUrl}\n${key}`) || now - merged[key]!.at > KEEP_MS) delete merged[key];
      }
      stored[apiUrl] = merged;
    }
    return stored;
  });
}
