/**
 * What a provider knows of the one resource it serves beside the program's inputs: its identity
 * (`project/stack/Kind/name`, the create journal's key), Pulumi's `import` option, and its
 * `customTimeouts`. The TypeScript classes put it in the text of the resource's `__provider`
 * (`shim.ts`), which the engine keeps out of every display but `--json`; the plugin derives it from
 * the request's URN and timeout. Never an input the engine stores or shows.
 *
 * `bindResource` hands the context to each of the core's operations (`CoreProvider`, its last
 * argument), and the core to a kind's hooks: the check's (`validate`, `lookups`, `observe`) as their
 * last argument, the API steps' in their `OperationContext` (`ctx.resource`). Never in the inputs.
 */
import * as path from "node:path";

/** Operations a `customTimeouts` entry limits. */
export type TimedOperation = "create" | "update" | "delete";

export interface ResourceContext {
  /** `project/stack/Kind/name`: a create an interrupted run began is recognised by it. */
  journalKey?: string;
  /** Pulumi's `import` option: the object is adopted with no write. */
  importId?: string;
  /** Pulumi's `id` option (a class's `get`): the engine reads the object and writes nothing. A first
   * read that finds no object fails naming it, where a refresh's answers it gone (the dynamic host
   * would hand the engine a resource of no outputs). */
  lookUp?: true;
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

/** A path the program gave, as the provider process reads it: against the program's directory. */
export function programPath(resource: ResourceContext, given: string): string {
  return path.resolve(resource.programDir ?? process.cwd(), given);
}

/** The resource's name in the program: the last part of its `journalKey` (`project/stack/Kind/name`). */
export const resourceName = (resource: ResourceContext): string | undefined =>
  resource.journalKey?.split("/").slice(3).join("/");
