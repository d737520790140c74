/**
 * `pulumi up` by hand: the real `pulumi` CLI, as a child process, in the repository's own project
 * directory (Pulumi.yaml: the example program, run by the Node language host), against an
 * in-process emulator. Nothing is written into the repository: the backend and PULUMI_HOME are
 * temporary directories, and the stack's config file is a temporary file (`--config-file`).
 * The CLI and the Node language host must be on PATH (`npm test` puts them there through
 * scripts/ensure-pulumi): this test fails, never skips, without them.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { vpcEndpoints } from "../../src/contract";
import { collect, ComputeClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { cliEnv, requireLanguageHost, requirePulumiCli, run } from "./harness";
import { cachedKeys } from "../support/code-cache";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const PROJECT = /^name:\s*(\S+)/m.exec(fs.readFileSync(path.join(ROOT, "Pulumi.yaml"), "utf8"))![1]!;
const VPC = "pulumi-nodejs:dynamic/compute:Vpc";
const ROOT_PASS = "Project-dir-test-42!";
const SUBNET = "pulumi-nodejs:dynamic/compute:Subnet";

interface Declared {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

/** The resources the example program declares, and its exports: the program run under Pulumi's mocks. */
async function declaredByProgram(): Promise<{ resources: Declared[]; exports: string[] }> {
  const resources: Declared[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        const inputs = Object.fromEntries(Object.entries(args.inputs).filter(([k]) => !k.startsWith("__")));
        resources.push({ type: args.type, name: args.name, inputs });
        return { id: `mock-id-of-${args.name}`, state: inputs };
      },
      call: (args) => args.inputs,
    },
    PROJECT,
    "mock",
    false,
  );
  // The program reads its root password from the stack and picks its image with a data function.
  pulumi.runtime.setAllConfig({ [`${PROJECT}:rootPass`]: ROOT_PASS });
  Object.assign(process.env, { COMPUTE_API_URL: emulator.url, COMPUTE_TOKEN: emulator.token });
  const { demoProgram } = await import("../../examples/program");
  const result = (await demoProgram()) as Record<string, unknown>;
  await new Promise((resolve) => pulumi.output(result).apply(resolve));
  return { resources, exports: Object.keys(result).sort() };
}

let emulator: Emulator;
let client: ComputeClient;
let tmp: string;
let stackName: string;
let configFile: string;
let env: NodeJS.ProcessEnv;
const leftInRepo = () =>
  [ROOT, path.join(ROOT, "examples")]
    .map((dir) => path.join(dir, `Pulumi.${stackName}.yaml`))
    .filter((f) => fs.existsSync(f));
const vpcs = () => collect(client.each(vpcEndpoints.listVpcs));
const pulumiCli = (...args: string[]) =>
  run("pulumi", [...args, "--stack", stackName, "--config-file", configFile, "--non-interactive"], ROOT, env);
/** The summary of an update-like operation run with --json: its last `summaryEvent`. */
function summary(stdout: string): Record<string, number> {
  const events = stdout
    .split("\n")
    .filter((line) => line.startsWith('{"sequence"'))
    .map((line) => JSON.parse(line) as { summaryEvent?: { resourceChanges: Record<string, number> } });
  const last = events.filter((e) => e.summaryEvent).pop();
  if (!last) throw new Error(`no summary event in:\n${stdout}`);
  return last.summaryEvent!.resourceChanges;
}

beforeAll(async () => {
  requirePulumiCli();
  requireLanguageHost();
  // Lifecycles (instances booting, disks getting ready) run 20 times faster than real time.
  emulator = await startEmulator({ speed: 20 });
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-project-dir-"));
  fs.mkdirSync(path.join(tmp, "init"));
  stackName = `project-dir-${path.basename(tmp).slice(-6).toLowerCase()}`;
  env = cliEnv(tmp, "project-directory-test");
  // The temp directory of the program and provider processes, where their code caches go: the test's.
  env.TMPDIR = path.join(tmp, "t");
  fs.mkdirSync(env.TMPDIR);
  // `stack init` has no --config-file: it writes the stack's config file (the passphrase salt) next
  // to the Pulumi.yaml it finds. Run it beside a copy of the repository's Pulumi.yaml (same project),
  // and use the file it writes as the config file of every later command run in the repository.
  fs.copyFileSync(path.join(ROOT, "Pulumi.yaml"), path.join(tmp, "init", "Pulumi.yaml"));
  await run("pulumi", ["stack", "init", stackName, "--non-interactive"], path.join(tmp, "init"), env);
  configFile = path.join(tmp, "init", `Pulumi.${stackName}.yaml`);
  expect(fs.existsSync(configFile)).toBe(true);
});

