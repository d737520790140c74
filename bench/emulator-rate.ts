/**
 * `npm run bench [-- --requests N] [--seconds S] [--concurrency 1,16]`: the emulator's request rate
 * on this machine. The emulator runs as its CLI in a child process (as users run it in CI); this
 * process sends keep-alive HTTP on loopback with 1 and 16 requests in flight, for GET, POST and
 * mixed loads, in memory and in durable mode (`--data`), each bounded by a request count and a time.
 * Prints requests per second and latency percentiles. Not a test: nothing is asserted.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { startEmulatorProcess, type EmulatorProcess } from "../test/support/emulator-process";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    seconds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "1,16" },
  },
});
const MAX_REQUESTS = Number(values.requests);
const MAX_MS = Number(values.seconds) * 1000;
const CONCURRENCY = values.concurrency.split(",").map(Number);
const TOKEN = "b".repeat(64);
/** Before each row, this long of the same load (not measured): the emulator's JIT needs it. */
const WARMUP_MS = 2000;

interface Target {
  /** The API base URL (ending in /v4). */
  url: string;
  agent: http.Agent;
}

/** One request; resolves with its status once the whole answer has arrived. `urlPath` is below /v4,
 * or absolute from the host when it starts with /_emulator. */
function request(target: Target, method: string, urlPath: string, body?: unknown): Promise<number> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const base = urlPath.startsWith("/_emulator") ? target.url.replace(/\/v4$/, "") : target.url;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent: target.agent,
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          ...(data === undefined
            ? {}
            : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/** A kind of request: `next(i)` sends the i-th one. */
type Mix = { name: string; next: (target: Target, i: number) => Promise<number> };

let labels = 0;
const createVpc = (target: Target) =>
  request(target, "POST", "/vpcs", { label: `bench-${process.pid}-${labels++}`, region: "us-iad" });

const MIXES: Mix[] = [
  { name: "GET one VPC", next: (t, i) => request(t, "GET", `/vpcs/${(i % 25) + 1}`) },
  { name: "GET list of 25 VPCs", next: (t) => request(t, "GET", "/vpcs?page_size=25") },
  { name: "POST create VPC", next: (t) => createVpc(t) },
  {
    name: "mixed 80% GET / 20% POST",
    next: (t, i) => (i % 5 === 4 ? createVpc(t) : request(t, "GET", `/vpcs/${(i % 25) + 1}`)),
  },
];

interface Result {
  count: number;
  failed: number;
  seconds: number;
  latencies: number[];
}

async function run(target: Target, mix: Mix, concurrency: number, maxRequests: number, maxMs: number) {
  const result: Result = { count: 0, failed: 0, seconds: 0, latencies: [] };
  const started = performance.now();
  let issued = 0;
  const worker = async () => {
    while (issued < maxRequests && performance.now() - started < maxMs) {
      const i = issued++;
      const t0 = performance.now();
      const status = await mix.next(target, i);
      result.latencies.push(performance.now() - t0);
      result.count += 1;
      if (status < 200 || status >= 300) result.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

const WIDTHS = [8, 26, 9, 8, 8, 8, 8, 7];
/** A table row: the first two cells left-aligned, numbers right-aligned. */
function row(cells: (string | number)[]): string {
  return cells
    .map((c, i) => (i < 2 ? String(c).padEnd(WIDTHS[i]!) : String(c).padStart(WIDTHS[i]!)))
    .join("  ");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Every row starts from the same state: an empty account with VPCs 1..25 for the GETs. */
async function fresh(target: Target): Promise<void> {
  await request(target, "POST", "/_emulator/reset");
  for (let i = 0; i < 25; i++) await createVpc(target);
}

async function benchmark(label: string, args: string[], mixes: Mix[], maxRequests: number) {
  const emulator: EmulatorProcess = await startEmulatorProcess(["--token", TOKEN, ...args]);
  try {
    for (const concurrency of CONCURRENCY) {
      const target = {
        url: emulator.url,
        agent: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
      };
      for (const mix of mixes) {
        await fresh(target);
        await run(target, mix, concurrency, Infinity, WARMUP_MS);
        await fresh(target);
        const r = await run(target, mix, concurrency, maxRequests, MAX_MS);
        const sorted = [...r.latencies].sort((a, b) => a - b);
        console.log(
          row([
            label,
            mix.name,
            concurrency,
            r.count,
            (r.count / r.seconds).toFixed(0),
            percentile(sorted, 50).toFixed(2),
            percentile(sorted, 99).toFixed(2),
            r.failed,
          ]),
        );
      }
      target.agent.destroy();
    }
  } finally {
    await emulator.stop("SIGTERM");
  }
}

async function main() {
  console.log(
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; ` +
      `up to ${MAX_REQUESTS} requests or ${MAX_MS / 1000} s per row, after ${WARMUP_MS / 1000} s of warm-up`,
  );
  console.log(row(["store", "mix", "in flight", "requests", "req/s", "p50 ms", "p99 ms", "non-2xx"]));
  await benchmark("memory", [], MIXES, MAX_REQUESTS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-"));
  try {
    // Durable mode writes a snapshot (fsync) before acknowledging each write: fewer requests.
    await benchmark(
      "durable",
      ["--data", path.join(dir, "state.json")],
      MIXES.slice(2),
      Math.min(MAX_REQUESTS, 1000),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
