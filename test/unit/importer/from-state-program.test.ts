/**
 * `compute-import --from-terraform FILE --typescript`: against an emulator holding what the upstream
 * Terraform provider made (test/fixtures/terraform), the TypeScript program declaring exactly the
 * objects the state manages, each with the `import` option; what the state holds that the account
 * does not, and what the program cannot declare, one line each; and the usage rules of the flag.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ComputeClient } from "../../../src/client";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { runCommand } from "../../../src/importer/command";
import {
  emulatorStateCopy,
  TERRAFORM_STATE,
  terraformAttributes,
  terraformId,
} from "../../support/terraform-fixture";

let emulator: Emulator;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-from-state-"));
  emulator = await startEmulator({ dataFile: emulatorStateCopy(tmp) });
});
afterAll(async () => {
  await emulator?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  const stderr: string[] = [];
  const io = {
    stdout: (text: string) => void (stdout += text),
    stderr: (line: string) => void stderr.push(line),
  };
  const code = await runCommand(argv, env, io, { retry: { baseDelayMs: 1, maxDelayMs: 5 } });
  return { code, stdout, stderr };
}

it("writes the TypeScript program of the state's objects, naming what it leaves out", async () => {
  const state = JSON.parse(fs.readFileSync(TERRAFORM_STATE, "utf8")) as {
    resources: { type: string; instances: { attributes: { id: string } }[] }[];
  };
  // A token the state manages: the program declares none.
  state.resources.push({
    type: "linode_token",
    name: "ci",
    mode: "managed",
    instances: [{ attributes: { id: "77" } }],
  } as never);
  const file = path.join(tmp, "terraform.tfstate");
  fs.writeFileSync(file, JSON.stringify(state));
  // An object the state holds that is gone from the account.
  const client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
  const sshKey = terraformId("linode_sshkey.laptop");
  await client.api.deleteProfileSshKey({ params: { sshKeyId: Number(sshKey) } });

  const env = { COMPUTE_API_URL: emulator.url, COMPUTE_TOKEN: emulator.token };
  const { code, stdout, stderr } = await run(["--from-terraform", file, "--typescript"], env);
  expect(code).toBe(0);
  expect(stderr).toEqual([
    "compute-import: not imported: terraform_data.marker: no Compute kind for terraform_data",
    "compute-import: not imported: linode_token.ci: the program declares no Token (give it the `import` option, ID 77)",
    `compute-import: not imported: linode_sshkey.laptop: no SshKey ${sshKey} in the account`,
  ]);
  expect(stdout).toContain("Selected: the objects terraform.tfstate manages");
  const declared = [...stdout.matchAll(/new compute\.(\w+)\(\s*"[^"]+"[\s\S]*?\{ import: "([^"]+)" \}/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  const config = terraformAttributes("linode_instance_config.db_boot");
  expect(declared.sort()).toEqual(
    [
      `StackScript ${terraformId("linode_stackscript.setup")}`,
      `Vpc ${terraformId("linode_vpc.net")}`,
      `Subnet ${terraformId("linode_vpc_subnet.app")}`,
      `Instance ${terraformId("linode_instance.web")}`,
      `Instance ${terraformId("linode_instance.db")}`,
      `InstanceDisk ${terraformId("linode_instance_disk.db_root")}`,
      `InstanceConfig ${String(config.id)}`,
      ...(config.interface as { id: number }[]).map((nic) => `ConfigInterface ${nic.id}`),
    ].sort(),
  );
  expect(stdout).toContain('new compute.Instance(\n  "legacy-web",');
  // IDs of declared objects are references.
  expect(stdout).toContain("vpcId: legacyNet.id");
  expect(stdout).not.toContain(emulator.token);
});

it.each([
  [["--typescript"], /--typescript goes with --from-terraform or --from-pulumi-linode/],
  [["--from-terraform", "x", "--typescript", "--kinds", "Vpc"], /--kinds does not go with --from-terraform/],
  [["--from-terraform", "x", "--typescript"], /the API URL is missing/],
])("a usage error: %j", async (argv, message) => {
  const { code, stderr } = await run(argv);
  expect(code).toBe(2);
  expect(stderr).toEqual([expect.stringMatching(message)]);
});
