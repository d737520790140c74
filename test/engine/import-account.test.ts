/**
 * Bringing an existing account under management, as a user would: an account made directly through
 * the API; `compute-import --out index.ts` (the package's bin) in a project directory of its own;
 * the real `pulumi` CLI there. `up` writes nothing to the API and ends with every object in the
 * state; a preview and a refresh report no changes; `destroy` empties the account.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect, ComputeClient, ControlClient } from "../../src/client";
import {
  imageEndpoints,
  instanceEndpoints,
  profileSshKeyEndpoints,
  stackScriptEndpoints,
  vpcEndpoints,
} from "../../src/contract";
import { startEmulator, type Emulator } from "../../src/emulator";
import { seedSampleAccount, type SampleAccount } from "../support/sample-account";
import { run, userProject, type UserProject } from "./harness";
import { writeLines } from "../support/writes";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const TYPE = "pulumi-nodejs:dynamic/compute:";

let emulator: Emulator;
let client: ComputeClient;
let control: ControlClient;
let account: SampleAccount;
let project: UserProject;
const pulumiCli = (...args: string[]) => project.pulumi(...args);

/** The summary of an operation run with --json. */
function changes(stdout: string): Record<string, number> {
  const parsed = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { changeSummary?: Record<string, number> };
  return parsed.changeSummary ?? {};
}

beforeAll(async () => {
  emulator = await startEmulator({ speed: 20 });
  client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  control = new ControlClient(emulator.controlUrl);
  account = await seedSampleAccount(client, control);
  project = await userProject("imported", emulator);
});

afterAll(async () => {
  await emulator?.close();
  project?.dispose();
});

test("compute-import writes a program declaring every object with the import option", async () => {
  const out = path.join(project.dir, "index.ts");
  await run("node", [path.join(ROOT, "dist/importer/cli.js"), "--out", out], project.dir, project.env);
  const program = fs.readFileSync(out, "utf8");
  expect(program).toContain('import * as compute from "pulumi-compute";');
  expect(program).not.toContain(emulator.token);
  expect(program.match(/\{ import: "[^"]+" \}/g)).toHaveLength(14);
});

test("up writes nothing to the API and ends with every object in the state", async () => {
  await control.clearRequests();
  const started = Date.now();
  await pulumiCli("up", "--yes", "--skip-preview");
  const seconds = (Date.now() - started) / 1000;
  expect(await writeLines(control)).toEqual([]);
  const exported = JSON.parse(await pulumiCli("stack", "export")) as {
    deployment: { resources: { type: string; id?: string }[] };
  };
  const held = exported.deployment.resources
    .filter((r) => r.type.startsWith(TYPE))
    .map((r) => `${r.type.slice(TYPE.length)} ${r.id}`)
    .sort();
  const a = account;
  expect(held).toEqual(
    [
      `Vpc ${a.vpcId}`,
      `Subnet ${a.subnetIds.app}`,
      `Subnet ${a.subnetIds.data}`,
      `Instance ${a.webId}`,
      `Instance ${a.dbId}`,
      `InstanceDisk ${a.diskIds.root}`,
      `InstanceDisk ${a.diskIds.swap}`,
      `InstanceConfig ${a.configId}`,
      ...held.filter((h) => h.startsWith("ConfigInterface ")),
      `SshKey ${a.sshKeyId}`,
      `StackScript ${a.stackScriptId}`,
      `Image ${a.imageId}`,
      `Tag ${a.tag}`,
    ].sort(),
  );
  expect(held.filter((h) => h.startsWith("ConfigInterface "))).toHaveLength(2);
  console.log(`import-account: ${held.length} objects imported in ${seconds.toFixed(1)} s, 0 writes`);
});

test("a preview and a refresh right after report no changes", async () => {
  expect(changes(await pulumiCli("preview", "--expect-no-changes", "--json"))).toEqual({ same: 15 });
  await pulumiCli("refresh", "--yes", "--expect-no-changes");
  expect(await writeLines(control)).toEqual([]);
});

test("destroy empties the account", async () => {
  await pulumiCli("destroy", "--yes");
  expect(await collect(client.each(vpcEndpoints.listVpcs))).toEqual([]);
  expect(await collect(client.each(instanceEndpoints.listInstances))).toEqual([]);
  expect(await collect(client.each(profileSshKeyEndpoints.listProfileSshKeys))).toEqual([]);
  const scripts = await collect(
    client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }),
  );
  expect(scripts).toEqual([]);
  const images = await collect(client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
  expect(images).toEqual([]);
  expect((await client.api.listTags()).data).toEqual([]);
});
