/**
 * How long the API's lifecycles took (`client/lifecycles.ts`), kept between runs of the provider:
 * a process starts knowing what earlier runs learned of the same API URL, so that its first wait on
 * a server's boot reads when the boot is due instead of polling its way there (a new process is
 * otherwise up to a second late on each kind of change). One small file, `lifecycles.json` in the
 * create journal's directory, by API URL (never the token); what was not seen again for a week is
 * dropped, and at most 16 API URLs are kept. Only the provider process keeps it (`keepLifecycles`):
 * tests and scripts that call the providers directly learn in memory only.
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import type { Learned } from "../../client/lifecycles";
import { sharedPoller } from "../../client/poller";
import { memoryFile } from "./memory-file";
import { processMemory } from "./process-memory";

const FILE = "lifecycles.json";
const KEEP_MS = 7 * 24 * 3600 * 1000;
const KEEP_APIS = 16;

/** Windows learned, by API URL and lifecycle. */
const Memory = z.record(
  z.string(),
  z.record(z.string(), z.object({ after: z.number(), by: z.number(), at: z.number() })),
);
type Memory = Record<string, Record<string, Learned>>;

let kept = false;
const remembered = processMemory.set<string>("lifecycle memory: API URLs read");

/** The provider process keeps what it learns (runtime.ts). */
export function keepLifecycles(): void {
  kept = true;
}

const file = memoryFile<Memory>(FILE, Memory, () => ({}));

/** The windows seen within the last week. */
function fresh(windows: Record<string, Learned> = {}, now = Date.now()): Record<string, Learned> {
  return Object.fromEntries(Object.entries(windows).filter(([, w]) => now - w.at < KEEP_MS));
}

const newest = (windows: Record<string, Learned>) => Math.max(0, ...Object.values(windows).map((w) => w.at));

/**
 * The client's poller starts from what earlier runs learned of its API, and what it learns is
 * written back (one write at a time, the file replaced atomically, other API URLs' entries kept).
 */
export function rememberLifecycles(client: ComputeClient): void {
  if (!kept || remembered.has(client.account)) return;
  remembered.add(client.account);
  const apiUrl = client.baseUrl;
  const lifecycles = sharedPoller(client.account).lifecycles;
  lifecycles.seed(fresh(file.read()[apiUrl]));
  lifecycles.onLearn = () =>
    file.save((memory) => {
      memory[apiUrl] = { ...fresh(memory[apiUrl]), ...lifecycles.known() };
      const apis = Object.entries(memory)
        .map(([url, windows]) => [url, fresh(windows)] as const)
        .filter(([, windows]) => Object.keys(windows).length > 0)
        .sort(([, a], [, b]) => newest(b) - newest(a))
        .slice(0, KEEP_APIS);
      return Object.fromEntries(apis);
    });
}
