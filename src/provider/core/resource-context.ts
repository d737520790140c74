/**
 * What a provider knows of the one resource it serves beside the program's inputs: its identity
 * (`project/stack/Kind/name`, the create journal's key), Pulumi's `import` option, and its
 * `customTimeouts`. The TypeScript classes put it in the text of the resource's `__provider`
 * (`shim.ts`), which the engine keeps out of every display but `--json`; the plugin derives it from
 * the request's URN and timeout. Never an input the engine stores or shows.
 *
 * `bindResource` hands the context to each of the core's operations (`CoreProvider`, its last
 * argument). The facts a kind's own rules read (the journal key, the import ID, the program's
 * directory) also reach them in the inputs they work with, under the keys below (`importIdOf(inputs)`);
 * `bindResource` adds those to what the engine sends and takes them out of what goes back.
 */
import * as path from "node:path";
import type { Props } from "./props";

/** Operations a `customTimeouts` entry limits. */
export type TimedOperation = "create" | "update" | "delete";

export interface ResourceContext {
  /** `project/stack/Kind/name`: a create an interrupted run began is recognised by it. */
  journalKey?: string;
  /** Pulumi's `import` option: the object is adopted with no write. */
  importId?: string;
  /** `customTimeouts`: a Pulumi duration (`"2s"`, `"1h30m"`) or a number of seconds, per operation. */
  timeouts?: Partial<Record<TimedOperation, string | number>>;
  /** Where the resource's progress lines go (the plugin: the engine's log, against its URN); else stdout. */
  log?: (line: string) => void;
  /** Aborted when the engine cancels the operation (the plugin's Cancel): its waits end at once. */
  signal?: AbortSignal;
  /** The inputs the program marked secret in this request (the plugin form): a failing check never
   * shows their values, as for the kind's own secret inputs. */
  secretInputs?: readonly string[];
  /** The program's directory, against which a path the program gives (an Image's `file`) is read,
   * while the state keeps the path as the program gave it; else the process's directory. */
  programDir?: string;
}

/** The working inputs' keys for the context's facts: `__` keys, which no kind's input is named. */
export const JOURNAL_INPUT = "__journalKey";
export const IMPORT_INPUT = "__importId";
/** Where state written by earlier versions held the `customTimeouts`: still left out of what goes back. */
export const TIMEOUTS_INPUT = "__customTimeouts";
export const PROGRAM_DIR_INPUT = "__programDir";

const INTERNAL = [JOURNAL_INPUT, IMPORT_INPUT, TIMEOUTS_INPUT, PROGRAM_DIR_INPUT];

/** The inputs with the context's facts added under their keys. */
export function withContext(props: Props, resource: ResourceContext): Props {
  const added: Props = { ...props };
  if (resource.journalKey !== undefined) added[JOURNAL_INPUT] = resource.journalKey;
  if (resource.importId !== undefined) added[IMPORT_INPUT] = resource.importId;
  if (resource.programDir !== undefined) added[PROGRAM_DIR_INPUT] = resource.programDir;
  return added;
}

/** A path the program gave, as the provider process reads it: against the program's directory. */
export function programPath(props: object, given: string): string {
  const dir: unknown = Reflect.get(props, PROGRAM_DIR_INPUT);
  return path.resolve(typeof dir === "string" ? dir : process.cwd(), given);
}

/** What the engine may store and show: no key of the context. */
export function withoutContext<T extends Props | undefined>(props: T): T {
  if (props === undefined) return props;
  // The same record less some keys: fromEntries types it anew, as any record.
  return Object.fromEntries(Object.entries(props).filter(([key]) => !INTERNAL.includes(key))) as T;
}
