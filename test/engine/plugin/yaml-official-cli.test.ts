/**
 * docs/plugin.md's first program, a Pulumi YAML quick start, followed as written by a newcomer with an
 * official Pulumi CLI (quick-start-page.ts: a stand-in installation first on PATH, the release's
 * artifacts from a stand-in release host): the release's `compute.yaml` fetched into the project,
 * `pulumi up` fetching the plugin into the user's plugin cache and making the VPC. The CLI's directory
 * is unchanged, and the session's environment is as before but for the variables the page's own lines
 * export.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { packageVersion } from "../../../src/package-root";
import { inProject, quickStartPages, type QuickStartPages } from "./quick-start-page";

jest.setTimeout(600_000);

const version = packageVersion();
let pages: QuickStartPages;
beforeAll(async () => {
  pages = await quickStartPages();
});
afterAll(async () => {
  await pages?.dispose();
});

test("from an empty directory to `pulumi up`, leaving the CLI's directory and the shell as they were", async () => {
  const followed = await pages.follow("plugin.md", {
    files: { "Pulumi.yaml": "yaml" },
    section: "## A first program (Pulumi YAML)",
  });
  expect(followed.script).toMatch(/curl -fsSLo sdks\/compute\.yaml http:\/\/127\.0\.0\.1:\d+\/compute\.yaml/);
  expect(followed.script).not.toMatch(/scripts\/|<version>|source /);
  expect(followed.asked).toEqual(["compute.yaml", `pulumi-resource-compute-v${version}-linux-amd64.tar.gz`]);
  const { client } = followed;
  expect((await collect(client.each(vpcEndpoints.listVpcs))).map((v) => v.label)).toEqual(["my-net"]);
  const region = await client.api.getRegion({ params: { regionId: "us-iad" } });
  expect(JSON.parse(await inProject(followed, "pulumi stack output regionLabel --json"))).toBe(region.label);
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
