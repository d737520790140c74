/**
 * A provider process whose engine is gone stops at once. When the `pulumi` CLI is killed (SIGKILL, a
 * CI job at its time limit, Ctrl-C twice), the provider process it started lives on, orphaned, and
 * would go on waiting, polling and sending the writes of operations nobody will record: each object
 * made then is an orphan. The dynamic-provider host is started with the engine's RPC address as its
 * first argument; the watch connects to it every `EVERY_MS`, and once the engine refuses the
 * connection (its process is gone) the provider process exits: no request is sent after that.
 * A plugin started by hand (`PULUMI_DEBUG_PROVIDERS`) has no address in its arguments: the engine
 * of each run gives its own (`attachEngine`), and that plugin outlives the runs it serves.
 */
import * as net from "node:net";
import { processMemory } from "./process-memory";

/** How often the engine is looked for. */
export const EVERY_MS = 500;

/** Set by the resource plugin's entry, whatever its file is called (an installed plugin runs `main.js`). */
const roles = processMemory.set<"plugin">("engine watch: this process's role");

/** The resource plugin's entry (`src/plugin/main.ts`) says that this process is the plugin. */
export function markPluginProcess(): void {
  roles.add("plugin");
}

export interface EngineAddress {
  host: string;
  port: number;
}

/** `127.0.0.1:43121`, `localhost:80` or `[::1]:9` as a host and a port; undefined for anything else. */
export function parseEngineAddress(text: string): EngineAddress | undefined {
  const match = /^([\w.-]+|\[[0-9a-f:]+\]):(\d+)$/i.exec(text);
  return match ? { host: match[1]!.replace(/^\[|\]$/g, ""), port: Number(match[2]) } : undefined;
}

/** The address the engine of the current run gave a plugin started by hand (its Attach call). */
let attached: EngineAddress | undefined;

/** A plugin started by hand: its current run's engine is at `address`, which it attached with
 * (`src/plugin/runs.ts`); undefined: back to the arguments'. */
export function attachEngine(address: EngineAddress | undefined): void {
  attached = address;
}

const isServed = (argv: readonly string[]) =>
  roles.has("plugin") || /dynamic-provider|[\\/]plugin[\\/]main\.[jt]s$/.test(argv[1] ?? "");

/** The engine's RPC address the dynamic-provider host or the plugin (`pulumi-resource-compute`) was
 * started with (`127.0.0.1:43121`, after any logging flags), if this is one of them. */
function startedWith(argv: readonly string[]): EngineAddress | undefined {
  if (!isServed(argv)) return undefined;
  for (const arg of argv.slice(2)) {
    const address = parseEngineAddress(arg);
    if (address) return address;
  }
  return undefined;
}

/** The engine's RPC address, if this is the dynamic-provider host or the plugin: the one its
 * current run attached with, else the one in its arguments. */
export function engineAddress(argv: readonly string[] = process.argv): EngineAddress | undefined {
  if (!isServed(argv)) return undefined;
  return attached ?? startedWith(argv);
}

/** Whether something accepts connections at the address (a refused or failed connection: no). */
function reachable(address: EngineAddress): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.setTimeout(EVERY_MS * 4, () => {
      // A slow answer is not a missing engine (a busy machine): only a refusal is.
      socket.destroy();
      resolve(true);
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Calls `gone` once the address stops accepting connections. The timer does not keep the process
 * alive. Returns a function that stops the watch.
 */
export function watchEngine(address: EngineAddress, gone: () => void, everyMs = EVERY_MS): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    if (stopped) return;
    if (await reachable(address)) {
      if (!stopped) timer = setTimeout(look, everyMs).unref();
      return;
    }
    stopped = true;
    gone();
  };
  timer = setTimeout(look, everyMs).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The look at each engine address under way. */
const looking = processMemory.map<string, Promise<boolean>>("engine watch: looks under way");

/**
 * Whether the engine that started this process is still there to receive an answer (true outside
 * the dynamic-provider host). A create that ends just after the CLI was killed keeps its journal
 * entry: the engine never records what it made.
 */
export async function engineAlive(argv: readonly string[] = process.argv): Promise<boolean> {
  const address = engineAddress(argv);
  if (!address) return true;
  // Creates ending together share the look already under way (begun at most a connect's time before
  // theirs), rather than one connection each.
  const key = `${address.host}:${address.port}`;
  let look = looking.get(key);
  if (!look) {
    look = reachable(address).finally(() => looking.delete(key));
    looking.set(key, look);
  }
  return look;
}

let started = false;

/** In the dynamic-provider host and the plugin the engine started: exits the process once that
 * engine is gone (idempotent). A plugin started by hand is never stopped by it. */
export function exitWhenEngineGone(): void {
  const address = startedWith(process.argv);
  if (started || !address) return;
  started = true;
  watchEngine(address, () => {
    console.error(
      "pulumi-compute: the engine is gone (the pulumi CLI was stopped); stopping, nothing more is sent",
    );
    process.exit(1);
  });
}
