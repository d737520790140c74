/**
 * What a test that SIGKILLs the `pulumi` CLI needs: the engine starts its plugins in process groups
 * of their own, and the language host outlives the CLI (it waits on its port forever), so their PIDs
 * are read from /proc before the kill and ended once the test is done with them.
 */
import * as fs from "node:fs";

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
