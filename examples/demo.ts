/**
 * `npm run demo`: a real `pulumi up --yes` of the example program on a local file-backed stack.
 * Starts the embedded emulator (state kept in .pulumi-demo/emulator.json) unless COMPUTE_API_URL
 * and COMPUTE_TOKEN point at an API. Running it again reports no changes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { emulator as emu } from "pulumi-compute";
import { demoProgram } from "./program";

const root = path.resolve(__dirname, "..");
const work = path.join(root, ".pulumi-demo");

async function main() {
  fs.mkdirSync(path.join(work, "state"), { recursive: true });
  fs.mkdirSync(path.join(work, "home"), { recursive: true });
  fs.mkdirSync(path.join(work, "project"), { recursive: true });

  let apiUrl = process.env.COMPUTE_API_URL;
  let token = process.env.COMPUTE_TOKEN;
  let emulator: emu.Emulator | undefined;
  if (!apiUrl) {
    emulator = await emu.startEmulator({ dataFile: path.join(work, "emulator.json") });
    apiUrl = emulator.url;
    token = emulator.token;
    console.log(`Started the embedded emulator at ${apiUrl}`);
  }
  if (!token) throw new Error("COMPUTE_API_URL is set but COMPUTE_TOKEN is not");

  try {
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "dev", projectName: "compute-demo", program: async () => demoProgram() },
      {
        workDir: path.join(work, "project"),
        pulumiHome: path.join(work, "home"),
        projectSettings: {
          name: "compute-demo",
          runtime: "nodejs",
          main: path.join(root, "examples"),
          backend: { url: `file://${path.join(work, "state")}` },
        },
        envVars: { PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "compute-demo" },
      },
    );
    await stack.setConfig("compute:apiUrl", { value: apiUrl });
    await stack.setConfig("compute:token", { value: token, secret: true });

    const started = Date.now();
    const result = await stack.up({ onOutput: (line) => process.stdout.write(line) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`\npulumi up finished in ${seconds}s: ${JSON.stringify(result.summary.resourceChanges)}`);
    console.log("Stack outputs:");
    for (const [name, output] of Object.entries(result.outputs)) {
      console.log(`  ${name}: ${JSON.stringify(output.value)}`);
    }
  } finally {
    await emulator?.close();
  }
}

main().catch((err: Error) => {
  console.error(`demo failed: ${err.message}`);
  process.exit(1);
});
