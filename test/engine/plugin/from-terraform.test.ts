/**
 * The way in from Terraform: the emulator starts holding what the upstream Terraform provider made
 * (test/fixtures/terraform, written by test/support/terraform-fixture.sh), `compute-import
 * --from-terraform` turns that provider's terraform.tfstate into the file `pulumi import --file`
 * takes, the CLI imports it into a YAML stack with the code it generates as the program, and neither
 * the import nor the preview and `up` after it write to the API.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runCommand } from "../../../src/importer/command";
import {
  emulatorStateCopy,
  TERRAFORM_STATE,
  terraformAttributes,
  terraformId,
} from "../../support/terraform-fixture";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(240_000);

let p: YamlProject;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-from-terraform-"));
  // The emulator writes to its data file: a copy, so the fixture stays as committed.
  p = await yamlProject("from-terraform", { dataFile: emulatorStateCopy(tmp) });
});
afterAll(async () => {
  await p?.dispose();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function convert(state: string) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCommand(
    ["--from-terraform", state],
    {},
    {
      stdout: (text) => stdout.push(text),
      stderr: (line) => stderr.push(line),
    },
  );
  return { code, file: stdout.join(""), stderr };
}

test("a Terraform state's objects are imported by `pulumi import --file`, then previewed and updated, with no write", async () => {
  const { code, file, stderr } = await convert(TERRAFORM_STATE);
  expect(code).toBe(0);
  // What maps to no Compute kind is named, not dropped.
  expect(stderr).toEqual([
    "compute-import: not imported: terraform_data.marker: no Compute kind for terraform_data",
  ]);
  const resources = (JSON.parse(file) as { resources: { type: string; name: string; id: string }[] })
    .resources;
  const [vpc, subnet, db, web, disk, config] = [
    "linode_vpc.net",
    "linode_vpc_subnet.app",
    "linode_instance.db",
    "linode_instance.web",
    "linode_instance_disk.db_root",
    "linode_instance_config.db_boot",
  ].map(terraformId);
  const [eth0, eth1] = (
    terraformAttributes("linode_instance_config.db_boot").interface as { id: number }[]
  ).map((nic) => nic.id);
  expect(resources.map((r) => `${r.type} ${r.name} ${r.id}`)).toEqual([
    `compute:index:SshKey laptop ${terraformId("linode_sshkey.laptop")}`,
    `compute:index:StackScript setup ${terraformId("linode_stackscript.setup")}`,
    `compute:index:Vpc net ${vpc}`,
    `compute:index:Subnet app ${vpc}/${subnet}`,
    `compute:index:Instance db ${db}`,
    `compute:index:Instance web ${web}`,
    `compute:index:InstanceDisk db_root ${db}/${disk}`,
    `compute:index:InstanceConfig db_boot ${db}/${config}`,
    `compute:index:ConfigInterface db_boot-eth0 ${db}/${config}/${eth0}`,
    `compute:index:ConfigInterface db_boot-eth1 ${db}/${config}/${eth1}`,
  ]);

  const importFile = path.join(tmp, "import.json");
  const program = path.join(tmp, "program.yaml");
  fs.writeFileSync(importFile, file);
  await p.control.clearRequests();
  await p.pulumi("import", "--file", importFile, "--out", program, "--yes", "--protect=false");
  expect(await p.writes()).toEqual([]);

  const state = await p.resources();
  const imported = state.filter((r) => r.type.startsWith("compute:index:"));
  expect(imported.map((r) => `${r.type} ${r.id}`).sort()).toEqual(
    resources.map((r) => `${r.type} ${r.id.split("/").pop()}`).sort(),
  );
  const byName = (name: string) => state.find((r) => r.urn.endsWith(`::${name}`))!;
  expect(byName("web").inputs).toMatchObject({
    label: "legacy-web",
    region: "us-iad",
    image: "compute/debian12",
  });
  expect(byName("app").inputs).toMatchObject({ vpcId: vpc, label: "app", ipv4: "10.0.1.0/24" });
  expect(byName("db_root").inputs).toMatchObject({ computeId: db, label: "root", size: 2048 });
  expect(byName("db_boot-eth1").inputs).toMatchObject({ computeId: db, configId: config, purpose: "vpc" });

  // The generated code, as the project's program: the preview finds nothing to change.
  const project = fs.readFileSync(path.join(p.dir, "Pulumi.yaml"), "utf8");
  const header = JSON.parse(project) as Record<string, unknown>;
  delete header.resources;
  delete header.outputs;
  // The project's settings (JSON values are YAML flow values), then the generated `resources:`.
  const settings = Object.entries(header).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  fs.writeFileSync(
    path.join(p.dir, "Pulumi.yaml"),
    `${settings.join("\n")}\n${fs.readFileSync(program, "utf8")}`,
  );
  await p.control.clearRequests();
  const preview = await p.pulumi("preview", "--expect-no-changes");
  expect(preview).toContain("11 unchanged"); // the stack and the 10 imported objects
  expect(await p.writes()).toEqual([]);
  // The `up` docs/migrating.md asks for right after the import: still nothing to change or write.
  await p.pulumi("up", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);

  // The import leaves an instance's tags out (docs/migrating.md): declaring the ones it holds is an
  // update that sends them once.
  const yaml = fs.readFileSync(path.join(p.dir, "Pulumi.yaml"), "utf8");
  const tagged = yaml.replace(/^( +)image: compute\/debian12\n/m, "$&$1tags: [legacy, web]\n");
  expect(tagged).not.toBe(yaml);
  fs.writeFileSync(path.join(p.dir, "Pulumi.yaml"), tagged);
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([`PUT /compute/instances/${web}`]);
  expect((await p.client.api.getInstance({ params: { computeId: Number(web) } })).tags).toEqual([
    "legacy",
    "web",
  ]);
});
