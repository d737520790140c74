/**
 * The generic dynamic provider every resource kind runs on: check/diff from the contract; create
 * that adopts what a lost answer left behind and settles (waits) inside the step that keeps the
 * ID; read with drift (current inputs) and 404 as "gone"; update that settles too; delete that
 * tolerates an already deleted resource. Every failure reaches the user as one line.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ComputeClient } from "../../client/compute-client";
import { isNotFound } from "../../client/errors";
import { formatDuration } from "../../client/format-duration";
import type { WaitProgress } from "../../client/waits";
import { verifyAccess } from "./access-check";
import { checkInputs, isNewResource, rendered, type CheckFailure } from "./check";
import { adoptedAfterInterruption, journalFile, readEntry, removeEntry, writeEntry } from "./create-journal";
import { createOrAdopt } from "./create-or-adopt";
import {
  DECLARED,
  declaredIn,
  declaredKeys,
  declaredOnly,
  engineNamesChanges,
  storedInputs,
  withDefaults,
} from "./declared";
import { diffInputs } from "./diff";
import { engineAlive } from "./engine-watch";
import { describe, failure, PartialFailure, ProviderError } from "./errors";
import { readTarget } from "./import-id";
import { checkImport, importObject } from "./import-object";
import { IMPORTED } from "./imported-state";
import { readRecord } from "./read-record";
import { labelClashes, noteHeldReplaced, noteReplacing } from "./label-claims";
import { isSettled, PENDING, pendingIn, withPending } from "./pending";
import type { ResourceContext } from "./resource-context";
import type { AnySpec, OperationContext, Props } from "./resource-spec";
import { clientFromConfig, requireSettings, timeoutProblems, waitTimeout, type Operation } from "./settings";
import { markFor, takeMarkOff, withoutMark } from "./stack-marks";
import { containsUnknown } from "./unknown";

/** Bumped when the shape of the outputs changes, so newer code can recognise older state. 3: the
 * pending work is the core's `pending` (was the specs' `resumeBoot` and `rebootPending`); 4: the
 * core's outputs under `__` keys (`__pending`, `__declaredInputs`, `__schemaVersion`). */
export const SCHEMA_VERSION = 4;
/** The output that records it (a `__` key: the engine stores it and never shows it). */
export const SCHEMA_VERSION_OUTPUT = "__schemaVersion";

/** A wait reports progress first after this long, then at this interval. */
const PROGRESS_EVERY_MS = 10_000;

/** Leaves out absent values: the host cannot send `undefined` to the engine ("Unexpected struct type"). */
function defined(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
}

/** What read tells the engine its inputs now are: the declared ones as the API holds them. */
function inputsFrom(spec: AnySpec, outputs: Props): Props {
  const declared =
    storedInputs(spec, outputs) ??
    Object.fromEntries(Object.keys(spec.inputs.shape).map((key) => [key, outputs[key]]));
  return defined(declared);
}

/** `props` are the inputs (create, update) or the prior outputs (read); `declared` the inputs the
 * program declared (read keeps the prior outputs' list); `kept` the pending work a read keeps. */
function outputsOf(spec: AnySpec, record: unknown, props: Props, declared: unknown, kept?: unknown): Props {
  const filled = withDefaults(spec, props);
  return defined({
    ...spec.toOutputs(record, filled),
    [SCHEMA_VERSION_OUTPUT]: SCHEMA_VERSION,
    [DECLARED]: declared,
    [PENDING]: spec.pending?.(record, filled) ?? kept,
  });
}

/** Progress lines go to the resource's context's log (the plugin sends them to the engine against the
 * resource), else to the provider's stdout, which the CLI shows live, but on the stack's line and
 * under the stack's diagnostics (not the resource's): lines name the resource themselves. The
 * waits' deadline is the resource's `customTimeouts` entry, else the settings'; the context's signal
 * ends them. */
export function operationContext(operation: Operation, resource: ResourceContext = {}) {
  const log = resource.log ?? ((line: string) => console.log(line));
  let nextReport = PROGRESS_EVERY_MS;
  const onPoll = (p: WaitProgress) => {
    if (p.elapsedMs < nextReport) return;
    nextReport = p.elapsedMs + PROGRESS_EVERY_MS;
    log(`waiting for ${p.what}: ${p.state} after ${formatDuration(p.elapsedMs)}`);
  };
  const { ms, from } = waitTimeout(operation, resource.timeouts);
  const signal = resource.signal;
  return {
    wait: { timeoutMs: ms, timeoutFrom: from, onPoll, ...(signal && { signal }) },
    log,
    resource,
  } satisfies OperationContext;
}

