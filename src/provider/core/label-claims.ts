/**
 * What proves that an object holding a unique label is this stack's. The account is shared with
 * other stacks and with people, so an object found by its label is adopted only when a create of
 * this provider process made it: the label was free in a lookup taken shortly before the POST (by
 * `check`, or by the create itself when check's lookup is older than `FRESH_MS`), and the POST's
 * outcome is unknown (its answer was lost). Anything else holding the label is not ours: an error
 * naming it and how to bring it in with the `import` option; but the object the resource holds
 * (`held-objects.ts`) is its own, which a check with no old inputs (`pulumi up --replace`) meets.
 * Where the create marks its object (`stack-marks.ts`), an object holding the label that carries
 * this resource's mark is what its interrupted create made, on whatever machine that ran; and this
 * machine's journal entry alone proves nothing (another machine may have settled that create since,
 * and someone taken the label): the holder must carry the mark, or be the ID the entry recorded.
 */
import type { ComputeClient } from "../../client/compute-client";
import { refusesToken, tokenRefused } from "./access-check";
import { isNewResource, type CheckFailure } from "./check";
import { journalFile, readEntry } from "./create-journal";
import { ProviderError } from "./errors";
import { heldBy } from "./held-objects";
import type { ResourceContext } from "./resource-context";
import type { AnySpec, Props } from "./resource-spec";
import { clientFromConfig, SettingsError } from "./settings";
import { processMemory } from "./process-memory";
import { carriesMark, markFor } from "./stack-marks";

/** How old a lookup that found the label free may be when the POST is sent. */
export const FRESH_MS = 10_000;

/** The local time a lookup found each label free, by `claimKey`. */
const freeSince = processMemory.map<string, number>("label claims: free since");

/** The unique label and the scope it is unique in (e.g. its VPC), for this kind; undefined without one. */
export function claimKey(spec: AnySpec, inputs: Props): string | undefined {
  if (!spec.find || typeof inputs.label !== "string") return undefined;
  const scope = (spec.uniqueWithin ?? []).map((key) => inputs[key]);
  return JSON.stringify([spec.kind, ...scope, inputs.label]);
}

/** `a Subnet labelled "app" in vpcId 4`, `an Instance labelled "web"`. */
function labelled(spec: AnySpec, inputs: Props): string {
  const scope = (spec.uniqueWithin ?? []).map((key) => ` in ${key} ${String(inputs[key])}`).join("");
  const article = /^[AEIOU]/.test(spec.kind) ? "an" : "a";
  return `${article} ${spec.kind} labelled ${JSON.stringify(inputs.label)}${scope}`;
}

/** The reason an object that holds the label is not this stack's, and what to do. */
export function notOursReason(spec: AnySpec, inputs: Props, found: unknown): string {
  const id = spec.idOf(found);
  return (
    `${labelled(spec, inputs)} already exists (${id}) and is not this stack's; to manage it here, ` +
    `add { import: "${id}" } to this resource, or choose another label`
  );
}

/** At check, which also meets a resource's own object on `pulumi up --replace`: how to prove it. */
const REPLACE_HINT =
  " (if it is this resource's own object, on `pulumi up --replace` from a machine that never ran this stack, add `--refresh`)";

/** The reason the object this resource held still holds the label at its create: the stack no
 * longer lists it (`pulumi state delete`), or its replacement is made before it is deleted. The
 * TypeScript classes set `deleteBeforeReplace`; a program of the plugin form must, since the
 * engine asks the provider which order to take on a diff, never on `pulumi up --replace`. */
function stillHeldReason(spec: AnySpec, inputs: Props, found: unknown): string {
  const id = spec.idOf(found);
  return (
    `${labelled(spec, inputs)} is still held by ${id}, this resource's earlier object: a replacement ` +
    "that keeps the label is made only once the object it replaces is deleted, so set the resource " +
    "option deleteBeforeReplace: true (`pulumi up --replace` does not ask the provider for it); an " +
    `object the state no longer lists is managed again with { import: "${id}" }`
  );
}

