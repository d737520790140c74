/**
 * Creates in flight, kept on disk so that a create interrupted with the whole `pulumi` run (the CLI
 * killed, a CI job at its time limit) is recognised by the same resource's create in the next run.
 * The engine forgets an interrupted create and sends it again; the provider finds here what the
 * earlier one knew before its POST: that the unique label was free (then what holds it now is what
 * that POST made), the parent's objects listed (then the one new object with these inputs is), or
 * the ID the API answered (the run was interrupted during the wait that follows).
 *
 * An entry is written before the POST, holds the object's ID once the API answered, and is removed
 * once the engine has the ID (the create returned, or failed keeping it). It is keyed by
 * the API URL and the resource (`project/stack/kind/name`, its context's `journalKey`), one small
 * file each, in the provider's home (`provider-home.ts`).
 * Without an entry (another machine, a deleted home) nothing is adopted that cannot be proven ours:
 * the create fails naming the object (labels), or creates again and names what may be left over.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { formerHome, providerHome, removeFile, writeAtomically } from "./provider-home";

/** What a create knew before its POST. */
export interface JournalEntry {
  kind: string;
  /** When the POST was about to be sent (local time, ISO), for messages. */
  since: string;
  /** The unique label was free right before the POST. */
  labelFree?: boolean;
  /** The IDs of the parent's objects listed right before the POST. */
  before?: number[];
  /** The ID the API answered: the create went on to wait (settle), which the run did not see end. */
  made?: string;
}

/** Entries older than this are of resources no program declares any more: dropped when seen. */
const KEEP_MS = 30 * 24 * 3600 * 1000;

/** The journal's directory (the provider's other files live there too). */
export const journalDirectory = providerHome;

/** Where one resource's entry lives (its context's `journalKey`); undefined for a resource with none. */
export function journalFile(apiUrl: string, key: string | undefined): string | undefined {
  if (key === undefined || key === "") return undefined;
  const name = createHash("sha256").update(`${apiUrl}\n${key}`).digest("hex").slice(0, 32);
  return path.join(journalDirectory(), `${name}.json`);
}

// All file work is asynchronous: one provider process runs every create of the `up` at once, and a
// synchronous call blocks them all while the disk is busy with the engine's own state writes
// (measured: 3.75 ms per removal during a 200-resource `up`, 0.75 s of blocked provider in all).

/** The entry an interrupted create left, if any. */
export async function readEntry(file: string | undefined): Promise<JournalEntry | undefined> {
  // Most creates have none: a synchronous look at the (cached) directory answers that without the
  // three asynchronous calls of a failing read.
  const found = [file, former(file)].find((at) => at !== undefined && fs.existsSync(at));
  if (!found) return undefined;
  try {
    const entry: JournalEntry = JSON.parse(await fs.promises.readFile(found, "utf8"));
    if (Date.now() - Date.parse(entry.since) > KEEP_MS) return await removeEntry(file);
    return entry;
  } catch {
    return undefined;
  }
}

/** Written (atomically) before the POST; a journal that cannot be written only loses the recovery. */
export async function writeEntry(
  file: string | undefined,
  entry: Omit<JournalEntry, "since">,
): Promise<void> {
  if (!file) return;
  try {
    await writeAtomically(file, JSON.stringify({ ...entry, since: new Date().toISOString() }));
  } catch {
    // Read-only home, full disk: the create goes on; only an interrupted run is not recognised.
  }
}

/** Removed once the engine has the ID, or nothing was made (the API refused the create). */
export async function removeEntry(file: string | undefined): Promise<undefined> {
  const formerFile = former(file);
  if (file) await removeFile(file);
  if (formerFile && fs.existsSync(formerFile)) await removeFile(formerFile);
  return undefined;
}

/** The same entry where earlier versions kept the journal (`formerHome`). */
function former(file: string | undefined): string | undefined {
  const dir = formerHome();
  return file && dir ? path.join(dir, path.basename(file)) : undefined;
}

let pendingTold = false;

/**
 * The line of a create that adopted what an interrupted run made. The engine still lists that
 * run's creates as pending operations and warns of them on every later `up` until a refresh clears
 * them: the first such line of a run says so (once, not once per resource).
 */
export function adoptedAfterInterruption(line: string): string {
  if (pendingTold) return line;
  pendingTold = true;
  return (
    `${line}; the engine still lists the interrupted run's creates as pending operations: ` +
    "once this `up` ends, `pulumi refresh --clear-pending-creates` clears them"
  );
}
