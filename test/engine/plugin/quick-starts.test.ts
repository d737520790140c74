/**
 * The Python, Go and YAML quick starts (docs/python.md, docs/go.md, docs/plugin.md's first program),
 * each followed as written by a newcomer with an official Pulumi CLI (quick-start-page.ts: a stand-in
 * installation first on PATH, the release's artifacts from a stand-in release host): the SDK from the
 * release (the wheel from its URL; the Go module from a local path, this checkout, of which nothing
 * runs; the YAML package declaration `compute.yaml`), `pulumi up` fetching the plugin into the user's
 * plugin cache and making the resources. Each leaves the CLI's directory as it was, and its shell as
 * before but for the variable its own lines export (`PULUMI_BACKEND_URL`).
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
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-quick-starts-"));
  pages = await quickStartPages();
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
  // The PyPI `pulumi` the tests use (the wheel asks for that version or later).
  const constraints = path.join(work, "constraints.txt");
  fs.writeFileSync(constraints, `pulumi==${process.env.PULUMI_PYTHON_VERSION ?? "3.259.0"}\n`);
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
