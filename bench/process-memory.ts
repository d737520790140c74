/**
 * Peak memory and CPU time of the processes a bench starts (Linux only: /proc): every 50 ms, the
 * descendants of this process, each one's peak resident set (`VmHWM`, which only grows, so the last
 * sample before a process ends is its peak) and its CPU time so far (user + system). Each process is
 * named for its role in a `pulumi` command: the CLI, the language host, the program (a Node or Python
 * process the host starts; Pulumi YAML runs its program inside its host), the provider process (the
 * dynamic provider host or the resource plugin). With the Automation API this process itself holds
 * an inline program and the in-process emulator.
 *
 * A process that ends between two samples loses up to 50 ms of CPU time from its figure.
 */
import * as fs from "node:fs";

export type Role =
  "pulumi CLI" | "language host" | "program" | "provider process" | "bench process" | "other";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

function roleOf(cmdline: string): Role {
  if (
    cmdline.includes("dynamic-provider") ||
    /pulumi-resource-compute|plugin\/main\.js|resource-compute-v[^/]*\/main\.js/.test(cmdline)
  )
    return "provider process";
  if (cmdline.includes("pulumi-language-")) return "language host";
  if (/@pulumi\/pulumi\/cmd\/run|pulumi\/cmd\/run|python[\d.]*\0/.test(cmdline)) return "program";
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

/** The fields of /proc/<pid>/stat after `(comm)`: comm may hold spaces and parentheses. */
function statFields(pid: number | string): string[] | undefined {
  const stat = read(`/proc/${pid}/stat`);
  return stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : undefined;
}

/** utime + stime, in seconds (fields 14 and 15 of stat, 12 and 13 after comm). */
function cpuSeconds(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : undefined;
}

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(statFields(entry)?.[1]);
    if (!Number.isInteger(ppid)) continue;
    byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
  }
  return byParent;
}

export interface RoleUse {
  /** The largest peak resident set of a process in the role, in MB. */
  peakMb: number;
  /** The CPU time of all processes in the role, in seconds. */
  cpuS: number;
  processes: number;
}

/** Samples until the function returned is called; it gives each role's use. */
export function sampleProcesses(everyMs = 50): () => Map<Role, RoleUse> {
  const seen = new Map<number, { role: Role; kb: number; cpu: number }>();
  const sample = () => {
    if (!fs.existsSync("/proc/self/status")) return;
    const byParent = children();
    const todo = [process.pid];
    while (todo.length > 0) {
      const pid = todo.pop()!;
      todo.push(...(byParent.get(pid) ?? []));
      const kb = peakKb(pid);
      const cpu = cpuSeconds(pid);
      if (kb === undefined || cpu === undefined) continue;
      const before = seen.get(pid);
      const role =
        before?.role ?? (pid === process.pid ? "bench process" : roleOf(read(`/proc/${pid}/cmdline`) ?? ""));
      seen.set(pid, { role, kb: Math.max(kb, before?.kb ?? 0), cpu: Math.max(cpu, before?.cpu ?? 0) });
    }
  };
  const started = new Map<number, number>();
  sample();
  // CPU already spent by processes alive at the start (this one) is not the measured command's.
  for (const [pid, { cpu }] of seen) started.set(pid, cpu);
  const timer = setInterval(sample, everyMs);
  return () => {
    sample();
    clearInterval(timer);
    const byRole = new Map<Role, RoleUse>();
    for (const [pid, { role, kb, cpu }] of seen) {
      if (role === "other") continue;
      const use = byRole.get(role) ?? { peakMb: 0, cpuS: 0, processes: 0 };
      byRole.set(role, {
        peakMb: Math.max(use.peakMb, kb / 1024),
        cpuS: use.cpuS + cpu - (started.get(pid) ?? 0),
        processes: use.processes + 1,
      });
    }
    return byRole;
  };
}

/** Samples until the function returned is called; it gives the largest peak seen per role, in MB. */
export function samplePeakMemory(): () => Map<Role, number> {
  const stop = sampleProcesses(100);
  return () => new Map([...stop()].map(([role, use]) => [role, use.peakMb]));
}
