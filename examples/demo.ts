/**
 * `npm run demo`: a real `pulumi up --yes --skip-preview` of the example program, run as `pulumi up`
 * runs by hand in this directory (Pulumi.yaml → examples/index.ts, through the Node language host), on a local
 * file-backed stack kept in .pulumi-demo/. Starts the embedded emulator (state kept in
 * .pulumi-demo/emulator.json) unless COMPUTE_API_URL and COMPUTE_TOKEN point at an API. Running it
 * again reports no changes.
 *
 * Kept cheap around the `up`: no Automation API (its stack selection, `pulumi version`, config and
 * output calls each start the CLI), credentials through the environment (the provider reads
 * COMPUTE_API_URL and COMPUTE_TOKEN), the stack created only on the first run, and only the
 * emulator loaded from the package (not the whole SDK).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Emulator } from "../src/emulator";

const root = path.resolve(__dirname, "..");
const work = path.join(root, ".pulumi-demo");
const STACK = "dev";
/** `pulumi stack init` writes the stack's config file (the passphrase salt) beside the Pulumi.yaml it
 * finds: it runs beside a copy of the project's, in here, and every command uses that file. */
const stackDir = path.join(work, "stack");
const configFile = path.join(stackDir, `Pulumi.${STACK}.yaml`);

interface Run {
  code: number;
  output: string;
}

function pulumi(args: string[], cwd: string, env: NodeJS.ProcessEnv, capture = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, {
      cwd,
      env,
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main(): Promise<number> {
  for (const dir of ["state", "home", "stack"]) fs.mkdirSync(path.join(work, dir), { recursive: true });

  let apiUrl = process.env.COMPUTE_API_URL;
  let token = process.env.COMPUTE_TOKEN;
  let emulator: Emulator | undefined;
  if (!apiUrl) {
    const { startEmulator } = require("pulumi-compute/emulator") as typeof import("../src/emulator");
    emulator = await startEmulator({ dataFile: path.join(work, "emulator.json") });
    apiUrl = emulator.url;
    token = emulator.token;
    console.log(`Started the embedded emulator at ${apiUrl}`);
  }
  if (!token) throw new Error("COMPUTE_API_URL is set but COMPUTE_TOKEN is not");

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
    PULUMI_HOME: path.join(work, "home"),
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "compute-demo",
    COMPUTE_API_URL: apiUrl,
    COMPUTE_TOKEN: token,
  };
  // Ctrl-C reaches `pulumi` too: let it cancel cleanly while the emulator keeps answering.
  const ignore = () => {};
  process.on("SIGINT", ignore);
  try {
    if (!fs.existsSync(configFile)) {
      fs.copyFileSync(path.join(root, "Pulumi.yaml"), path.join(stackDir, "Pulumi.yaml"));
      const init = await pulumi(["stack", "init", STACK, "--non-interactive"], stackDir, env, true);
      // A stack left by an earlier demo: `up` writes a new config file for it.
      if (init.code !== 0 && !/already exists/.test(init.output)) throw new Error(init.output.trim());
    }
    // The servers' root password: a stack secret, made once (the file holds it encrypted).
    if (!fs.readFileSync(configFile, "utf8").includes("compute-demo:rootPass")) {
      const rootPass = `${randomBytes(18).toString("base64url")}-Aa1`;
      const set = await pulumi(
        [
          "config",
          "set",
          "--secret",
          "rootPass",
          "--stack",
          STACK,
          "--config-file",
          configFile,
          "--non-interactive",
          "--",
          rootPass,
        ],
        root,
        env,
        true,
      );
      if (set.code !== 0) throw new Error(set.output.trim());
    }
    const started = Date.now();
    const up = await pulumi(
      ["up", "--yes", "--skip-preview", "--stack", STACK, "--config-file", configFile, "--non-interactive"],
      root,
      env,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (up.code !== 0) return up.code;
    console.log(`pulumi up finished in ${seconds}s (state in ${path.relative(root, work)}/)`);
    return 0;
  } finally {
    process.off("SIGINT", ignore);
    await emulator?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`demo failed: ${err.message}`);
    process.exit(1);
  },
);
