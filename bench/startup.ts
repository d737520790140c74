/**
 * `npm run bench:startup [-- --reps 5] [--cases preview,servers] [--forms ts,yaml,python] [--servers 10]`: what a
 * `pulumi` command costs from its start, per form of the provider, beside the same command on an
 * empty program of the same language (the engine's floor for that language):
 *
 * - `preview`: `pulumi preview` with nothing to change, of the demo's stack (the TypeScript form runs
 *   the demo program itself, examples/; the plugin forms run the same resources written in their
 *   language, with the image's ID written out);
 * - `servers`: `pulumi up --skip-preview` creating 10 servers (`--servers`) from an image (`--parallel 64`), then an
 *   untimed `destroy`.
 *
 * For each run: the time from the command's start to the first API request the emulator receives, to
 * the command's end, the CPU time and the peak memory of each process (bench/process-memory.ts).
 * Forms and floors run interleaved (the order turns each repetition); the tables give medians. The
 * forms: `ts`, the TypeScript dynamic classes (Node language host); `yaml`, the resource plugin from
 * Pulumi YAML; `python`, the plugin from Python through the generated SDK, when its virtual
 * environment is there (`scripts/ensure-python-sdk`). The plugin is the bundled tarball, installed as
 * a user installs it (`pulumi plugin install`, scripts/install-plugin).
 *
 * Runs the CLI directly (no Automation API), as a user's shell does, against an in-process emulator at
 * real speed. Needs `npm run build` (the dynamic provider runs dist/). Not a test: exits non-zero
 * on a failing command, never on a missed goal.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { startEmulator, type Emulator } from "pulumi-compute/emulator";
import { sampleProcesses, type Role, type RoleUse } from "./process-memory";
import { integerFlag } from "./flags";
import { forms, installPlugin, type Case, type Form, type Project } from "./startup-forms";

const { values } = parseArgs({
  options: {
    reps: { type: "string", default: "5" },
    cases: { type: "string", default: "preview,servers" },
    forms: { type: "string", default: "ts,yaml,python" },
    servers: { type: "string", default: "10" },
  },
});
const REPS = integerFlag("reps", values.reps, 1);

const CASES = values.cases.split(",").map((c) => {
  if (c !== "preview" && c !== "servers") throw new Error(`--cases: unknown case ${c}`);
  return c as Case;
});
const SERVERS = integerFlag("servers", values.servers, 1);

interface Run {
  firstRequestMs?: number;
  endMs: number;
  roles: Map<Role, RoleUse>;
}

/** Marks the time of the first request the emulator serves after `reset()`. */
function firstRequests(emulator: Emulator) {
  let first: number | undefined;
  const target = emulator as unknown as { serve: (...args: unknown[]) => unknown };
  const serve = target.serve.bind(emulator);
  target.serve = (...args) => {
    first ??= performance.now();
    return serve(...args);
  };
  return {
    reset: () => (first = undefined),
    at: () => first,
  };
}

function pulumi(project: Project, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", [...args, ...project.stackArgs, "--non-interactive"], {
      cwd: project.cwd,
      env: project.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function must(project: Project, args: string[]): Promise<string> {
  const { code, output } = await pulumi(project, args);
  if (code !== 0) throw new Error(`pulumi ${args.join(" ")} (${project.name}) failed:\n${output}`);
  return output;
}

const COMMANDS: Record<Case, string[]> = {
  preview: ["preview", "--expect-no-changes"],
  servers: ["up", "--yes", "--skip-preview", "--parallel", "64"],
};

async function timed(project: Project, c: Case, marks: ReturnType<typeof firstRequests>): Promise<Run> {
  marks.reset();
  const stop = sampleProcesses();
  const started = performance.now();
  await must(project, COMMANDS[c]);
  const endMs = performance.now() - started;
  const roles = stop();
  const first = marks.at();
  return { firstRequestMs: first === undefined ? undefined : first - started, endMs, roles };
}

// --- Statistics and printing -----------------------------------------------------------------------

function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
const secs = (ms: number | undefined) => (ms === undefined ? "—" : `${(ms / 1000).toFixed(2)} s`);
const ROLES: Role[] = ["pulumi CLI", "language host", "program", "provider process"];
const SHORT: Record<string, string> = {
  "pulumi CLI": "CLI",
  "language host": "host",
  program: "program",
  "provider process": "provider",
};

function row(label: string, runs: Run[]): string[] {
  const firsts = runs.flatMap((r) => (r.firstRequestMs === undefined ? [] : [r.firstRequestMs]));
  const cpu = (role: Role) => median(runs.map((r) => r.roles.get(role)?.cpuS ?? 0))!;
  const mem = (role: Role) => median(runs.map((r) => r.roles.get(role)?.peakMb ?? 0))!;
  const total = median(runs.map((r) => ROLES.reduce((s, role) => s + (r.roles.get(role)?.cpuS ?? 0), 0)))!;
  const present = ROLES.filter((role) => runs.some((r) => r.roles.has(role)));
  return [
    label,
    secs(median(firsts)),
    secs(median(runs.map((r) => r.endMs))),
    `${total.toFixed(2)} (${present.map((role) => `${SHORT[role]} ${cpu(role).toFixed(2)}`).join(", ")})`,
    present.map((role) => `${SHORT[role]} ${mem(role).toFixed(0)}`).join(", "),
  ];
}

function table(rows: string[][]): string {
  const head = ["form", "first request", "end", "CPU-s (per process)", "peak MB (per process)"];
  const all = [head, head.map(() => "---"), ...rows];
  return all.map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

// --- The run ---------------------------------------------------------------------------------------

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-bench-startup-"));
  const emulator = await startEmulator();
  const marks = firstRequests(emulator);
  try {
    const chosen = values.forms.split(",").map((f) => f.trim());
    const available: Form[] = [];
    for (const form of forms(SERVERS)) {
      if (!chosen.includes(form.key)) continue;
      const missing = form.missing();
      if (missing) console.log(`skipping ${form.label}: ${missing}`);
      else available.push(form);
    }
    if (available.some((form) => form.key !== "ts")) installPlugin(tmp);
    const load = os.loadavg().map((l) => l.toFixed(2));
    console.log(
      `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${load.join(" ")}; ` +
        `${REPS} repetitions, forms and floors interleaved, medians`,
    );
    for (const c of CASES) {
      // Each form's project for this case, and its floor (an empty program in its language).
      const runners: { label: string; project: Project }[] = [];
      for (const form of available) {
        runners.push({ label: form.label, project: await form.project(tmp, c, emulator) });
        runners.push({
          label: `${form.language}, empty program`,
          project: await form.floor(tmp, c, emulator),
        });
      }
      if (c === "preview")
        for (const { project } of runners) await must(project, ["up", "--yes", "--skip-preview"]);
      const runs = new Map<string, Run[]>(runners.map((r) => [r.label, []]));
      for (let rep = 0; rep < REPS; rep++) {
        const order = runners.map((_, i) => runners[(i + rep) % runners.length]!);
        for (const { label, project } of order) {
          runs.get(label)!.push(await timed(project, c, marks));
          if (c === "servers")
            await must(project, ["destroy", "--yes", "--skip-preview", "--parallel", "64"]);
        }
        process.stdout.write(".");
      }
      const title =
        c === "preview"
          ? "No-change preview of the demo's stack (11 resources)"
          : `pulumi up of ${SERVERS} servers from an image`;
      console.log(`\n\n${title}:\n`);
      console.log(table(runners.map(({ label }) => row(label, runs.get(label)!))));
    }
  } finally {
    await emulator.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(`bench:startup failed: ${err.message}`);
  process.exit(1);
});
