/**
 * A mark a create's POST writes on the object it makes, so that any machine running the stack
 * (a CI runner, a teammate, a fresh home) can tell, after the run was interrupted, which object is
 * this resource's: `pulumi-` and the first 40 hex digits of HMAC-SHA256(secret, `project/stack/Kind/name`),
 * the resource's context's `journalKey`. The secret is the stack's (`compute:recoveryKey`, else the
 * nonce the plugin keeps in its default provider's state: `src/plugin/recovery-nonce.ts`): no other
 * stack, and no one without the stack's secrets, makes or forges this stack's marks. Without a
 * secret nothing is marked, and only the create journal of the machine that ran the create proves
 * anything (`create-journal.ts`).
 *
 * Where a kind writes its mark (an Instance's tags, a Vpc's description) is its spec's `marked`.
 * The mark is taken off once the create has returned (the engine then holds the ID), so a
 * replacement never takes its old object for its own, and outputs never show it.
 * docs/design/recovery-on-any-machine.md says why.
 */
import { createHmac } from "node:crypto";
import type { ComputeClient } from "../../client/compute-client";
import { engineAlive } from "./engine-watch";
import type { ResourceContext } from "./resource-context";
import type { AnySpec, OperationContext, Props } from "./resource-spec";
import { recoveryMarks, recoverySecret } from "./settings";

export const MARK_PREFIX = "pulumi-";
const MARK_HEX = 40;

/** `pulumi-<40 hex>`: the mark of the resource `journalKey` under `secret`. */
export function markOf(secret: string, journalKey: string): string {
  return MARK_PREFIX + createHmac("sha256", secret).update(journalKey).digest("hex").slice(0, MARK_HEX);
}

/** Whether a string has the shape of a mark (any stack's). */
export const looksLikeMark = (value: unknown): boolean =>
  typeof value === "string" && new RegExp(`^${MARK_PREFIX}[0-9a-f]{${MARK_HEX}}$`).test(value);

// Where a kind's POST has a free text field (a description, a config's comments), the mark goes at
// its end, after a space, and the declared text is put back once the create has returned.

/** The text the POST sends: the declared one, then the mark. */
export const appendMark = (text: string | null | undefined, mark: string): string =>
  text ? `${text} ${mark}` : mark;

/** A text field as the POST sends it: with the mark at its end when the create makes one. */
export const textAsPosted = <T extends string | null | undefined>(text: T, mark: string | undefined) =>
  mark === undefined ? text : appendMark(text, mark);

/** Whether a text ends with the mark. */
export const endsWithMark = (text: string | null | undefined, mark: string): boolean =>
  text === mark || (text ?? "").endsWith(` ${mark}`);

/** The text without the mark at its end. */
export function dropMark(text: string, mark: string): string {
  if (text === mark) return "";
  return text.endsWith(` ${mark}`) ? text.slice(0, -mark.length - 1) : text;
}

// Where the label is the only free field (an SSH key, a disk, a subnet: labels the API lets a PUT
// change), the POST sends the label with a short form of the mark appended, `web-1a2b3c4d5e6f`
// (12 hex digits, 48 bits of the same HMAC), and the declared label is put back once the create
// has returned.

/** Characters the short mark adds to a label. */
export const LABEL_MARK_LENGTH = 13;

/** `-1a2b3c4d5e6f`: what the mark adds to a label. */
const labelSuffix = (mark: string) =>
  `-${mark.slice(MARK_PREFIX.length, MARK_PREFIX.length + LABEL_MARK_LENGTH - 1)}`;

/** The label the POST sends: the declared one and the short mark. */
export const labelMarked = (label: string, mark: string): string => label + labelSuffix(mark);

/** A label as the POST sends it: with the short mark when the create makes one. */
export const labelAsPosted = <T extends string | undefined>(label: T, mark: string | undefined) =>
  mark === undefined || label === undefined ? label : labelMarked(label, mark);

/** Whether a label ends with the short mark. */
export const carriesLabelMark = (label: string | null | undefined, mark: string): boolean =>
  (label ?? "").endsWith(labelSuffix(mark));

/** The label without the short mark at its end. */
export const dropLabelMark = (label: string, mark: string): string =>
  carriesLabelMark(label, mark) ? label.slice(0, -LABEL_MARK_LENGTH) : label;

/**
 * A kind whose label carries the short mark (labels of at most `max` characters): room for it in a
 * declared label, whether an object's label carries it, and the object without it.
 */
export function markInLabel<R extends { label: string }>(max: number) {
  return {
    room: ({ label }: { label?: string }) => label !== undefined && label.length + LABEL_MARK_LENGTH <= max,
    carries: (record: R, mark: string) => carriesLabelMark(record.label, mark),
    without: (record: R, mark: string): R => ({ ...record, label: dropLabelMark(record.label, mark) }),
  };
}

/**
 * The mark this resource's create writes, or undefined: a kind without room for one, a resource
 * with no identity, no stack secret, marks turned off (`compute:recoveryMarks`), or inputs that
 * leave no room (a description at its limit).
 */
export function markFor(spec: AnySpec, inputs: Props, resource: ResourceContext): string | undefined {
  const secret = recoverySecret();
  if (!spec.marked || !secret || !resource.journalKey || !recoveryMarks()) return undefined;
  const mark = markOf(secret, resource.journalKey);
  return spec.marked.room && !spec.marked.room(inputs, mark) ? undefined : mark;
}

/** Whether `record` carries this create's mark (none made: no). */
export function carriesMark(spec: AnySpec, record: unknown, mark: string | undefined): boolean {
  return mark !== undefined && spec.marked !== undefined && spec.marked.carries(record, mark);
}

/**
 * A create's object once its create ends (settled, or a wait failed: the engine keeps the ID either
 * way): its mark taken off, unless the engine is gone (the CLI was killed: a wait that ends then may
 * end without an error). Then the engine never gets the ID, and the mark is what proves the object
 * this resource's to the next run, on any machine. The record as the outputs show it, without the mark.
 */
export async function takeMarkOff(
  spec: AnySpec,
  client: ComputeClient,
  record: unknown,
  inputs: Props,
  ctx: OperationContext,
): Promise<unknown> {
  const { mark } = ctx;
  if (mark === undefined || !spec.marked) return record;
  if (!(await engineAlive())) return spec.marked.without(record, mark);
  if (!spec.marked.carries(record, mark)) return record;
  return spec.marked.takeOff(client, record, inputs, mark, ctx);
}

/** The record as outputs show it: without the mark (a create whose mark could not be taken off). */
export function withoutMark(spec: AnySpec, record: unknown, mark: string | undefined): unknown {
  return mark !== undefined && spec.marked ? spec.marked.without(record, mark) : record;
}

/**
 * What a create by listing (`createByListing`) needs of the mark its POST writes: whether a listed
 * object carries it, and the object without it; nothing when the POST writes none.
 */
export function listedMark<R>(
  marked: { carries(record: R, mark: string): boolean; without(record: R, mark: string): R },
  mark: string | undefined,
): { carries?(record: R): boolean; unmarked?(record: R): R } {
  if (mark === undefined) return {};
  return {
    carries: (record) => marked.carries(record, mark),
    unmarked: (record) => marked.without(record, mark),
  };
}
