/**
 * How long the API's lifecycles took (`client/lifecycles.ts`), kept between runs of the provider:
 * a process starts knowing what earlier runs learned of the same API URL, so that its first wait on
 * a server's boot reads when the boot is due instead of polling its way there (a new process is
 * otherwise up to a second late on each kind of change). One small file, `lifecycles.json` in the
 * create journal's directory, by API URL (never the token); what was not seen again for a week is
 * dropped, and at most 16 API URLs are kept. Only the provider process keeps it (`keepLifecycles`):
 * tests and scripts that call the providers directly learn in memory only.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import type { Learned } from "../../client/lifecycles";
import { sharedPoller } from "../../client/poller";
import { journalDirectory } from "./create-journal";
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

const fileOf = () => path.join(journalDirectory(), FILE);

/** What the file holds; anything unreadable (another version's, a torn write) as nothing. */
function parse(text: string): Memory {
  try {
    const memory = Memory.safeParse(JSON.parse(text));
    return memory.success ? memory.data : {};
  } catch {
    return {};
  }
}

/** Read once, at the process's first operation on the API: a small file. */
function readMemory(file: string): Memory {
  try {
    return parse(fs.readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

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
  const file = fileOf();
  const apiUrl = client.baseUrl;
  const lifecycles = sharedPoller(client.account).lifecycles;
  lifecycles.seed(fresh(readMemory(file)[apiUrl]));
  let writing: Promise<void> | undefined;
  let again = false;
  const write = async () => {
    const memory = parse(await fs.promises.readFile(file, "utf8").catch(() => "{}"));
    memory[apiUrl] = { ...fresh(memory[apiUrl]), ...lifecycles.known() };
    const apis = Object.entries(memory)
      .map(([url, windows]) => [url, fresh(windows)] as const)
      .filter(([, windows]) => Object.keys(windows).length > 0)
      .sort(([, a], [, b]) => newest(b) - newest(a))
      .slice(0, KEEP_APIS);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(Object.fromEntries(apis)));
    await fs.promises.rename(temp, file);
  };
  lifecycles.onLearn = () => {
    if (writing) {
      again = true;
      return;
    }
    writing = (async () => {
      do {
        again = false;
        // A memory that cannot be written (read-only home, full disk) only costs the next run time.
        await write().catch(() => undefined);
      } while (again);
      writing = undefined;
    })();
  };
}
