/**
 * The Python, Go and YAML quick starts (docs/python.md, docs/go.md, docs/plugin.md's first program),
 * each followed as written by a newcomer with an official Pulumi CLI (quick-start-page.ts: a stand-in
 * installation first on PATH, the release's artifacts from a stand-in release host): the SDK from the
 * release (the wheel from its URL; the Go module from a local path, this checkout, of which nothing
 * runs; the YAML package declaration `compute.yaml`), `pulumi up` fetching the plugin into the user's
 * plugin cache and making the resources. Each leaves the CLI's directory as it was, and its shell as
 * before but for the variable its own lines export (`PULUMI_BACKEND_URL`). The project templates of
 * those languages (templates/python, templates/go, templates/yaml) the same way, with the same
 * artifacts: `pulumi new` from an empty directory, its config prompts answered, `up`, `destroy`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collect, type ComputeClient } from "../../../src/client";
import { VpcParams, vpcEndpoints } from "../../../src/contract";
import { packageVersion } from "../../../src/package-root";
import { inProject, quickStartPages, type Followed, type QuickStartPages } from "./quick-start-page";

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, "../../..");
const version = packageVersion();
let pages: QuickStartPages;
let work: string;
let constraints: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-quick-starts-"));
  pages = await quickStartPages();
  // The PyPI `pulumi` the tests use (the wheel asks for that version or later).
  constraints = path.join(work, "constraints.txt");
  fs.writeFileSync(constraints, `pulumi==${process.env.PULUMI_PYTHON_VERSION ?? "3.259.0"}\n`);
});
afterAll(async () => {
  await pages?.dispose();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** What every quick start leaves: the plugin fetched into the user's plugin cache, the CLI's
 * directory as it was, the shell changed by the page's own export alone; then `destroy` empties it. */
async function expectLeftAlone(followed: Followed): Promise<void> {
  expect(followed.script).not.toMatch(/scripts\/|<version>|source /);
  expect(followed.asked).toContain(`pulumi-resource-compute-v${version}-linux-amd64.tar.gz`);
  expect(fs.readdirSync(path.join(followed.env.PULUMI_HOME!, "plugins"))).toContain(
    `resource-compute-v${version}`,
  );
  expect({ tree: followed.tree.after, changed: followed.changed }).toEqual({
    tree: followed.tree.before,
    changed: followed.exported,
  });
  expect(followed.exported).toEqual(["PULUMI_BACKEND_URL"]);
  await inProject(followed, "pulumi destroy --yes --non-interactive");
  expect(await collect(followed.client.each(vpcEndpoints.listVpcs))).toEqual([]);
}

/** The Python and Go programs' VPC `dev-net` and its subnet `app`. */
async function expectNetwork(client: ComputeClient): Promise<void> {
  const [vpc, ...others] = await collect(client.each(vpcEndpoints.listVpcs));
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ label: "dev-net", region: "us-iad" });
  const subnets = await collect(
    client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId: vpc!.id }) }),
  );
  expect(subnets).toEqual([expect.objectContaining({ label: "app", ipv4: "10.0.1.0/24" })]);
}

test("Python: the wheel from the release, `pulumi up`, the CLI and the shell left alone", async () => {
  const followed = await pages.follow("python.md", {
    files: { "Pulumi.yaml": "yaml", "__main__.py": "python" },
    env: { PIP_CONSTRAINT: constraints },
  });
  expect(followed.script).toMatch(/pip install http:\/\/127\.0\.0\.1:\d+\/pulumi_compute-/);
  await expectNetwork(followed.client);
  await expectLeftAlone(followed);
});

test("Go: the module from a local path, `pulumi up`, the CLI and the shell left alone", async () => {
  const followed = await pages.follow("go.md", {
    files: { "Pulumi.yaml": "yaml", "main.go": "go" },
    env: { REPO: ROOT, GOFLAGS: "" },
  });
  await expectNetwork(followed.client);
  await expectLeftAlone(followed);
});

test("YAML: the release's compute.yaml, `pulumi up`, the CLI and the shell left alone", async () => {
  const followed = await pages.follow("plugin.md", {
    files: { "Pulumi.yaml": "yaml" },
    section: "## A first program (Pulumi YAML)",
  });
  expect(followed.script).toMatch(/curl -fsSLo sdks\/compute\.yaml http:\/\/127\.0\.0\.1:\d+\/compute\.yaml/);
  expect(followed.asked[0]).toBe("compute.yaml");
  const { client } = followed;
  expect((await collect(client.each(vpcEndpoints.listVpcs))).map((v) => v.label)).toEqual(["my-net"]);
  const region = await client.api.getRegion({ params: { regionId: "us-iad" } });
  expect(JSON.parse(await inProject(followed, "pulumi stack output regionLabel --json"))).toBe(region.label);
  await expectLeftAlone(followed);
});

/** A project `pulumi new` made from a template: the token it was given kept encrypted in the stack's
 * config, the template's VPC and subnet made, then the same checks as a quick start's. */
async function expectFromTemplate(followed: Followed): Promise<void> {
  const config = fs.readFileSync(path.join(followed.project, "Pulumi.dev.yaml"), "utf8");
  expect(config).toMatch(/^ {2}compute:token:\n {4}secure: /m);
  expect(config).not.toContain("my-token");
  expect(fs.readFileSync(path.join(followed.project, "Pulumi.yaml"), "utf8")).toMatch(/^name: infra$/m);
  await expectNetwork(followed.client);
  await expectLeftAlone(followed);
}

test("templates/python: `pulumi new` installs the wheel from the release, then `up`", async () => {
  const followed = await pages.fromTemplate("python", { env: { PIP_CONSTRAINT: constraints } });
  expect(followed.asked).toContain(`pulumi_compute-${version}-py3-none-any.whl`);
  expect(fs.existsSync(path.join(followed.project, "venv", "bin", "python"))).toBe(true);
  await expectFromTemplate(followed);
});

test("templates/go: `pulumi new` with the module from a local path, then `up`", async () => {
  const followed = await pages.fromTemplate("go", {
    env: { GOFLAGS: "" },
    // What go.md's `go mod edit -replace` does, until the module's tag is published.
    edit: (dir) =>
      fs.appendFileSync(
        path.join(dir, "go.mod"),
        `\nreplace github.com/pulumi-compute/pulumi-compute/sdk/go => ${ROOT}/sdk/go\n`,
      ),
  });
  expect(fs.readFileSync(path.join(followed.project, "go.mod"), "utf8")).toMatch(/^module infra$/m);
  await expectFromTemplate(followed);
});

test("templates/yaml: `pulumi new`, then `up` fetching the plugin its resources name", async () => {
  const followed = await pages.fromTemplate("yaml", {});
  expect(fs.readdirSync(followed.project).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml"]);
  await expectFromTemplate(followed);
});
