/**
 * `npm run bench:runtime-load [-- --runs 21] [--roots DIR,DIR]`: what the TypeScript form's provider
 * process pays on its first resource, in a fresh Node process per run: `require` of the runtime
 * (`pulumi-compute/provider-runtime`, after `@pulumi/pulumi`, which the dynamic provider host has
 * loaded already), then the first check of a new Vpc through the resource's shim, against an
 * in-process emulator (check reads the regions catalogue and the labels). The runtime's code cache
 * (`bundle-code-cache.ts`, written as its first calls yield) and Node's compile cache are
 * on, as in the host, and each process is killed at the end, as the engine stops the host (no exit
 * hook writes the cache): a first, untimed run per root warms it. `--roots` compares builds (each a
 * checkout with its `dist/`, e.g. an older commit's), run interleaved. Prints, per root, the median
 * and p90 of the require, of the check and of both, and the modules the require loaded. Needs
 * `npm run build`. Not a test: never fails on a figure.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "pulumi-compute/emulator";
import { integerFlag } from "./flags";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "21" },
    roots: { type: "string", default: path.resolve(__dirname, "..") },
  },
});
const RUNS = integerFlag("runs", values.runs, 1);
const ROOTS = values.roots.split(",").map((root) => path.resolve(root));

/** The cases: the first check of a Vpc that is new (it reads the regions catalogue and the labels), or
 * unchanged (the inputs in the state: it reads nothing, as in a preview with nothing to change). */
const CASES = ["new", "unchanged"] as const;
type Case = (typeof CASES)[number];

/** One run in a fresh process: `process.argv[1]` is the checkout, `[2]` the case. Prints one line of JSON. */
const CHILD = `
const Module = require("node:module");
const req = Module.createRequire(require("node:path").join(process.argv[1], "package.json"));
req("@pulumi/pulumi");
const before = Object.keys(require.cache).length;
const t0 = performance.now();
const runtime = req("pulumi-compute/provider-runtime");
const t1 = performance.now();
const modules = Object.keys(require.cache).length - before;
const inputs = { region: "us-iad", label: "bench-vpc" };
runtime
  .shim("Vpc", { journalKey: "p/s/Vpc/bench" })
  .check(process.argv[2] === "new" ? {} : inputs, inputs)
  .then((result) => {
    const t2 = performance.now();
    if (result.failures?.length) throw new Error(JSON.stringify(result.failures));
    // Killed, as the engine stops the host: no exit hook runs (what is cached was written as calls yielded).
    // (A moment first: the code cache is written as the check's answer yields, as in the host.)
    process.stdout.write(JSON.stringify({ require: t1 - t0, check: t2 - t1, modules }) + "\\n", () =>
      setTimeout(() => process.kill(process.pid, "SIGKILL"), 50));
  });
`;

interface Run {
  require: number;
  check: number;
  modules: number;
}

function run(root: string, which: Case, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", CHILD, root, which], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", () => {
      if (!out.trim()) reject(new Error(`run in ${root} (${which}) ended without a result`));
      else resolve(JSON.parse(out.trim().split("\n").pop()!) as Run);
    });
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const shown = (values: number[]) =>
  `${quantile(values, 0.5).toFixed(1).padStart(6)} ${quantile(values, 0.9).toFixed(1).padStart(6)}`;

async function main() {
  const emulator = await startEmulator();
  try {
    const env = { ...process.env, COMPUTE_API_URL: emulator.url, COMPUTE_TOKEN: emulator.token };
    const series = ROOTS.flatMap((root) => CASES.map((which) => ({ root, which, runs: [] as Run[] })));
    for (const { root, which } of series) await run(root, which, env);
    for (let i = 0; i < RUNS; i++) {
      // The order turns each repetition, so that no series always follows the same one.
      for (let j = 0; j < series.length; j++) {
        const s = series[(i + j) % series.length]!;
        s.runs.push(await run(s.root, s.which, env));
      }
    }
    console.log(`${RUNS} runs each; ms: median p90`);
    console.log(`${"require".padStart(30)} ${"check".padStart(13)} ${"both".padStart(13)}  modules  root`);
    for (const { root, which, runs } of series) {
      const both = runs.map((r) => r.require + r.check);
      console.log(
        `${which.padEnd(10)}${shown(runs.map((r) => r.require)).padStart(20)} ${shown(runs.map((r) => r.check))}` +
          ` ${shown(both)}  ${String(runs[0]!.modules).padStart(7)}  ${root}`,
      );
    }
  } finally {
    await emulator.close();
  }
}

main().catch((err: Error) => {
  console.error(`bench:runtime-load: ${err.message}`);
  process.exit(1);
});
