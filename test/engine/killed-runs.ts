/**
 * What a test that SIGKILLs the `pulumi` CLI needs: the engine starts its plugins in process groups
 * of their own, and the language host outlives the CLI (it waits on its port forever), so their PIDs
 * are read from /proc before the kill and ended once the test is done with them.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The PIDs of a process's descendants, from /proc (Linux, where these tests run). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      // `pid (comm) state ppid ...`: the fields after the command's closing parenthesis.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone since the listing.
    }
  }
  const found: number[] = [];
  const visit = (p: number) => (parents.get(p) ?? []).forEach((child) => (found.push(child), visit(child)));
  visit(pid);
  return found;
}

/** Ends the processes a killed CLI left (by PID; those already gone are skipped). */
export function endLeftBehind(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `pulumi up` in `project` and SIGKILLs the CLI once `ready` holds (checked every 50 ms, for at
 * most a minute); the processes it leaves running are added to `leftBehind`. The stack stays locked.
 */
export async function killUpWhen(
  project: { dir: string; env: NodeJS.ProcessEnv },
  ready: () => Promise<boolean>,
  leftBehind: number[],
): Promise<void> {
  const cli = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive"], {
    cwd: project.dir,
    env: project.env,
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => cli.once("exit", resolve));
  try {
    for (let i = 0; !(await ready()); i++) {
      if (i > 1200) throw new Error("the moment to kill the CLI never came");
      await sleep(50);
    }
  } finally {
    if (cli.pid !== undefined) leftBehind.push(...descendants(cli.pid));
    cli.kill("SIGKILL");
  }
  await exited;
}

/** The kinds of the creates a journal directory holds as in flight (its entries name their kind). */
export function createsInFlight(journalDir: string): string[] {
  if (!fs.existsSync(journalDir)) return [];
  return fs
    .readdirSync(journalDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      try {
        return (JSON.parse(fs.readFileSync(path.join(journalDir, f), "utf8")) as { kind?: string }).kind;
      } catch {
        return undefined; // Removed since the listing: that create is no longer in flight.
      }
    })
    .filter((kind): kind is string => kind !== undefined);
}

/**
 * Another machine runs the stack from here on (a CI runner, a teammate): a PULUMI_HOME and a journal
 * of its own, both empty, in a directory added to `machines` (removed by the test); the stack is
 * selected, as a fresh home has none selected.
 */
export async function moveToFreshMachine(
  project: { env: NodeJS.ProcessEnv; pulumi(...args: string[]): Promise<unknown> },
  machines: string[],
): Promise<Machine> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "compute-machine-"));
  machines.push(base);
  const machine = { home: path.join(base, "home"), journal: path.join(base, "journal") };
  fs.mkdirSync(machine.home);
  useMachine(project, machine);
  await project.pulumi("stack", "select", "test");
  return machine;
}

/** A machine's PULUMI_HOME and journal of creates in flight. */
export interface Machine {
  home: string;
  journal: string;
}

/** The project runs on `machine` from here on (back on one it ran on before). */
export const useMachine = (project: { env: NodeJS.ProcessEnv }, machine: Machine): void =>
  void Object.assign(project.env, { PULUMI_HOME: machine.home, COMPUTE_JOURNAL_DIR: machine.journal });
