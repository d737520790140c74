/**
 * The plugin as a user of another language gets it: the CLI fetches it by itself. `npm run release`'s
 * artifacts (plugin archives, Python wheel, YAML package declaration) are served by a local HTTP
 * server standing in for the release host, which the CLI is pointed at the way a mirror is
 * (`PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` maps the schema's `pluginDownloadURL`, the repository's
 * releases, to it). Each project starts from an empty PULUMI_HOME with nothing of this repository on
 * PATH and no `plugins` entry: a Python project whose virtualenv holds the wheel alone (and what pip
 * installs for it), and a YAML project holding the release's `compute.yaml`. `pulumi up` downloads
 * the archive of this machine's platform, installs it and brings the stack up.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { release } from "../../../scripts/release";
import { RELEASES } from "../../../src/schema/repository";
import { packageVersion } from "../../../src/package-root";
import { cliProject, requireLanguageHost, type CliProject } from "./cli-project";
import { goMain, writeGoModule } from "./go-project";
import { startReleaseHost, type ReleaseHost } from "./release-host";

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, "../../..");
const version = packageVersion();
const PYTHON_PULUMI = process.env.PULUMI_PYTHON_VERSION ?? "3.259.0";

let work: string;
let artifacts: string;
let host: ReleaseHost;

beforeAll(async () => {
  requireLanguageHost("pulumi-language-python");
  requireLanguageHost("pulumi-language-yaml");
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-acquisition-"));
  artifacts = path.join(work, "release");
  await release({ out: artifacts, downloadUrl: RELEASES, npm: false });
  host = await startReleaseHost(artifacts);
});

afterAll(async () => {
  await host?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The CLI's environment: PATH without any directory of this repository (its `bin`, its
 * node_modules), automatic plugin acquisition on, the release host standing in for the repository's
 * releases. */
function userEnv(): NodeJS.ProcessEnv {
  const outside = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir && path.relative(ROOT, path.resolve(dir)).startsWith(".."));
  return {
    PATH: outside.join(path.delimiter),
    // What a user's CLI does (this repository's scripts turn it off: no network for other tests).
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    ...host.overrides,
  };
}

const archive = `pulumi-resource-compute-v${version}-linux-amd64.tar.gz`;

/** The plugin `pulumi plugin ls --json` lists in the project's PULUMI_HOME. */
async function installedPlugins(p: CliProject) {
  const listed = JSON.parse(await p.pulumi("plugin", "ls", "--json")) as {
    name: string;
    kind: string;
    version: string;
  }[];
  return listed.map(({ name, kind, version: v }) => ({ name, kind, version: v }));
}

/** `pulumi up` asks the release host for this platform's archive alone, installs it and brings the
 * stack up (its output `netLabel` is `label`); then `destroy`. */
async function upFetchingThePlugin(p: CliProject, label: string) {
  try {
    host.asked.length = 0;
    await p.pulumi("up", "--yes", "--skip-preview");
    expect(host.asked).toEqual([archive]);
    expect(await p.output("netLabel")).toBe(label);
    expect(await installedPlugins(p)).toEqual([{ name: "compute", kind: "resource", version }]);
    await p.pulumi("destroy", "--yes", "--skip-preview");
  } finally {
    await p.dispose();
  }
}

test("a Python project with the wheel alone: `pulumi up` fetches the plugin from the release host", async () => {
  const wheel = fs.readdirSync(artifacts).find((f) => f.endsWith(".whl"))!;
  const p = await cliProject(
    "acquire",
    "python",
    (dir) => {
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        "name: acquire\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n",
      );
      fs.writeFileSync(
        path.join(dir, "__main__.py"),
        [
          "import pulumi",
          "import pulumi_compute as compute",
          "",
          'net = compute.Vpc("net", region="us-iad", label="fetched-net")',
          'pulumi.export("netLabel", net.label)',
          "",
        ].join("\n"),
      );
      execFileSync("python3", ["-m", "venv", path.join(dir, "venv")]);
      execFileSync(
        path.join(dir, "venv/bin/python"),
        [
          "-m",
          "pip",
          "install",
          "--quiet",
          "--disable-pip-version-check",
          path.join(artifacts, wheel),
          `pulumi==${PYTHON_PULUMI}`,
        ],
        { stdio: "ignore" },
      );
    },
    userEnv(),
  );
  try {
    expect(await installedPlugins(p)).toEqual([]);
    host.asked.length = 0;
    const shown = await p.pulumi("up", "--yes", "--skip-preview");
    expect(host.asked).toEqual([archive]);
    expect(shown).toMatch(/\+ 2 created|2 created/);
    expect(await p.output("netLabel")).toBe("fetched-net");
    expect(await installedPlugins(p)).toEqual([{ name: "compute", kind: "resource", version }]);
    // Installed once: the next command asks the release host for nothing.
    host.asked.length = 0;
    await p.pulumi("destroy", "--yes", "--skip-preview");
    expect(host.asked).toEqual([]);
  } finally {
    await p.dispose();
  }
});

