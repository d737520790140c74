/**
 * Follow-up work the core owns. A spec whose work must finish later says so through its record
 * (`pending`): the core keeps it in the one output `__pending`, diff reports a change while it is set
 * (or while the object's `status` is not one the spec's `atRest` lists), and the next `up` runs update,
 * then settle, again. A refresh keeps it: reading does no work.
 *
 * - `boot`: an instance shut down for this resource is still to boot back (an InstanceDisk's resize);
 * - `reboot`: a reboot to apply a change is still due (an InstanceConfig's or ConfigInterface's).
 *
 * State written before schema version 4 kept it in `pending`; before version 3, as `resumeBoot: true`
 * and `rebootPending: true`.
 */
import type { Props } from "./props";

export type Pending = "boot" | "reboot";

/** The output the core keeps the pending work in (a key the engine keeps out of its displays). */
export const PENDING = "__pending";
/** The names older versions kept it under. */
const FORMER = ["pending", "resumeBoot", "rebootPending"];

/** What every kind's outputs hold besides the spec's own (written by the core): `__` keys, which the
 * engine stores but never shows, and no input or output of a kind is named. */
export type CoreOutputs = {
  __pending?: Pending;
  __schemaVersion?: number;
  __declaredInputs?: string[];
};

/** The pending work stored outputs show, in this version's output or an older version's names. */
export function pendingIn(outputs: Props): Pending | undefined {
  const stored = outputs[PENDING] ?? outputs.pending;
  if (stored === "boot" || stored === "reboot") return stored;
  if (outputs.resumeBoot === true) return "boot";
  if (outputs.rebootPending === true) return "reboot";
  return undefined;
}

/** Stored outputs with their pending work under this version's name (older names dropped). */
export function withPending(outputs: Props): Props {
  const rest = Object.entries(outputs).filter(([key]) => !FORMER.includes(key));
  return { ...Object.fromEntries(rest), [PENDING]: pendingIn(outputs) };
}

/** Whether stored outputs show the object at rest with nothing left to do. */
export function isSettled(atRest: readonly string[] | undefined, outputs: Props): boolean {
  if (pendingIn(outputs) !== undefined) return false;
  const { status } = outputs;
  return atRest === undefined || typeof status !== "string" || atRest.includes(status);
}
