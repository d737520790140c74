/**
 * The way in from Terraform for a TypeScript program (the classes cannot be imported by
 * `pulumi import --file`): the emulator starts holding what the upstream Terraform provider made
 * (test/fixtures/terraform), `compute-import --from-terraform terraform.tfstate --typescript` (the
 * package's bin) writes the program of the state's objects, and `pulumi up` adopts them with no write
 * to the API; the preview after it finds nothing to change.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ControlClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { writeLines } from "../support/writes";
import { run, userProject, type UserProject } from "./harness";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const FIXTURE = path.join(ROOT, "test/fixtures/terraform");
const TYPE = "pulumi-nodejs:dynamic/compute:";

let tmp: string;
let emulator: Emulator;
let control: ControlClient;
let project: UserProject;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-from-terraform-ts-"));
  const data = path.join(tmp, "emulator-state.json");
  fs.copyFileSync(path.join(FIXTURE, "emulator-state.json"), data);
  emulator = await startEmulator({ dataFile: data });
  control = new ControlClient(emulator.controlUrl);
  project = await userProject("from-terraform-ts", emulator);
});
afterAll(async () => {
  await emulator?.close();
  project?.dispose();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("the state's objects, adopted by `pulumi up` from the program compute-import writes, with no write", async () => {
  const out = path.join(project.dir, "index.ts");
  const cli = path.join(ROOT, "dist/importer/cli.js");
  const state = path.join(FIXTURE, "terraform.tfstate");
  await run("node", [cli, "--from-terraform", state, "--typescript", "--out", out], project.dir, {
    ...project.env,
    COMPUTE_API_URL: emulator.url,
    COMPUTE_TOKEN: emulator.token,
  });
  expect(fs.readFileSync(out, "utf8").match(/\{ import: "[^"]+" \}/g)).toHaveLength(8);

  await control.clearRequests();
  await project.pulumi("up", "--yes", "--skip-preview");
  expect(await writeLines(control)).toEqual([]);
  const exported = JSON.parse(await project.pulumi("stack", "export")) as {
    deployment: { resources: { type: string; id?: string }[] };
  };
  expect(
    exported.deployment.resources
      .filter((r) => r.type.startsWith(TYPE))
      .map((r) => `${r.type.slice(TYPE.length)} ${r.id}`)
      .sort(),
  ).toEqual([
    "Instance 1",
    "Instance 2",
    "InstanceConfig 2",
    "InstanceDisk 3",
    "SshKey 1",
    "StackScript 1",
    "Subnet 1",
    "Vpc 1",
  ]);
  await control.clearRequests();
  await project.pulumi("preview", "--expect-no-changes");
  expect(await writeLines(control)).toEqual([]);
});