test("a Go project with the SDK module alone: `pulumi up` fetches the plugin", async () => {
  requireLanguageHost("pulumi-language-go");
  const p = await cliProject(
    "acquire",
    "go",
    (dir) => {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: acquire\nruntime: go\n");
      writeGoModule(dir, "acquire");
      fs.writeFileSync(
        path.join(dir, "main.go"),
        goMain(`
\t\tnet, err := compute.NewVpc(ctx, "net", &compute.VpcArgs{Region: pulumi.String("us-iad"), Label: pulumi.String("go-net")})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tctx.Export("netLabel", net.Label)`),
      );
    },
    userEnv(),
  );
  await upFetchingThePlugin(p, "go-net");
});

/** A YAML project making one VPC, holding the release's package declaration as `sdks/compute.yaml`,
 * its version replaced by `version` if given. */
const yamlUser = (declaredVersion = version) =>
  cliProject(
    "acquire",
    "yaml",
    (dir) => {
      const vpc = [
        "  net:",
        "    type: compute:index:Vpc",
        "    properties:",
        "      region: us-iad",
        "      label: yaml-net",
      ];
      const project = [
        "name: acquire",
        "runtime: yaml",
        "resources:",
        ...vpc,
        "outputs:",
        "  netLabel: ${net.label}",
      ];
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${project.join("\n")}\n`);
      const declared = fs.readFileSync(path.join(artifacts, "compute.yaml"), "utf8");
      fs.mkdirSync(path.join(dir, "sdks"));
      fs.writeFileSync(
        path.join(dir, "sdks/compute.yaml"),
        declared.replace(`version: ${version}`, `version: ${declaredVersion}`),
      );
    },
    userEnv(),
  );

test("a YAML project holding the release's compute.yaml: `pulumi up` fetches the plugin", async () => {
  const p = await yamlUser();
  await upFetchingThePlugin(p, "yaml-net");
});

test("a version the release host does not hold: one line naming the command that installs it", async () => {
  const p = await yamlUser("9.9.9");
  try {
    host.asked.length = 0;
    const shown = await p.failing("up", "--yes", "--skip-preview");
    // Asked again by the engine before it gives up: only that archive.
    expect([...new Set(host.asked)]).toEqual(["pulumi-resource-compute-v9.9.9-linux-amd64.tar.gz"]);
    expect(shown).toContain(
      `install the plugin using \`pulumi plugin install resource compute v9.9.9 --server ${RELEASES}\``,
    );
    expect(await p.writes()).toEqual([]);
  } finally {
    await p.dispose();
  }
});

test("the archive's launcher says in one line what it needs: Node.js >= 22 on PATH", () => {
  const dir = path.join(work, "extracted");
  fs.mkdirSync(dir);
  execFileSync("tar", ["-xzf", path.join(artifacts, archive), "-C", dir]);
  const launch = (PATH: string) => {
    try {
      execFileSync(path.join(dir, "pulumi-resource-compute"), [], {
        env: { PATH },
        encoding: "utf8",
        stdio: "pipe",
      });
      return "";
    } catch (err) {
      return String((err as { stderr: string }).stderr);
    }
  };
  const empty = fs.mkdtempSync(path.join(work, "no-node-"));
  expect(launch(empty)).toBe(
    "pulumi-resource-compute needs Node.js >= 22 on PATH (https://nodejs.org): no node found\n",
  );
  // An older Node first on PATH (the system's, when it has one).
  const old = ["/usr/bin", "/bin", "/usr/local/bin"].find((d) => {
    try {
      return (
        Number(
          execFileSync(path.join(d, "node"), ["-p", "process.versions.node.split('.')[0]"], {
            encoding: "utf8",
          }),
        ) < 22
      );
    } catch {
      return false;
    }
  });
  if (old)
    expect(launch(old)).toMatch(
      /^pulumi-resource-compute needs Node >= 22 first on PATH, not v\d+\.\d+\.\d+\n$/,
    );
});
