/**
 * The plugin started by hand, as to debug it (docs/development.md): `node dist/plugin/main.js` with
 * no argument prints its port, and `PULUMI_DEBUG_PROVIDERS=compute:PORT pulumi ...` runs against
 * that process (the engine attaches to it) instead of starting one. The project has no plugin
 * otherwise: no `plugins` entry, the repository's `bin` off PATH, no ambient plugins.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import { collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(120_000);

const MAIN = path.resolve(__dirname, "../../../dist/plugin/main.js");

let p: YamlProject;
let plugin: ChildProcess | undefined;
let pluginErr = "";

/** Starts the plugin with no argument (in the project's environment: its Pulumi home) and reads its port. */
function startPlugin(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [MAIN], { env, stdio: ["ignore", "pipe", "pipe"] });
  plugin = child;
  child.stderr!.on("data", (chunk) => (pluginErr += String(chunk)));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += String(chunk);
      const line = /^(\d+)\n/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    child.once("exit", (code) =>
      reject(new Error(`the plugin exited (${code}) before its port:\n${pluginErr}`)),
    );
  });
}

const labels = async () => (await collect(p.client.each(vpcEndpoints.listVpcs))).map((vpc) => vpc.label);

beforeAll(async () => {
  p = await yamlProject("plugin-attach", { plugin: "installed", speed: 20 });
});
afterAll(async () => {
  if (plugin && plugin.exitCode === null && plugin.signalCode === null) {
    const exited = new Promise((resolve) => plugin!.once("exit", resolve));
    process.kill(plugin.pid!, "SIGTERM");
    await exited;
  }
  await p?.dispose();
});

test("runs of pulumi one after another are served by the plugin started by hand, which outlives them", async () => {
  p.setProgram({ net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "attached" } } });
  // Without the debug setting, this project has no compute plugin.
  expect(await p.failing("preview")).toMatch(/compute/);

  const port = await startPlugin(p.env);
  p.env.PULUMI_DEBUG_PROVIDERS = `compute:${port}`;
  await p.pulumi("up", "--yes");
  expect(await labels()).toEqual(["attached"]);

  // A later run: the resource's line reaches that run's engine (its log, at the address it attached
  // with), and the check of the token is made again, as by a new plugin.
  p.setProgram({
    net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "attached" } },
    probed: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "probed" } },
  });
  await p.control.injectFault({ status: 503, count: 10, method: "GET", path: "/profile" });
  const shown = await p.pulumi("preview");
  await p.control.clearFaults();
  expect(shown).toMatch(
    /compute:index:Vpc \(probed\):\n\s+compute: the API could not confirm the token at preview \(\[503\]/,
  );

  await p.pulumi("destroy", "--yes");
  expect(await labels()).toEqual([]);
  // The engines ended their runs and went away: the plugin is still there, and said nothing of it.
  expect(plugin!.exitCode).toBeNull();
  expect(pluginErr).toBe("");
});
