/**
 * `npm run bench:plugin-start [-- --runs 7]`: the resource plugin's start, from its launch to its
 * first answer (the port on stdout, then GetPluginInfo answered), and on to its first answer about
 * a resource (Configure, then a Check, which loads the providers; with no API settings it fails at
 * once), for each form, interleaved:
 * - `dist`: `bin/pulumi-resource-compute`, the TypeScript build (`dist/plugin/main.js`, needs `npm run build`);
 * - `bundle`: the packed plugin (`npm run plugin`), one esbuild bundle loaded through its code cache
 *   (`bundle-code-cache.ts`, in the OS temp directory: warm after the first launch of a build).
 * `--also NAME=EXECUTABLE` adds a form (e.g. the build of an older commit). The bundle gets a new
 * compile cache directory: its first launch is cold (it then fills its cache), the others warm; the
 * other forms run as the engine runs them (no NODE_COMPILE_CACHE). Prints the first run and the
 * median of the others.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { integerFlag } from "./flags";

const ROOT = path.resolve(__dirname, "..");
const FORMS: Record<string, string> = {
  dist: path.join(ROOT, "bin/pulumi-resource-compute"),
  bundle: path.join(ROOT, "dist-plugin/pulumi-resource-compute/pulumi-resource-compute"),
};

interface Start {
  /** Launch to the port on stdout, ms. */
  port: number;
  /** Launch to GetPluginInfo answered, ms. */
  answer: number;
  /** Launch to Configure and a first Check answered, ms. */
  check: number;
  /** The plugin's CPU time (user + system) by then, ms (Linux: /proc, 10 ms ticks; else NaN). */
  cpu: number;
}

/** A process's CPU time so far, ms, from /proc/<pid>/stat (utime + stime, at 100 ticks a second). */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function start(executable: string, cache: string | undefined): Promise<Start> {
  const env = { ...process.env };
  delete env.NODE_COMPILE_CACHE;
  if (cache) env.NODE_COMPILE_CACHE = cache;
  const t0 = performance.now();
  const child = spawn(executable, [], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += String(chunk);
        if (out.includes("\n")) resolve(out.split("\n")[0]!.trim());
      });
      child.once("exit", (code) => reject(new Error(`${executable} exited (${code}) before its port`)));
    });
    const tPort = performance.now();
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    await new Promise<void>((resolve, reject) =>
      client.getPluginInfo(new Empty(), (err) => (err ? reject(err) : resolve())),
    );
    const tAnswer = performance.now();
    await new Promise<void>((resolve, reject) =>
      client.configure(new proto.ConfigureRequest(), (err) => (err ? reject(err) : resolve())),
    );
    const check = new proto.CheckRequest();
    check.setUrn("urn:pulumi:bench::bench::compute:index:Vpc::net");
    // Answered with a failure (no API settings here): the providers are loaded either way.
    await new Promise<void>((resolve) => client.check(check, () => resolve()));
    const tCheck = performance.now();
    const cpu = cpuMs(child.pid);
    client.close();
    return { port: tPort - t0, answer: tAnswer - t0, check: tCheck - t0, cpu };
  } finally {
    child.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const runsAt = process.argv.indexOf("--runs");
  const runs = runsAt > 0 ? integerFlag("runs", process.argv[runsAt + 1] ?? "", 2) : 7;
  process.argv.forEach((arg, i) => {
    if (arg !== "--also") return;
    const [name, executable] = (process.argv[i + 1] ?? "").split("=");
    if (!name || !executable) throw new Error("--also: expected NAME=EXECUTABLE");
    FORMS[name] = path.resolve(executable);
  });
  for (const [form, executable] of Object.entries(FORMS)) {
    if (!fs.existsSync(executable))
      throw new Error(`${form}: no ${executable} (npm run build, npm run plugin)`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-plugin-start-"));
  const results: Record<string, Start[]> = Object.fromEntries(Object.keys(FORMS).map((f) => [f, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const [form, executable] of Object.entries(FORMS)) {
        results[form]!.push(await start(executable, form === "bundle" ? path.join(tmp, form) : undefined));
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `launch -> first answer (GetPluginInfo), ${runs} interleaved runs per form, load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  for (const [form, starts] of Object.entries(results)) {
    const [cold, ...warm] = starts;
    console.log(
      `${form.padEnd(7)} first run: port ${ms(cold!.port)}, answer ${ms(cold!.answer)}, first Check ${ms(cold!.check)} (CPU ${ms(cold!.cpu)}); others median: port ${ms(median(warm.map((s) => s.port)))}, answer ${ms(median(warm.map((s) => s.answer)))} (min ${ms(Math.min(...warm.map((s) => s.answer)))}, max ${ms(Math.max(...warm.map((s) => s.answer)))}), first Check ${ms(median(warm.map((s) => s.check)))}, CPU by then ${ms(median(warm.map((s) => s.cpu)))}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
