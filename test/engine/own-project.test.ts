/**
 * The provider in a project of the user's own, as docs/configuration.md, "Install in your own project", goes:
 * the package packed from a clean copy of this repository (its `prepare` step builds dist/), a
 * project made with `pulumi new` from the template the tarball ships, the tarball installed there
 * (from the npm cache when it holds the dependencies), a type-check with the template's strict
 * tsconfig, and `up`, `preview --expect-no-changes` and `destroy` against an emulator started from
 * the installed package (`npx compute-emulator`). Everything happens in a temporary directory
 * outside the repository. The CLI and the Node language host must be on PATH (`npm test`).
 * The CLI is a stand-in for an official installation (plugin/official-cli.ts), first on PATH without
 * this repository's directories: the steps leave its directory as they found it.
 * `@pulumi/pulumi` is the newest the peer range admits, or `COMPUTE_OWN_PROJECT_PULUMI` (a version:
 * `COMPUTE_OWN_PROJECT_PULUMI=3.259.0` checks the lowest).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { collect, ComputeClient } from "../../src/client";
import { vpcEndpoints } from "../../src/contract";
import { cliEnv, requireLanguageHost, requirePulumiCli, run } from "./harness";
import { standInCli, treeFingerprint, userShellEnv } from "./plugin/official-cli";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const API_TOKEN = "own-project-owner-token-0123456789";

let tmp: string;
let project: string;
let env: NodeJS.ProcessEnv;
let tarball: string;
let emulator: ChildProcess | undefined;
let apiUrl: string;
let installStarted: number;
let tokenValue: string;
let cli: string;
let installed: Record<string, string>;
const pulumi = (...args: string[]) => run("pulumi", [...args, "--non-interactive"], project, env);

/** Tracked and unignored files of the working tree, copied: what a clean clone of this state holds. */
function cleanCopy(into: string): void {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(into, file));
  }
}

/** Starts the installed package's emulator and resolves with the API URL it prints first. */
function startInstalledEmulator(): Promise<string> {
  // What `npx compute-emulator` runs, started directly so that its process is the one stopped after.
  const bin = path.join(project, "node_modules", ".bin", "compute-emulator");
  emulator = spawn(bin, ["--port", "0", "--token", API_TOKEN], {
    cwd: project,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: emulator.stdout! });
  return new Promise((resolve, reject) => {
    emulator!.once("exit", (code) => reject(new Error(`compute-emulator exited (${code})`)));
    lines.on("line", (line) => {
      const url = /listening on (\S+)/.exec(line)?.[1];
      if (url) resolve(url);
    });
  });
}

beforeAll(async () => {
  requirePulumiCli();
  requireLanguageHost();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-own-project-"));
  const copy = path.join(tmp, "clean-copy");
  project = path.join(tmp, "infra");
  for (const dir of [copy, project]) fs.mkdirSync(dir);
  cli = standInCli(path.join(tmp, "official"));
  installed = treeFingerprint(cli);
  env = { ...cliEnv(tmp), PATH: userShellEnv(cli).PATH };
  cleanCopy(copy);
  // The build tools come from this repository's dependencies; `npm pack` runs `prepare` (the build).
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  const packed = JSON.parse(await run("npm", ["pack", "--json", "--pack-destination", tmp], copy, env)) as {
    filename: string;
  }[];
  tarball = path.join(tmp, packed[0]!.filename);
});

