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
import {
  emulatorStateCopy,
  TERRAFORM_STATE,
  terraformAttributes,
  terraformId,
} from "../support/terraform-fixture";
import { writeLines } from "../support/writes";
import { run, userProject, type UserProject } from "./harness";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const TYPE = "pulumi-nodejs:dynamic/compute:";

let tmp: string;
let emulator: Emulator;
let control: ControlClient;
let project: UserProject;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-from-terraform-ts-"));
  emulator = await startEmulator({ dataFile: emulatorStateCopy(tmp) });
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
  await run("node", [cli, "--from-terraform", TERRAFORM_STATE, "--typescript", "--out", out], project.dir, {
    ...project.env,
    COMPUTE_API_URL: emulator.url,
    COMPUTE_TOKEN: emulator.token,
  });
  expect(fs.readFileSync(out, "utf8").match(/\{ import: "[^"]+" \}/g)).toHaveLength(10);

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
  ).toEqual(
    [
      `Instance ${terraformId("linode_instance.db")}`,
      `Instance ${terraformId("linode_instance.web")}`,
      `InstanceConfig ${terraformId("linode_instance_config.db_boot")}`,
      ...(terraformAttributes("linode_instance_config.db_boot").interface as { id: number }[]).map(
        (nic) => `ConfigInterface ${nic.id}`,
      ),
      `InstanceDisk ${terraformId("linode_instance_disk.db_root")}`,
      `SshKey ${terraformId("linode_sshkey.laptop")}`,
      `StackScript ${terraformId("linode_stackscript.setup")}`,
      `Subnet ${terraformId("linode_vpc_subnet.app")}`,
      `Vpc ${terraformId("linode_vpc.net")}`,
    ].sort(),
  );
  await control.clearRequests();
  await project.pulumi("preview", "--expect-no-changes");
  expect(await writeLines(control)).toEqual([]);
});
