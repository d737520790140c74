/**
 * How log lines and messages name an object: they reach the user under the stack, not the
 * resource, so each says which object it is about. An object whose label a program marks secret
 * (the plugin form notes it from each request: `noteSecretLabel`) is named by its ID alone, in the
 * lines of every resource of the process (a snapshot's line names its instance).
 */
import { processMemory } from "./process-memory";

const secretLabels = processMemory.set<string>("names: objects whose label is secret");

/** The program marks the label of `kind` `id` secret: lines name it by its ID alone. */
export const noteSecretLabel = (kind: string, id: number | string): void =>
  void secretLabels.add(`${kind} ${id}`);

/** `InstanceDisk 7 (boot)`; without a label, or with a secret one, `Snapshot 12`. */
export function nameOf(kind: string, record: { id: number | string; label?: string | null }): string {
  const shown = typeof record.label === "string" && !secretLabels.has(`${kind} ${record.id}`);
  return shown ? `${kind} ${record.id} (${record.label})` : `${kind} ${record.id}`;
}