afterAll(async () => {
  if (emulator?.pid !== undefined && emulator.exitCode === null) {
    const exited = new Promise((resolve) => emulator!.once("exit", resolve));
    emulator.kill();
    await exited;
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("the tarball holds dist/ and the template, with no source maps and no tests", async () => {
  const files = (await run("tar", ["-tzf", tarball], tmp, env)).split("\n").filter(Boolean);
  expect(files).toEqual(expect.arrayContaining(["package/dist/index.js", "package/dist/index.d.ts"]));
  expect(files).toEqual(expect.arrayContaining(["package/dist/emulator/cli.js"]));
  expect(files.filter((f) => f.startsWith("package/templates/typescript/")).sort()).toEqual(
    ["Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"].map(
      (f) => `package/templates/typescript/${f}`,
    ),
  );
  expect(files.filter((f) => f.endsWith(".map") || /\btest\b|\.test\./.test(f))).toEqual([]);
});

test("pulumi new makes a project from the shipped template, offline", async () => {
  await run("tar", ["-xzf", tarball, "-C", tmp, "package/templates"], tmp, env);
  const template = path.join(tmp, "package", "templates", "typescript");
  await pulumi(
    "new",
    template,
    "--generate-only",
    "--yes",
    "--name",
    "infra",
    "--description",
    "own project",
  );
  expect(fs.readdirSync(project).sort()).toEqual([
    "Pulumi.yaml",
    "index.ts",
    "package.json",
    "tsconfig.json",
  ]);
  const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as {
    name: string;
    dependencies: Record<string, string>;
  };
  expect(manifest.name).toBe("infra");
  expect(Object.keys(manifest.dependencies).sort()).toEqual(["@pulumi/pulumi", "pulumi-compute"]);
});

test("the tarball installs, and the project type-checks with the template's strict tsconfig", async () => {
  // A Token, whose value must stay out of the output below, and an ID input fed by a resource's id.
  fs.appendFileSync(
    path.join(project, "index.ts"),
    [
      "",
      'const ci = new compute.Token("ci", { label: "ci", scopes: "vpc:read_only" });',
      "export const ciToken = ci.token;",
      'const script = new compute.StackScript("setup", { label: "setup", images: ["compute/debian12"], script: "#!/bin/bash\\n" });',
      "export const scriptArgs: compute.InstanceDiskArgs = { computeId: 1, size: 1, stackscriptId: script.id };",
      "",
    ].join("\n"),
  );
  installStarted = Date.now();
  const sdk = process.env.COMPUTE_OWN_PROJECT_PULUMI;
  const packages = sdk ? [tarball, `@pulumi/pulumi@${sdk}`] : [tarball];
  await run("npm", ["install", ...packages, "--prefer-offline", "--no-audit", "--no-fund"], project, env);
  const installed = JSON.parse(
    fs.readFileSync(path.join(project, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
  ) as { version: string };
  if (sdk) expect(installed.version).toBe(sdk);
  console.log(`own project: @pulumi/pulumi ${installed.version}`);
  const tsconfig = JSON.parse(fs.readFileSync(path.join(project, "tsconfig.json"), "utf8")) as {
    compilerOptions: Record<string, unknown>;
  };
  expect(tsconfig.compilerOptions).toMatchObject({ strict: true });
  expect(tsconfig.compilerOptions).not.toHaveProperty("skipLibCheck");
  expect(tsconfig.compilerOptions).not.toHaveProperty("esModuleInterop");
  const tsc = path.join(project, "node_modules", ".bin", "tsc");
  await expect(run(tsc, ["--noEmit", "-p", ".", "--pretty", "false"], project, env)).resolves.toBe("");
});

test("up against the installed emulator keeps the new token's value out of its --json output", async () => {
  apiUrl = await startInstalledEmulator();
  await pulumi("stack", "init", "dev");
  await pulumi("config", "set", "compute:apiUrl", apiUrl);
  await pulumi("config", "set", "--secret", "compute:token", API_TOKEN);
  const out = await pulumi("up", "--yes", "--json");
  const seconds = (Date.now() - installStarted) / 1000;
  tokenValue = (await pulumi("stack", "output", "ciToken", "--show-secrets")).trim();
  expect(tokenValue).toMatch(/^[0-9a-f]{64}$/);
  expect(out.split(tokenValue).length - 1).toBe(0);
  expect(out.split(API_TOKEN).length - 1).toBe(0);
  const client = new ComputeClient({ baseUrl: apiUrl, token: API_TOKEN, retry: { retries: 0 } });
  expect((await collect(client.each(vpcEndpoints.listVpcs))).map((v) => v.label)).toEqual(["dev-net"]);
  console.log(`own project: npm install to the end of the first up: ${seconds.toFixed(1)} s`);
});

test("a second preview expects no changes, its --debug lines without the token's value", async () => {
  const out = await pulumi("preview", "--expect-no-changes", "--debug");
  expect(out).toContain("RegisterResource RPC finished");
  expect(out.split(tokenValue).length - 1).toBe(0);
});

test("destroy leaves the account empty", async () => {
  await pulumi("destroy", "--yes");
  const client = new ComputeClient({ baseUrl: apiUrl, token: API_TOKEN, retry: { retries: 0 } });
  expect(await collect(client.each(vpcEndpoints.listVpcs))).toEqual([]);
});

test("the CLI's installation is as it was", () => {
  expect(treeFingerprint(cli)).toEqual(installed);
});
