/**
 * Timing the `pulumi` CLI processes the Automation API runs (the benches' headline is the `pulumi up`
 * process, not the Automation API calls around it).
 */
import type { PulumiCommand } from "@pulumi/pulumi/automation";

export interface CliCall {
  command: string;
  ms: number;
}
const cliCalls: CliCall[] = [];

/** `up`, `stack init`, `config set`, ...: the subcommand without its arguments. */
function commandName(args: string[]): string {
  const [first, second] = args;
  return (first === "stack" || first === "config") && second && !second.startsWith("-")
    ? `${first} ${second}`
    : (first ?? "?");
}

type Run = (args: string[], ...rest: unknown[]) => Promise<unknown>;

/** Records the duration of every CLI process the Automation API runs through `cmd`. `run` is not in
 * the type declarations of @pulumi/pulumi (it is what LocalWorkspace and Stack call). */
export function timeCommands(cmd: PulumiCommand): PulumiCommand {
  const target = cmd as unknown as { run?: Run };
  const run = target.run;
  if (typeof run !== "function") {
    throw new Error("PulumiCommand has no run() in this version of @pulumi/pulumi: cannot time CLI calls");
  }
  target.run = async (args, ...rest) => {
    const command = commandName(args);
    const started = performance.now();
    try {
      return await run.call(cmd, args, ...rest);
    } finally {
      cliCalls.push({ command, ms: performance.now() - started });
    }
  };
  return cmd;
}

/** Runs `fn`, returning its wall time and the CLI calls it made. */
export async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; calls: CliCall[] }> {
  const from = cliCalls.length;
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started, calls: cliCalls.slice(from) };
}

export function msOf(calls: CliCall[], command: string): number {
  const found = calls.filter((c) => c.command === command);
  if (found.length !== 1) throw new Error(`expected one \`pulumi ${command}\` call, saw ${found.length}`);
  return found[0]!.ms;
}
