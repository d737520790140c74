/** The emulator CLI as a child process (through ts-node, so no build is needed), for crash tests. */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";

const ROOT = path.resolve(__dirname, "../..");
const CLI = path.join(ROOT, "src/emulator/cli.ts");

export interface EmulatorProcess {
  child: ChildProcess;
  /** The API base URL (ending in /v4). */
  url: string;
  /** The token the CLI printed when it generated one. */
  generatedToken?: string;
  /** Sends `signal` and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startEmulatorProcess(args: string[], timeoutMs = 30_000): Promise<EmulatorProcess> {
  const child = spawn(
    process.execPath,
    ["-r", require.resolve("ts-node/register/transpile-only"), CLI, "--port", "0", ...args],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, TS_NODE_PROJECT: "tsconfig.json" },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop("SIGKILL");
      reject(new Error(`emulator did not start within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    const fail = () => {
      clearTimeout(timer);
      reject(new Error(`emulator exited before listening: ${stderr}`));
    };
    child.once("exit", fail);
    let url: string | undefined;
    let generatedToken: string | undefined;
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      url ??= /listening on (\S+)/.exec(line)?.[1];
      generatedToken ??= /token \(generated\): (\S+)/.exec(line)?.[1];
      if (line.startsWith("Control API:") && url) {
        clearTimeout(timer);
        child.off("exit", fail);
        resolve({ child, url, generatedToken, stop });
      }
    });
  });
}