/** Whether `found` is the object the resource (its `journalKey`) holds, as far as this machine knows. */
function isHeld(spec: AnySpec, client: ComputeClient, resource: string | undefined, found: unknown): boolean {
  return heldBy(client.baseUrl, resource) === String(spec.idOf(found));
}

/** Whether the label was found free recently enough to prove that what holds it after the POST is
 * ours. A lookup proves it for one create only: the note is taken. */
export function takeFreshlyFree(key: string, now = Date.now()): boolean {
  const fresh = isFreshlyFree(key, now);
  freeSince.delete(key);
  return fresh;
}

/** Whether a lookup found the label free recently enough (the note is kept for the create). */
export function isFreshlyFree(key: string, now = Date.now()): boolean {
  const since = freeSince.get(key);
  return since !== undefined && now - since <= FRESH_MS;
}

export function noteFree(key: string, now = Date.now()): void {
  freeSince.set(key, now);
}

/** Objects of this stack being replaced, by `claimKey`: their ID. */
const replacing = processMemory.map<string, string>("label claims: replacing");
/** The same objects as `kind/id`, for rules that must not count an object its replacement frees. */
const replacedIds = processMemory.set<string>("label claims: replaced IDs");

/**
 * Told by diff that a resource of this stack will be replaced. The engine then checks the
 * replacement as a new resource (with no old inputs): the object holding its label is the one it
 * replaces (deleted first when the label is kept), not someone else's.
 */
export function noteReplacing(spec: AnySpec, id: string, olds: Props): void {
  replacedIds.add(`${spec.kind}/${id}`);
  const key = claimKey(spec, olds);
  if (key !== undefined) replacing.set(key, id);
}

/**
 * At the check of a resource not in the state: the object it holds (`held-objects.ts`), if any, is
 * the one `pulumi up --replace` replaces (the engine checks it as new and calls no diff), so rules
 * do not count it, as for a replacement diff found.
 */
export function noteHeldReplaced(spec: AnySpec, apiUrl: string, resource: string | undefined): void {
  const id = heldBy(apiUrl, resource);
  if (id !== undefined) replacedIds.add(`${spec.kind}/${id}`);
}

/** Whether diff found that this object of the stack is being replaced. */
export function isBeingReplaced(kind: string, id: string | number): boolean {
  return replacedIds.has(`${kind}/${id}`);
}

/**
 * The engine checks one resource after another, so one lookup per new resource adds a round trip
 * to the API each (and spends the list requests' rate limit); creates come one after another too.
 * When a second label of a kind is looked up within `LISTING_MS` of the first, in the same listed
 * scope (`listedWithin`: the account, a VPC), the lookup lists every object of the kind there at once
 * (`listLabelled`, at most `LISTING_PAGES` pages of 500: a larger account keeps one lookup each). Any
 * lookup reads its label from a listing of its scope started within `LISTING_MS`, whoever took it:
 * another lookup, a rule's read of the same objects (a subnet's ranges), or a create whose answer
 * listed them (a new VPC's subnets). A label found free at check counts as free since the listing
 * (`noteFree`), so a create looks again when that is older than `FRESH_MS`. A label a listing shows
 * held is looked up by itself before it counts as held.
 */
export const LISTING_MS = 2_000;
export const LISTING_PAGES = 2;

/** When each listed scope's last lookup was. */
const lastLookup = processMemory.map<string, number>("label claims: last lookup");

const labelOf = (record: unknown) =>
  typeof record === "object" && record !== null && "label" in record ? record.label : undefined;

/** The object holding the inputs' label now, and since when that is known. */
async function lookUp(
  spec: AnySpec,
  client: ComputeClient,
  inputs: Props,
): Promise<{ found: unknown; at: number }> {
  const now = Date.now();
  if (spec.listLabelled) {
    const within = spec.listedWithin ?? spec.uniqueWithin ?? [];
    const scope = JSON.stringify([spec.kind, ...within.map((key) => inputs[key])]);
    const make = now - (lastLookup.get(scope) ?? -Infinity) <= LISTING_MS;
    lastLookup.set(scope, now);
    const listing = await spec.listLabelled(client, inputs, {
      maxAgeMs: LISTING_MS,
      maxPages: LISTING_PAGES,
      make,
    });
    // A listing may predate this process's own writes (a replacement deletes the object holding
    // the label before its create): a label it shows held is looked up again.
    if (listing && !listing.records.some((r) => labelOf(r) === inputs.label))
      return { found: undefined, at: listing.at };
  }
  return { found: await spec.find!(client, inputs), at: now };
}

