/**
 * compute-import's command line: usage, the API URL and token from flags or the environment (flags
 * win), the program on stdout or in --out, a selection, and errors as one line on stderr (2 for
 * usage, 1 for the API) that never hold the token; the bin itself, started as a process.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runCommand } from "../../../src/importer/command";
import { useEmulator } from "../../support/emulator";
import { seedSampleAccount } from "../../support/sample-account";

const t = useEmulator({ speed: 1000 });

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  const stderr: string[] = [];
  const io = {
    stdout: (text: string) => void (stdout += text),
    stderr: (line: string) => void stderr.push(line),
  };
  // Retries with near-zero backoff: an unreachable API fails at once.
  const code = await runCommand(argv, env, io, { retry: { baseDelayMs: 1, maxDelayMs: 5 } });
  return { code, stdout, stderr };
}

const account = () => ({ COMPUTE_API_URL: t.emulator.url, COMPUTE_TOKEN: t.emulator.token });

it("prints the usage with --help", async () => {
  const { code, stdout, stderr } = await run(["--help"]);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^Usage: compute-import /);
  expect(stdout).toContain("--kinds");
  expect(stderr).toEqual([]);
});

it.each([
  [[], {}, /API URL is missing: give --api-url or set COMPUTE_API_URL/],
  [["--api-url", "http://x/v4"], {}, /token is missing: give --token or set COMPUTE_TOKEN/],
  [["--api-url", "ftp://x"], { COMPUTE_TOKEN: "t" }, /must be http\(s\)/],
  [["--kinds", "Vpc,Router"], { COMPUTE_API_URL: "http://x/v4", COMPUTE_TOKEN: "t" }, /unknown kind Router/],
  [
    ["--language", "rust"],
    { COMPUTE_API_URL: "http://x/v4", COMPUTE_TOKEN: "t" },
    /--language: unknown language rust \(languages: typescript, python, go, yaml\)/,
  ],
  [["--frobnicate"], {}, /Unknown option '--frobnicate'/],
  [["extra"], {}, /Unexpected argument 'extra'/],
])("a usage error is exit code 2 and one line: %j", async (argv, env, message) => {
  const { code, stdout, stderr } = await run(argv, env);
  expect(code).toBe(2);
  expect(stdout).toBe("");
  expect(stderr).toHaveLength(1);
  expect(stderr[0]).toMatch(/^compute-import: /);
  expect(stderr[0]).toMatch(message);
});

it("an API error is exit code 1 and one line without the token", async () => {
  const token = "not-a-valid-token-123456";
  const { code, stdout, stderr } = await run(["--token", token], account());
  expect(code).toBe(1);
  expect(stdout).toBe("");
  expect(stderr).toEqual([expect.stringMatching(/^compute-import: \[401\] .*\(GET \/profile\/sshkeys\)$/)]);
  expect(stderr[0]).not.toContain(token);
  const unreachable = await run(["--api-url", "http://127.0.0.1:9/v4"], account());
  expect(unreachable.code).toBe(1);
  expect(unreachable.stderr).toEqual([expect.stringMatching(/^compute-import: .*ECONNREFUSED/)]);
});

it("reads the account from the environment, flags winning, and writes the program", async () => {
  const sample = await seedSampleAccount(t.client, t.control);
  const env = { COMPUTE_API_URL: "http://127.0.0.1:9/v4", COMPUTE_TOKEN: "wrong" };
  const { code, stdout, stderr } = await run(["--api-url", t.emulator.url, "--token", t.emulator.token], env);
  expect([code, stderr]).toEqual([0, []]);
  expect(stdout).toContain(`new compute.Instance(\n  "web-1",`);
  expect(stdout).not.toContain(t.emulator.token);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-import-"));
  try {
    const out = path.join(dir, "index.ts");
    const selected = await run(
      ["--out", out, "--kinds", "subnet", "--ids", String(sample.subnetIds.data)],
      account(),
    );
    expect([selected.code, selected.stdout, selected.stderr]).toEqual([0, "", []]);
    const program = fs.readFileSync(out, "utf8");
    // The subnet, and its VPC so that vpcId is a reference.
    expect(program.match(/new compute\.\w+/g)).toEqual(["new compute.Vpc", "new compute.Subnet"]);
    expect(program).toContain("vpcId: legacyNet.id");
    expect(program).toContain(`Selected: kinds Subnet; IDs ${sample.subnetIds.data}`);

    // The same selection in each other language, its subnet imported by the plugin's ID.
    const subnetImport = `${sample.vpcId}/${sample.subnetIds.data}`;
    const options = {
      python: `opts=pulumi.ResourceOptions(import_="${subnetImport}")`,
      go: `pulumi.Import(pulumi.ID("${subnetImport}"))`,
      YAML: `    options:\n      import: "${subnetImport}"\n`,
    };
    for (const [language, option] of Object.entries(options)) {
      const other = await run(
        ["--language", language, "--kinds", "subnet", "--ids", String(sample.subnetIds.data)],
        account(),
      );
      expect([other.code, other.stderr]).toEqual([0, []]);
      expect(other.stdout).toContain(option);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

describe("--from-terraform and --from-pulumi-linode", () => {
  const fixture = path.resolve(__dirname, "../../fixtures/terraform/terraform.tfstate");

  it.each([
    [
      ["--from-terraform", fixture, "--from-pulumi-linode", fixture],
      /give one of --from-terraform and --from-pulumi-linode/,
    ],
    [["--from-terraform", fixture, "--token", "t"], /--token does not go with --from-terraform/],
    [["--from-pulumi-linode", fixture, "--kinds", "Vpc"], /--kinds does not go with --from-pulumi-linode/],
    [["--from-terraform", ""], /--from-terraform needs a file/],
  ])("a usage error is exit code 2: %j", async (argv, message) => {
    const { code, stdout, stderr } = await run(argv);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toEqual([expect.stringMatching(message)]);
  });

  it("writes the import file without the API, naming each resource left out on stderr", async () => {
    const { code, stdout, stderr } = await run(["--from-terraform", fixture]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).resources).toContainEqual({
      type: "compute:index:Subnet",
      name: "app",
      id: "1/1",
    });
    expect(stderr).toEqual([
      "compute-import: not imported: terraform_data.marker: no Compute kind for terraform_data",
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-import-"));
    try {
      const out = path.join(dir, "import.json");
      const written = await run(["--from-terraform", fixture, "--out", out]);
      expect([written.code, written.stdout]).toEqual([0, ""]);
      expect(fs.readFileSync(out, "utf8")).toBe(stdout);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a file that cannot be read, or is no such state, is exit code 1 and one line", async () => {
    const missing = await run(["--from-terraform", "/nonexistent/terraform.tfstate"]);
    expect([missing.code, missing.stdout]).toEqual([1, ""]);
    expect(missing.stderr).toEqual([
      expect.stringMatching(/^compute-import: \/nonexistent\/terraform.tfstate: .*ENOENT/),
    ]);
    const wrong = await run(["--from-pulumi-linode", fixture]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toEqual([
      "compute-import: --from-pulumi-linode: not a `pulumi stack export` (no deployment)",
    ]);
  });
});

describe("the bin", () => {
  const cli = path.resolve(__dirname, "../../../src/importer/cli.ts");
  const start = (args: string[]) =>
    spawnSync(process.execPath, ["-r", require.resolve("ts-node/register/transpile-only"), cli, ...args], {
      encoding: "utf8",
      env: { ...process.env, COMPUTE_API_URL: "", COMPUTE_TOKEN: "" },
      timeout: 30_000,
    });

  it("has a node shebang, prints usage and exits 0, or exits 2 on a usage error", () => {
    expect(fs.readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const help = start(["--help"]);
    expect([help.status, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toMatch(/^Usage: compute-import /);
    const bad = start(["--kinds", "Nope"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });
});
