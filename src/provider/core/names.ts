/**
 * How log lines and messages name an object: they reach the user under the stack, not the
 * resource, so each says which object it is about.
 */

/** `InstanceDisk 7 (boot)`; without a label, `Snapshot 12`. */
export function nameOf(kind: string, record: { id: number | string; label?: string | null }): string {
  return typeof record.label === "string" ? `${kind} ${record.id} (${record.label})` : `${kind} ${record.id}`;
}
