/**
 * Peak memory of the processes a bench starts (Linux only: /proc): every 100 ms, the descendants of
 * this process and each one's peak resident set (`VmHWM`, which only grows, so the last sample before
 * a process ends is its peak). Each process is named for its role in a `pulumi` command: the CLI, the
 * Node language host, the dynamic provider process; this process itself holds an inline program (the
 * Automation API runs it here) and the in-process emulator.
 */
import * as fs from "node:fs";

export type Role = "pulumi CLI" | "language host" | "provider process" | "bench process" | "other";

function roleOf(cmdline: string): Role {
  if (cmdline.includes("dynamic-provider")) return "provider process";
  if (cmdline.includes("pulumi-language-nodejs")) return "language host";
  if (/(^|\/)pulumi\0/.test(cmdline)) return "pulumi CLI";
  return "other";
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined; // gone meanwhile
  }
}

function peakKb(pid: number): number | undefined {
  const match = /VmHWM:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? "");
  return match ? Number(match[1]) : undefined;
}

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) : NaN;
    if (!Number.isInteger(ppid)) continue;
    byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
  }
  return byParent;
}

/** Samples until the function returned is called; it gives the largest peak seen per role, in MB. */
export function samplePeakMemory(): () => Map<Role, number> {
  const peaks = new Map<number, { role: Role; kb: number }>();
  const sample = () => {
    if (!fs.existsSync("/proc/self/status")) return;
    const byParent = children();
    const todo = [process.pid];
    while (todo.length > 0) {
      const pid = todo.pop()!;
      todo.push(...(byParent.get(pid) ?? []));
      const kb = peakKb(pid);
      if (kb === undefined) continue;
      const role = pid === process.pid ? "bench process" : roleOf(read(`/proc/${pid}/cmdline`) ?? "");
      peaks.set(pid, { role, kb: Math.max(kb, peaks.get(pid)?.kb ?? 0) });
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    sample();
    clearInterval(timer);
    const byRole = new Map<Role, number>();
    for (const { role, kb } of peaks.values()) {
      if (role === "other") continue;
      byRole.set(role, Math.max(byRole.get(role) ?? 0, kb / 1024));
    }
    return byRole;
  };
}