/** The object a read names (`readTarget`); an ID that names none fails as the read, in the user's words. */
function readTargetOf(spec: AnySpec, id: string, props: Props): { id: string; props: Props } {
  try {
    return readTarget(spec, id, props);
  } catch (err) {
    throw new ProviderError(`${spec.kind} read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Runs an operation; anything it throws becomes a one-line error naming the kind and operation. */
async function guarded<T>(spec: AnySpec, operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw failure(spec.kind, operation, err);
  }
}

/** What diff answers: the dynamic provider's result, and the inputs found changed (the plugin's
 * detailed diff names them; the dynamic host passes on only the rest). */
export interface CoreDiffResult extends pulumi.dynamic.DiffResult {
  changed: string[];
}

/**
 * The generic provider: the dynamic provider's methods, each taking the resource's context (its
 * identity, import, timeouts, log, cancel signal, the inputs the request holds secret) as its last
 * argument, and a diff that tells what changed. `bindResource` hands the context to each call; a
 * dynamic host's call without one runs with none.
 */
export interface CoreProvider extends pulumi.dynamic.ResourceProvider {
  check(olds: Props, news: Props, resource?: ResourceContext): Promise<pulumi.dynamic.CheckResult>;
  diff(id: string, olds: Props, news: Props, resource?: ResourceContext): Promise<CoreDiffResult>;
  create(inputs: Props, resource?: ResourceContext): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Props, resource?: ResourceContext): Promise<pulumi.dynamic.ReadResult>;
  update(
    id: string,
    olds: Props,
    news: Props,
    resource?: ResourceContext,
  ): Promise<pulumi.dynamic.UpdateResult>;
  delete(id: string, props: Props, resource?: ResourceContext): Promise<void>;
}

export function makeProvider(spec: AnySpec): CoreProvider {
  return {
    async check(olds: Props, news: Props, resource: ResourceContext = {}) {
      return guarded(spec, "check", async () => {
        requireSettings();
        const step = parsed(spec, olds, news, resource);
        if (step.failures.length === 0) step.failures.push(...(await ruled(spec, step)));
        if (step.failures.length === 0) step.failures.push(...(await checkAgainstApi(spec, step)));
        return reported(spec, step);
      });
    },

    async diff(
      id: string,
      olds: Props,
      news: Props,
      resource: ResourceContext = {},
    ): Promise<CoreDiffResult> {
      return guarded(spec, "diff", async () => {
        spec.observe?.(id, withDefaults(spec, news), resource);
        await forgetSettledCreate(id, resource);
        if (await vanishedWhileUnsettled(spec, id, olds)) {
          // Deleted out of band while a wait of an earlier run failed: made again, with no refresh needed.
          const first = [Object.keys(spec.inputs.shape)[0]!];
          return { changes: true, replaces: first, deleteBeforeReplace: true, changed: first };
        }
        const { changes, changed, replaces, deleteBeforeReplace } = diffInputs(spec, olds, news);
        if (replaces.length > 0) noteReplacing(spec, id, olds);
        if (changes) await verifyAccess(resource.log);
        // Undefined: the engine diffs its stored inputs and names each changed one (a secret too).
        const told = changes && engineNamesChanges(spec, olds, news, changed) ? undefined : changes;
        return { changes: told, replaces, deleteBeforeReplace, changed };
      });
    },

    async create(declared: Props, resource: ResourceContext = {}) {
      const inputs = withDefaults(spec, declared);
      const listed = declaredKeys(spec, declared);
      const step = await guarded(spec, "create", () => createOrImport(spec, inputs, resource));
      const id = spec.idOf(step.record);
      spec.observe?.(id, inputs, resource);
      // An import writes nothing: an object not yet at rest (`atRest`) is settled by the next `up`.
      if (step.imported) return { id, outs: outputsOf(spec, step.record, inputs, listed) };
      try {
        return { id, outs: await settledOutputs(spec, id, "was created, but", { ...step, inputs, listed }) };
      } finally {
        // Once the engine has the ID; if it is gone, the next run adopts the object from the entry.
        if (step.ctx.journal && (await engineAlive())) await removeEntry(step.ctx.journal);
      }
    },

    async read(given: string, state: Props, resource: ResourceContext = {}) {
      return guarded(spec, "read", async () => {
        const client = clientFromConfig();
        // A refresh names the object by its state; a class's `get`, by the state it was given or
        // an ID that leads with the parents' IDs (`<vpcId>/<subnetId>`), as the plugin form's.
        const { id, props } = readTargetOf(spec, given, state);
        try {
          const stored = withPending(props);
          const record = await readRecord(spec, client, id, stored);
          const outs = outputsOf(spec, record, stored, declaredIn(props), pendingIn(stored));
          // Outputs an import's Read made stay marked until a create or update writes them anew.
          if (stored[IMPORTED] === true) outs[IMPORTED] = true;
          return { id, props: outs, inputs: inputsFrom(spec, outs) };
        } catch (err) {
          // A `get` names an object that exists: its first read (no outputs of the core yet) fails.
          const lookingUp = resource.lookUp === true && state[SCHEMA_VERSION_OUTPUT] === undefined;
          if (isNotFound(err) && !lookingUp) return { id: "" };
          throw err;
        }
      });
    },

    async update(id: string, olds: Props, declared: Props, resource: ResourceContext = {}) {
      const news = withDefaults(spec, declared);
      const listed = declaredKeys(spec, declared);
      const step = await guarded(spec, "update", async () => {
        const client = clientFromConfig("update", resource.timeouts);
        const ctx = operationContext("update", resource);
        spec.observe?.(id, news, resource);
        return { client, ctx, record: await spec.update(client, id, withPending(olds), news, ctx) };
      });
      return { outs: await settledOutputs(spec, id, "was updated, but", { ...step, inputs: news, listed }) };
    },

    async delete(id: string, props: Props, resource: ResourceContext = {}) {
      return guarded(spec, "delete", async () => {
        const client = clientFromConfig("delete", resource.timeouts);
        try {
          await spec.delete(client, id, withPending(props), operationContext("delete", resource));
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      });
    },
  };
}

/**
 * The create's API step: the object to import (nothing written), the one an interrupted run's
 * create made (its journal entry), or a new one, POSTed (`createOrAdopt`).
 */
async function createOrImport(spec: AnySpec, inputs: Props, resource: ResourceContext) {
  const client = clientFromConfig("create", resource.timeouts);
  const ctx: OperationContext = {
    ...operationContext("create", resource),
    journal: journalFile(client.baseUrl, resource.journalKey),
  };
  const importId = resource.importId;
  if (importId !== undefined) {
    return { client, ctx, record: await importObject(spec, client, importId, inputs), imported: true };
  }
  // Its POST marks the object, so that any machine recognises it if this run is interrupted.
  const mark = markFor(spec, inputs, resource);
  if (mark !== undefined) ctx.mark = mark;
  const record =
    (await madeByInterruptedRun(spec, client, inputs, ctx)) ??
    (await createOrAdopt(spec, client, inputs, ctx));
  // Until the engine has the ID: a run interrupted during the wait is recognised by the next.
  if (!spec.answerOnlyOnce) await writeEntry(ctx.journal, { kind: spec.kind, made: spec.idOf(record) });
  return { client, ctx, record, imported: false };
}

/** The outputs once the object rests (`settle`) and a create's mark is off (`stack-marks.ts`); a
 * wait that fails keeps the ID in the state (its outputs never show the mark). */
async function settledOutputs(
  spec: AnySpec,
  id: string,
  what: string,
  step: { client: ComputeClient; ctx: OperationContext; record: unknown; inputs: Props; listed: string[] },
): Promise<Props> {
  const { client, ctx, record, inputs, listed } = step;
  try {
    const settled = spec.settle ? await spec.settle(client, record, inputs, ctx) : record;
    return outputsOf(spec, await takeMarkOff(spec, client, settled, inputs, ctx), inputs, listed);
  } catch (err) {
    await takeMarkOff(spec, client, record, inputs, ctx).catch(() => undefined);
    const shown = withoutMark(spec, record, ctx.mark);
    throw keepId(spec, id, what, err, () => outputsOf(spec, shown, inputs, listed), inputs);
  }
}

/** What a check knows after reading the program's inputs, passed from step to step. */
interface CheckStep {
  /** What the program said: failures are shown against it. */
  news: Props;
  /** The checked inputs with the defaults: what rules and reads see. */
  inputs: Props;
  /** The stored inputs with their defaults; empty for a resource not yet in the state. */
  stored: Props;
  isNew: boolean;
  failures: CheckFailure[];
  /** The resource's context: its identity, import ID, log, the inputs the request holds secret. */
  resource: ResourceContext;
}

/** Each input against its contract field (unknown values pass), the defaults filled in, and the
 * resource's context (`resource-context.ts`) checked and carried along. */
function parsed(spec: AnySpec, olds: Props, news: Props, resource: ResourceContext): CheckStep {
  const { inputs, failures } = checkInputs(spec.inputs, news, spec.defaults);
  failures.push(...timeoutProblems(resource.timeouts));
  const isNew = isNewResource(olds);
  const stored = isNew ? {} : withDefaults(spec, olds);
  return { news, inputs, stored, isNew, failures, resource };
}

/** The spec's rules across inputs, once every value is known. */
async function ruled(spec: AnySpec, step: CheckStep): Promise<CheckFailure[]> {
  if (!spec.validate || containsUnknown(step.inputs)) return [];
  return spec.validate(step.inputs, step.stored, step.resource);
}

/**
 * What needs the API, all at once (a subnet's check: one round trip, not two): the rules' reads,
 * the label's (or an import's object), and, when the run would write (a new resource, or changed
 * inputs), whether the API takes the token (`access-check.ts`), so that an API that cannot be
 * reached fails the check at once, not after the rules' reads have spent their retries. An import
 * writes nothing: what it reads is compared with the inputs instead. A create an interrupted run
 * began may have made its object, which the create adopts: not a clash. A clash is reported once the rules pass, as when they ran one after the other.
 */
async function checkAgainstApi(spec: AnySpec, step: CheckStep): Promise<CheckFailure[]> {
  const { inputs, stored, news, isNew, resource } = step;
  const { importId } = resource;
  const known = !containsUnknown(inputs);
  if (isNew && importId === undefined)
    noteHeldReplaced(spec, clientFromConfig().baseUrl, resource.journalKey);
  const lookups =
    spec.lookups && importId === undefined && !(await beganBefore(resource, isNew))
      ? spec.lookups(inputs, stored, news, resource)
      : [];
  const claims = !known
    ? []
    : importId !== undefined && isNew
      ? checkImport(spec, clientFromConfig(), importId, inputs)
      : labelClashes(spec, inputs, stored, resource);
  const writes = isNew || diffInputs(spec, stored, inputs).changed.length > 0;
  const access = writes ? verifyAccess(resource.log) : undefined;
  const [broken, clashing] = await Promise.all([lookups, claims, access]);
  return broken.length > 0 ? broken : clashing;
}

/** What the engine stores (the declared inputs, no defaults: `declared.ts`) and shows (one line each). */
function reported(spec: AnySpec, { inputs, news, failures, resource }: CheckStep) {
  const secrets: readonly string[] = [...(spec.secrets ?? []), ...(resource.secretInputs ?? [])];
  return {
    inputs: declaredOnly(spec, inputs, news),
    failures: failures.map((f) => rendered(f, news, secrets)),
  };
}

/**
 * The journal entry of a create whose object the state now holds (`id`): the run that made it was
 * interrupted during the wait, and a later run settled it, here or on another machine. Removed, so
 * that it proves nothing after the resource is replaced or deleted.
 */
async function forgetSettledCreate(id: string, resource: ResourceContext): Promise<void> {
  if (resource.journalKey === undefined) return;
  let apiUrl: string;
  try {
    apiUrl = clientFromConfig().baseUrl;
  } catch {
    return; // Settings not known yet (a preview's): the diff goes on, the entry waits for the next one.
  }
  const journal = journalFile(apiUrl, resource.journalKey);
  if ((await readEntry(journal))?.made === id) await removeEntry(journal);
}

/** Whether an interrupted run began this new resource's create (its journal entry is still there). */
async function beganBefore(resource: ResourceContext, isNew: boolean): Promise<boolean> {
  if (!isNew || resource.journalKey === undefined) return false;
  return (await readEntry(journalFile(clientFromConfig().baseUrl, resource.journalKey))) !== undefined;
}

/**
 * Whether an object the state shows not at rest (a wait of an earlier run failed) is gone from the
 * API. Looked up only then, so an unchanged preview sends nothing; a lookup that fails otherwise
 * leaves the diff as it is.
 */
async function vanishedWhileUnsettled(spec: AnySpec, id: string, olds: Props): Promise<boolean> {
  if (isSettled(spec.atRest, olds)) return false;
  try {
    await readRecord(spec, clientFromConfig(), id, olds);
    return false;
  } catch (err) {
    return isNotFound(err);
  }
}

/** The object a create of this resource made before its run was interrupted (during the wait that
 * follows the POST), if it still exists. */
async function madeByInterruptedRun(
  spec: AnySpec,
  client: ComputeClient,
  inputs: Props,
  ctx: OperationContext,
): Promise<unknown> {
  const made = (await readEntry(ctx.journal))?.made;
  if (made === undefined) return undefined;
  try {
    const record = await spec.read(client, made, inputs);
    ctx.log(
      adoptedAfterInterruption(`${spec.kind} ${made}: an interrupted \`pulumi up\` had created it; adopted`),
    );
    return record;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** The object exists: report the failure with its ID and what is known of it, so the engine keeps it
 * in the state and the next `up` continues (update runs, then settle again). */
function keepId(
  spec: AnySpec,
  id: string,
  what: string,
  err: unknown,
  outputs: () => Props,
  inputs: Props,
): PartialFailure {
  let properties: Props;
  try {
    properties = outputs();
  } catch {
    properties = { ...inputs };
  }
  // The host adds the serialized provider to the outputs of a success only; without it in the
  // state, a refresh or destroy before the next `up` cannot load the provider.
  if (inputs.__provider !== undefined) properties.__provider = inputs.__provider;
  return new PartialFailure(
    `${spec.kind} ${id} ${what} ${describe(err)}; the next \`pulumi up\` continues from here`,
    id,
    properties,
  );
}