/**
 * Where the mark goes in the label (`asPosted`), whether the label the POST sends is free: then no
 * earlier create of this resource made anything, and the create need not look for it again.
 */
async function notePostedFree(spec: AnySpec, client: ComputeClient, inputs: Props, mark: string) {
  const posted = spec.marked!.asPosted!(inputs, mark);
  const { found, at } = await lookUp(spec, client, posted);
  if (found === undefined) noteFree(claimKey(spec, posted)!, at);
}

/**
 * Before a create's first POST: makes sure the label is free, looking it up unless a fresh lookup
 * already found it free. An object holding it is not ours: the create fails naming it.
 */
export async function claimLabel(
  spec: AnySpec,
  client: ComputeClient,
  inputs: Props,
  resource: ResourceContext,
): Promise<void> {
  const key = claimKey(spec, inputs);
  if (key === undefined || takeFreshlyFree(key)) return;
  const { found } = await lookUp(spec, client, inputs);
  if (found === undefined) return;
  const reason = isHeld(spec, client, resource.journalKey, found)
    ? stillHeldReason(spec, inputs, found)
    : notOursReason(spec, inputs, found);
  throw new ProviderError(`${spec.kind} create: ${reason}`);
}

/**
 * At check, before anything is written: a label this resource is about to take (a new resource's,
 * or a changed one) that an object holds already fails, naming `label`. A new resource's lookup
 * that finds it free is remembered for its create. Lookups that fail for another reason than the
 * settings skip the rule: the create looks again.
 */
export async function labelClashes(
  spec: AnySpec,
  inputs: Props,
  olds: Props,
  resource: ResourceContext,
): Promise<CheckFailure[]> {
  const key = claimKey(spec, inputs);
  if (key === undefined || resource.importId !== undefined) return [];
  const isNew = isNewResource(olds);
  if (!isNew && key === claimKey(spec, olds)) return [];
  const client = clientFromConfig();
  // This resource's create was interrupted with an earlier run after it found the label free (or
  // made the object): the create adopts it (`create-journal.ts`). Where creates are marked, the
  // holder must show it (below).
  const mark = isNew ? markFor(spec, inputs, resource) : undefined;
  const earlier = isNew ? await readEntry(journalFile(client.baseUrl, resource.journalKey)) : undefined;
  if (mark === undefined && (earlier?.labelFree || earlier?.made !== undefined)) return [];
  let found: unknown;
  let at: number;
  try {
    ({ found, at } = await lookUp(spec, client, inputs));
    if (mark !== undefined && spec.marked?.asPosted) await notePostedFree(spec, client, inputs, mark);
  } catch (err) {
    if (err instanceof SettingsError) throw err;
    if (refusesToken(err)) throw tokenRefused(client.baseUrl, err);
    return [];
  }
  if (found === undefined) {
    if (isNew) noteFree(key, at);
    return [];
  }
  // The object this resource replaces: told by diff, or, on `--replace` (no old inputs, no diff),
  // the one it holds.
  if (replacing.get(key) === String(spec.idOf(found)) || isHeld(spec, client, resource.journalKey, found))
    return [];
  // Made by this resource's interrupted create: its mark, or the ID this machine's entry recorded.
  if (
    carriesMark(spec, found, mark) ||
    (earlier?.made !== undefined && earlier.made === String(spec.idOf(found)))
  )
    return [];
  const reason = isNew
    ? notOursReason(spec, inputs, found) + REPLACE_HINT
    : `${labelled(spec, inputs)} already exists (${spec.idOf(found)}); choose another label`;
  return [{ property: "label", reason }];
}
