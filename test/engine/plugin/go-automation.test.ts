/**
 * A Go Automation API inline program on the generated Go SDK (sdk/go/compute, program in
 * go-automation/) creates a VPC, a subnet and an instance through the real CLI and the resource plugin against
 * the emulator, previews no change, and destroys them. The program is built once and cached
 * (scripts/ensure-go-automation: minutes on a cold Go build cache, then seconds after an SDK change).
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collect, ComputeClient } from "../../../src/client";
import { instanceEndpoints, vpcEndpoints } from "../../../src/contract";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { ROOT_PASS } from "../../support/compute";
import { cliEnv, requirePulumiCli } from "../harness";

const ROOT = path.resolve(__dirname, "../../..");
const BUILD_TIMEOUT = 20 * 60_000;

jest.setTimeout(180_000);

let emulator: Emulator;
let client: ComputeClient;
let program: string;
let tmp: string;
let env: NodeJS.ProcessEnv;

interface Result {
  summary: Record<string, number>;
  outputs?: Record<string, unknown>;
}

const run = (command: string): Promise<Result> =>
  new Promise((resolve, reject) =>
    execFile(program, [command], { env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`go-automation ${command} failed:\n${stdout}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split("\n").pop()!) as Result);
    }),
  );

beforeAll(async () => {
  requirePulumiCli();
  program = execFileSync(path.join(ROOT, "scripts/ensure-go-automation"), {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: BUILD_TIMEOUT,
  })
    .trim()
    .split("\n")
    .pop()!;
  emulator = await startEmulator();
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-go-automation-"));
  fs.mkdirSync(path.join(tmp, "work"));
  env = {
    ...cliEnv(tmp),
    COMPUTE_WORK_DIR: path.join(tmp, "work"),
    COMPUTE_PLUGIN_DIR: path.join(ROOT, "bin"),
    COMPUTE_STACK_API_URL: emulator.url,
    COMPUTE_STACK_TOKEN: emulator.token,
    COMPUTE_ROOT_PASS: ROOT_PASS,
  };
}, BUILD_TIMEOUT);

afterAll(async () => {
  await emulator?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("up creates the VPC and a running instance; the outputs hold their IDs", async () => {
  const { summary, outputs } = await run("up");
  expect(summary).toEqual({ create: 4 });
  const [vpc, ...otherVpcs] = await collect(client.each(vpcEndpoints.listVpcs));
  const [instance, ...otherInstances] = await collect(client.each(instanceEndpoints.listInstances));
  expect([otherVpcs, otherInstances]).toEqual([[], []]);
  expect(vpc).toMatchObject({ label: "go-net", region: "us-iad" });
  expect(instance).toMatchObject({ label: "go-web", status: "running" });
  // The subnet's vpcId, typed string by the schema, reads back through the SDK as the VPC's ID.
  expect(outputs).toEqual({
    vpcId: String(vpc!.id),
    subnetVpcId: String(vpc!.id),
    instanceId: String(instance!.id),
    status: "running",
    memory: `int ${instance!.specs.memory}`,
  });
});

test("a preview of the same program shows no change", async () => {
  expect((await run("preview")).summary).toEqual({ same: 4 });
});

test("the state holds no plaintext of the root password or the token", async () => {
  const state = fs
    .readdirSync(path.join(tmp, "state"), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".json"))
    .map((f) => fs.readFileSync(path.join(tmp, "state", f), "utf8"))
    .join("\n");
  expect(state).toContain("go-web");
  expect(state).not.toContain(ROOT_PASS);
  expect(state).not.toContain(emulator.token);
});

test("destroy leaves nothing", async () => {
  expect((await run("destroy")).summary).toEqual({ delete: 4 });
  expect(await collect(client.each(vpcEndpoints.listVpcs))).toEqual([]);
  expect(await collect(client.each(instanceEndpoints.listInstances))).toEqual([]);
});
