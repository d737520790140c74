/**
 * A newcomer with an official Pulumi CLI: a stand-in installation directory (official-cli.ts) first on
 * PATH, its tree fingerprinted before anything runs.
 * - This repository's set-up, as scripts/setup runs it (the engine, the language hosts) and
 *   `source scripts/env --with-pulumi`, uses that CLI, writes nothing into its directory, and exports
 *   nothing but PATH into the shell.
 * - docs/python.md's quick start, followed in one bash session as written (its project commands, its
 *   Pulumi.yaml and `__main__.py`), with the release's artifacts served by a local HTTP server standing
 *   in for the release host (as acquisition.test.ts does): the wheel from its URL, the plugin fetched by
 *   the CLI into the user's plugin cache. The emulator of its terminal 1 is one started here (its URL
 *   and token replace the page's), and `pulumi up` gets `--yes`, as a script must. `pulumi up` makes the
 *   VPC and the subnet; the CLI's directory is unchanged, and the session's environment is as before
 *   but for the variables the page's own lines export.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collect, ComputeClient } from "../../../../src/client";
import { VpcParams, vpcEndpoints } from "../../../../src/contract";
import { startEmulator, type Emulator } from "../../../../src/emulator";
import { packageVersion } from "../../../../src/package-root";
import { RELEASES } from "../../../../src/schema/repository";
import { release } from "../../../../scripts/release";
import { bash, parseEnv, standInCli, treeFingerprint, userShellEnv } from "../official-cli";
import { startReleaseHost, type ReleaseHost } from "../release-host";

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, "../../../..");
const version = packageVersion();
const page = fs.readFileSync(path.join(ROOT, "docs/python.md"), "utf8");
const blocks = (language: string) =>
  [...page.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map((m) => m[1]!);

let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-official-cli-"));
});
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** A stand-in installation of the test's own (`name`), and its fingerprint before anything ran. */
function installation(name: string): { cli: string; before: Record<string, string> } {
  const cli = standInCli(path.join(work, name));
  return { cli, before: treeFingerprint(cli) };
}

/** The variables whose values differ between two `env -0` dumps in the work directory. */
function changedVariables(before: string, after: string): string[] {
  const [was, is] = [parseEnv(read(before)), parseEnv(read(after))];
  return Object.keys({ ...was, ...is })
    .filter((k) => was[k] !== is[k])
    .sort();
}

