/**
 * Which object each resource of this machine's stacks holds, by API URL and resource
 * (`project/stack/Kind/name`): what proves, at a check that gets no old inputs, that the object
 * holding a new resource's label is that resource's own. The engine checks a resource it replaces
 * on `pulumi up --replace` as a new one (no old inputs, no diff), so without this its own object
 * reads as another stack's.
 *
 * Learned whenever the engine names a resource's ID to the provider (create, read, diff, update),
 * forgotten at its delete. The provider process keeps it between runs (`keepHeldObjects`), one
 * file per stack and API URL (`held/<hash>.json` in the provider's home): two runs of different
 * stacks at once never write the same file, and the engine runs one operation of a stack at a time.
 * A process writes only once it changed its stack (a create, update or delete returned): a
 * preview, or a run that changes nothing, writes nothing. Tests and scripts that call the providers
 * directly keep it in memory (`inMemory`, unless they pass another storage). Another machine, or a
 * deleted home, knows nothing: the check then
 * reports the label as held (its message says how a refresh in the same run teaches it), never the
 * reverse.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { memoryFile, type MemoryFile } from "./memory-file";
import { processMemory } from "./process-memory";

/** Entries not seen for this long are of resources gone from every program (a `state delete`). */
const KEEP_MS = 180 * 24 * 3600 * 1000;

const Held = z.record(z.string(), z.object({ id: z.string(), at: z.number() }));
type Entries = z.infer<typeof Held>;
type Entry = Entries[string];

/** Where a stack's entries are kept, by file name. */
export type HeldStorage = (name: string) => MemoryFile<Entries>;

/** In this process alone: what tests and scripts that call the providers directly keep. */
export const inMemory: HeldStorage = () => {
  let held: Entries = {};
  return { read: () => held, save: (merge) => (held = merge(held)) };
};

/** Files in the provider's home, kept between runs: what the provider process keeps. */
export const inFiles: HeldStorage = (name) => memoryFile(name, Held, () => ({}));

let storage: HeldStorage = inMemory;
/** Each stack's file, opened once per process. */
const files = processMemory.map<string, MemoryFile<Entries>>("held objects: files");
/** By file name (API URL and stack), loaded from the file once per process. */
const memory = processMemory.map<string, Map<string, Entry>>("held objects: by stack");
/** Resources this process saw deleted, as `file\nkey`: dropped from the file too. */
const forgotten = processMemory.set<string>("held objects: deleted");
/** Files whose entries changed since they were last written. */
const unsaved = processMemory.set<string>("held objects: unsaved");
/** Files with a merge saved and not yet run (`save`). */
const mergeWaiting = processMemory.set<string>("held objects: merges waiting");
/** Set once this process changed a stack: from then on what it learns is written. */
const changedStack = processMemory.set<true>("held objects: the stack changed");

/** Where what the process learns is kept from now on: `inFiles` in the provider process (runtime.ts). */
export function keepHeldObjects(kept: HeldStorage): void {
  storage = kept;
}

/** The file of the stack a resource key (`project/stack/Kind/name`) belongs to, on this API. */
function fileOf(apiUrl: string, key: string): string {
  const stack = key.split("/").slice(0, 2).join("/");
  return `held/${createHash("sha256").update(`${apiUrl}\n${stack}`).digest("hex").slice(0, 32)}.json`;
}

function entriesOf(file: string): Map<string, Entry> {
  let entries = memory.get(file);
  if (!entries) {
    entries = new Map(Object.entries(storedIn(file).read()));
    memory.set(file, entries);
  }
  return entries;
}

function storedIn(file: string): MemoryFile<Entries> {
  let found = files.get(file);
  if (!found) files.set(file, (found = storage(file)));
  return found;
}

/** The ID the resource `key` holds on this API, as far as this machine knows. */
export function heldBy(apiUrl: string, key: string | undefined): string | undefined {
  return key === undefined ? undefined : entriesOf(fileOf(apiUrl, key)).get(key)?.id;
}

/** The engine named `id` as the resource's: remembered (written when it changed). */
export function noteHeld(apiUrl: string, key: string | undefined, id: string): void {
  if (key === undefined || id === "") return;
  const file = fileOf(apiUrl, key);
  const entries = entriesOf(file);
  const before = entries.get(key);
  const now = Date.now();
  // Rewritten when it changed, and once a day for what is still in use (its age keeps it).
  if (before?.id === id && now - before.at < 24 * 3600 * 1000) return;
  entries.set(key, { id, at: now });
  forgotten.delete(`${file}\n${key}`);
  unsaved.add(file);
  save();
}

/** The resource's object was deleted. */
export function forgetHeld(apiUrl: string, key: string | undefined, id: string): void {
  if (key === undefined) return;
  const file = fileOf(apiUrl, key);
  const entries = entriesOf(file);
  if (entries.get(key)?.id !== id) return;
  entries.delete(key);
  forgotten.add(`${file}\n${key}`);
  unsaved.add(file);
  save();
}

/** This process changed its stack (a create, update or delete returned): what it learned is written. */
export function stackChanged(): void {
  changedStack.add(true);
  save();
}

/**
 * What this process knows, over what each changed file holds (another process's entries kept). One
 * merge per file waits at a time: it reads the entries when it runs, so it carries every change made
 * until then (a create of a large `up` no longer queues a merge of the whole stack of its own).
 */
function save(): void {
  if (!changedStack.has(true)) return;
  for (const file of unsaved) {
    if (mergeWaiting.has(file)) continue;
    mergeWaiting.add(file);
    const entries = memory.get(file)!;
    storedIn(file).save((stored) => {
      mergeWaiting.delete(file);
      const now = Date.now();
      const merged: Entries = {};
      const keep = (key: string, entry: Entry) => {
        if (now - entry.at <= KEEP_MS) merged[key] = entry;
      };
      for (const key of Object.keys(stored)) {
        // A key this process forgot (a delete) is dropped from the file too.
        const mine = entries.get(key);
        if (mine) keep(key, mine);
        else if (!forgotten.has(`${file}\n${key}`)) keep(key, stored[key]!);
      }
      for (const [key, entry] of entries) if (!(key in merged)) keep(key, entry);
      return merged;
    });
  }
  unsaved.clear();
}
