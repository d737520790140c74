/**
 * docs/python.md's quick start, followed as written by a newcomer with an official Pulumi CLI
 * (quick-start-page.ts: a stand-in installation first on PATH, the release's artifacts from a stand-in
 * release host): the wheel from its URL, `pulumi up` fetching the plugin into the user's plugin cache and
 * making the VPC and the subnet. The CLI's directory is unchanged, and the session's environment is as
 * before but for the variables the page's own lines export.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collect } from "../../../../src/client";
import { VpcParams, vpcEndpoints } from "../../../../src/contract";
import { packageVersion } from "../../../../src/package-root";
import { inProject, quickStartPages, type QuickStartPages } from "../quick-start-page";

jest.setTimeout(600_000);

const version = packageVersion();
let pages: QuickStartPages;
let work: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-python-official-"));
  pages = await quickStartPages();
});
afterAll(async () => {
  await pages?.dispose();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test("from an empty directory to `pulumi up`, leaving the CLI's directory and the shell as they were", async () => {
  // The PyPI `pulumi` the tests use (the wheel asks for that version or later).
  const constraints = path.join(work, "constraints.txt");
  fs.writeFileSync(constraints, `pulumi==${process.env.PULUMI_PYTHON_VERSION ?? "3.259.0"}\n`);
  const followed = await pages.follow("python.md", {
    files: { "Pulumi.yaml": "yaml", "__main__.py": "python" },
    env: { PIP_CONSTRAINT: constraints },
  });
  expect(followed.script).toMatch(/pip install http:\/\/127\.0\.0\.1:\d+\/pulumi_compute-/);
  expect(followed.script).not.toMatch(/scripts\/|<version>|source /);
  expect(followed.asked).toContain(`pulumi-resource-compute-v${version}-linux-amd64.tar.gz`);
  const { client } = followed;
  const [vpc, ...others] = await collect(client.each(vpcEndpoints.listVpcs));
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ label: "dev-net", region: "us-iad" });
  const subnets = await collect(
    client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId: vpc!.id }) }),
  );
  expect(subnets).toEqual([expect.objectContaining({ label: "app", ipv4: "10.0.1.0/24" })]);
  // The plugin went into the user's plugin cache.
  expect(fs.readdirSync(path.join(followed.env.PULUMI_HOME!, "plugins"))).toContain(
    `resource-compute-v${version}`,
  );
  expect({ tree: followed.tree.after, changed: followed.changed }).toEqual({
    tree: followed.tree.before,
    changed: followed.exported,
  });
  expect(followed.exported).toEqual(["PULUMI_BACKEND_URL"]);
  await inProject(followed, "pulumi destroy --yes --non-interactive");
  expect(await collect(client.each(vpcEndpoints.listVpcs))).toEqual([]);
});
