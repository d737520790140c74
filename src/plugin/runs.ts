/**
 * The runs of `pulumi` a plugin process serves. The engine starts a plugin for each run (a preview,
 * an update) and stops it at the run's end: one process, one run. A plugin started by hand
 * (`PULUMI_DEBUG_PROVIDERS=compute:PORT`, docs/development.md) serves run after run, and more than
 * the engine dials it: each client connects and calls Attach with the address of its own plugin
 * host (a YAML program's language host does too, to read the schema), and the engine, at the run's
 * end, calls Cancel and hangs up, killing nothing.
 *
 * So the run's engine is the client that configures a provider (CheckConfig, Configure): its
 * Attach's address is the engine's from then on (the resources' log lines, the check before a
 * create's answer, engine-watch.ts). A configure from another engine than the current run's, or
 * after its run was cancelled, begins a new run, which starts as a new process would: the process
 * memory forgotten, the waits' signal new. Runs are served one after another: two `pulumi` runs at
 * once would forget each other's memory.
 *
 * The plugin never exits for an engine it was attached to: once the run's engine is gone without
 * its Cancel (the CLI killed), the run is cancelled as Cancel would (every wait ends, nothing more
 * is sent for it) and the plugin waits for the next run.
 */
import {
  attachEngine,
  markPluginProcess,
  parseEngineAddress,
  processMemory,
  watchEngine,
} from "../provider/core-interface";
import { forgetListingReads } from "../client/listing-reads";

interface Run {
  /** The address its engine attached with (`127.0.0.1:43121`); undefined: the plugin's arguments'. */
  engine?: string;
  /** Aborted by the engine's Cancel (Ctrl-C, or the end of the run): every wait of the run ends. */
  cancelled: AbortController;
  stopWatch(): void;
}

let run: Run = { cancelled: new AbortController(), stopWatch: () => {} };

/** The address each client connection (its peer, `127.0.0.1:50312`) attached with. */
const attachedBy = new Map<string, string>();

/** The signal of the current run's waits. */
export const runSignal = (): AbortSignal => run.cancelled.signal;

/** The engine's Cancel: the current run's waits end. */
export function cancelRun(): void {
  run.cancelled.abort();
}

/** A client's Attach: the address of its plugin host. */
export function attach(address: string, peer: string): void {
  if (!parseEngineAddress(address))
    throw new Error(`Attach: ${JSON.stringify(address)} is not an engine address (host:port)`);
  attachedBy.set(peer, address);
}

/** A client configures a provider: if it attached, it is the engine of the current run, or of a new run. */
export function configuredBy(peer: string, onGone: (address: string) => void = warnGone): void {
  const address = attachedBy.get(peer);
  if (address === undefined) return;
  if (address === run.engine && !run.cancelled.signal.aborted) return;
  run.stopWatch();
  if (run.engine !== undefined) {
    // The previous run's end: what it left is forgotten, its waits end if its Cancel never came.
    run.cancelled.abort();
    processMemory.forget();
    // Nor does a listing of its answer the next run's reads.
    forgetListingReads();
    markPluginProcess();
    for (const [other, otherAddress] of attachedBy) if (otherAddress !== address) attachedBy.delete(other);
  }
  const parsed = parseEngineAddress(address)!;
  attachEngine(parsed);
  const next: Run = { engine: address, cancelled: new AbortController(), stopWatch: () => {} };
  next.stopWatch = watchEngine(parsed, () => {
    if (next.cancelled.signal.aborted) return;
    next.cancelled.abort();
    onGone(address);
  });
  run = next;
}

function warnGone(address: string): void {
  console.error(
    `pulumi-compute: the engine at ${address} is gone without ending its run (the pulumi CLI was stopped); ` +
      "its waits are cancelled, nothing more is sent for it; waiting for the next run",
  );
}