/** The user's own settings: their plugin cache (PULUMI_HOME), passphrase, no update check. */
const userEnv = (cli: string, extra: NodeJS.ProcessEnv = {}) =>
  userShellEnv(cli, {
    PULUMI_HOME: path.join(work, "pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: "quick-start",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    ...extra,
  });

/** The file `name` in the work directory. */
const read = (name: string) => fs.readFileSync(path.join(work, name), "utf8");

test("this repository's set-up uses the installed CLI, writes nothing into it and exports only PATH", async () => {
  const { cli, before } = installation("setup");
  await bash(
    [
      `cd "${ROOT}"`,
      `env -0 >"${work}/env-before"`,
      // What scripts/setup runs of the Pulumi set-up, and what scripts/setup --all-languages adds.
      `scripts/ensure-pulumi 2>/dev/null | tail -1 >"${work}/engine"`,
      "scripts/run --with-languages true",
      "source scripts/env --with-pulumi >/dev/null",
      `command -v pulumi >"${work}/pulumi"`,
      `env -0 >"${work}/env-after"`,
    ].join("\n"),
    work,
    userEnv(cli),
  );
  expect(read("engine").trim()).toBe(cli);
  expect(read("pulumi").trim()).toBe(path.join(cli, "pulumi"));
  expect({ tree: treeFingerprint(cli), exported: changedVariables("env-before", "env-after") }).toEqual({
    tree: before,
    exported: ["PATH"],
  });
});

describe("docs/python.md's quick start", () => {
  let artifacts: string;
  let host: ReleaseHost;
  let emulator: Emulator;

  beforeAll(async () => {
    artifacts = path.join(work, "release");
    await release({ out: artifacts, downloadUrl: RELEASES, npm: false });
    host = await startReleaseHost(artifacts);
    emulator = await startEmulator({ token: "my-token" });
  });
  afterAll(async () => {
    await emulator?.close();
    await host?.close();
  });

  /** The page's steps as one session: its `sh` blocks but the emulator's, the project files written
   * from its `yaml` and `python` blocks after the first (the one that makes the directory). */
  function session(): { script: string; exported: string[] } {
    const [project, ...rest] = blocks("sh").filter((b) => !b.includes("compute-emulator"));
    const [yaml] = blocks("yaml");
    const [python] = blocks("python");
    const commands = (block: string) =>
      block
        .split("\n")
        .map((line) => line.replace(/\s+#.*$/, ""))
        .filter((line) => line.trim() !== "");
    const lines = [
      ...commands(project!),
      `cat >Pulumi.yaml <<'PAGE'\n${yaml}PAGE`,
      `cat >__main__.py <<'PAGE'\n${python}PAGE`,
      ...rest.flatMap(commands),
    ].map((line) =>
      line
        .replace("https://github.com/pulumi-compute/pulumi-compute/releases/download/v<version>", host.url)
        .replaceAll("<version>", version)
        .replace("http://127.0.0.1:8080/v4", emulator.url)
        .replace(/^pulumi up$/, "pulumi up --yes --non-interactive"),
    );
    const exported = lines.flatMap((line) => /^export (\w+)=/.exec(line)?.[1] ?? []);
    return { script: lines.join("\n"), exported };
  }

  test("from an empty directory to `pulumi up`, leaving the CLI's directory and the shell as they were", async () => {
    const { cli, before } = installation("quick-start");
    const { script, exported } = session();
    expect(script).toMatch(/pip install http:\/\/127\.0\.0\.1:\d+\/pulumi_compute-/);
    expect(script).not.toMatch(/scripts\/|<version>|source /);
    const home = path.join(work, "home");
    fs.mkdirSync(home);
    // The PyPI `pulumi` the tests use (the wheel asks for that version or later).
    const constraints = path.join(work, "constraints.txt");
    fs.writeFileSync(constraints, `pulumi==${process.env.PULUMI_PYTHON_VERSION ?? "3.259.0"}\n`);
    const env = userEnv(cli, {
      PIP_CONSTRAINT: constraints,
      // The stand-in release host, pointed at as a mirror is (installing.md).
      ...host.overrides,
    });
    await bash(`env -0 >"${work}/quick-before"\n${script}\nenv -0 >"${work}/quick-after"`, home, env);
    expect(host.asked).toContain(`pulumi-resource-compute-v${version}-linux-amd64.tar.gz`);
    const client = new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });
    const [vpc, ...others] = await collect(client.each(vpcEndpoints.listVpcs));
    expect(others).toEqual([]);
    expect(vpc).toMatchObject({ label: "dev-net", region: "us-iad" });
    const subnets = await collect(
      client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId: vpc!.id }) }),
    );
    expect(subnets).toEqual([expect.objectContaining({ label: "app", ipv4: "10.0.1.0/24" })]);
    // Installed in the user's plugin cache, and nowhere else.
    expect(fs.readdirSync(path.join(work, "pulumi-home", "plugins"))).toContain(
      `resource-compute-v${version}`,
    );
    expect({ tree: treeFingerprint(cli), exported: changedVariables("quick-before", "quick-after") }).toEqual(
      {
        tree: before,
        exported: [...exported].sort(),
      },
    );
    await bash("pulumi destroy --yes --non-interactive", path.join(home, "py-infra"), {
      ...env,
      PULUMI_BACKEND_URL: parseEnv(read("quick-after")).PULUMI_BACKEND_URL,
    });
    expect(await collect(client.each(vpcEndpoints.listVpcs))).toEqual([]);
  });
});