afterAll(async () => {
  await emulator?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

afterEach(() => {
  expect(leftInRepo()).toEqual([]);
});

test("config set writes the credentials into the stack's config file, the token encrypted", async () => {
  await pulumiCli("config", "set", "compute:apiUrl", emulator.url);
  await pulumiCli("config", "set", "--secret", "compute:token", emulator.token);
  await pulumiCli("config", "set", "--secret", "rootPass", ROOT_PASS);
  const text = fs.readFileSync(configFile, "utf8");
  expect(text).toContain(emulator.url);
  expect(text).not.toContain(emulator.token);
  expect(text).not.toContain(ROOT_PASS);
  expect(text).toMatch(/compute:token:\s+secure: /);
});

test("up creates what the example program declares, and exports its outputs", async () => {
  const declared = await declaredByProgram();
  const declaredVpcs = declared.resources.filter((r) => r.type === VPC);
  const declaredSubnets = declared.resources.filter((r) => r.type === SUBNET);
  expect(declaredVpcs.length).toBeGreaterThan(0);

  const out = await pulumiCli("up", "--yes", "--json");
  expect(summary(out)).toEqual({ create: declared.resources.length + 1 }); // + the stack

  const actual = await vpcs();
  expect(actual).toHaveLength(declaredVpcs.length);
  for (const d of declaredVpcs) {
    const vpc = actual.find((v) => v.label === d.inputs.label);
    const { region, description } = d.inputs;
    expect(vpc).toMatchObject({ region, ...(description === undefined ? {} : { description }) });
    const subnets = declaredSubnets.filter((s) => s.inputs.vpcId === `mock-id-of-${d.name}`);
    expect(vpc!.subnets.map((s) => [s.label, s.ipv4]).sort()).toEqual(
      subnets.map((s) => [s.inputs.label, s.inputs.ipv4]).sort(),
    );
  }

  // The stack's outputs, from the checkpoint in the temporary backend.
  const checkpoint = JSON.parse(
    fs.readFileSync(path.join(tmp, "state", ".pulumi", "stacks", PROJECT, `${stackName}.json`), "utf8"),
  ) as { checkpoint: { latest: { resources: { type: string; outputs?: Record<string, unknown> }[] } } };
  const stack = checkpoint.checkpoint.latest.resources.find((r) => r.type === "pulumi:pulumi:Stack");
  expect(Object.keys(stack!.outputs ?? {}).sort()).toEqual(declared.exports);

  // The program's data function and the provider process each loaded the package's bundle of what
  // they run, and wrote its code cache.
  expect(await cachedKeys(env.TMPDIR!, "functions/client-side.bundle.js")).toEqual(["getImage"]);
  expect(await cachedKeys(env.TMPDIR!, "provider/runtime.bundle.js")).toEqual(
    expect.arrayContaining(["Vpc.create", "Instance.create"]),
  );
});

test("a second preview, and a refresh, report no changes", async () => {
  const preview = JSON.parse(await pulumiCli("preview", "--expect-no-changes", "--json")) as {
    changeSummary: Record<string, number>;
  };
  expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  const refresh = await pulumiCli("refresh", "--yes", "--expect-no-changes", "--json");
  expect(Object.keys(summary(refresh))).toEqual(["same"]);
});

test("the example's servers both run when up has returned", async () => {
  const instances = (await client.api.listInstances()).data;
  expect(instances.map((i) => [i.label, i.status]).sort()).toEqual([
    ["demo-db", "running"],
    ["demo-web", "running"],
  ]);
});

test("destroy leaves the emulator with no VPCs and no instances", async () => {
  const out = await pulumiCli("destroy", "--yes", "--json");
  expect(Object.keys(summary(out))).toEqual(["delete"]);
  expect(await vpcs()).toEqual([]);
  expect((await client.api.listInstances()).data).toEqual([]);
});
