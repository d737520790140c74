/**
 * The packed plugin as a user installs it: `npm run plugin`'s tarball into the project's own
 * PULUMI_HOME with `pulumi plugin install resource compute <version> --file`, `pulumi plugin ls`
 * lists it, and the first program of docs/plugin.md (Pulumi YAML, no `plugins.providers`; nor the
 * repository's `bin` on PATH, nor any ambient plugin) runs `up`, a no-change preview and refresh, and
 * `destroy` with it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { packedPlugin, version } from "./packed-plugin";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, "../../..");

let p: YamlProject;
let tarball: string;

beforeAll(async () => {
  tarball = packedPlugin();
  p = await yamlProject("plugin-install", { plugin: "installed" });
});
afterAll(async () => {
  await p?.dispose();
});

test("the tarball installs offline and `pulumi plugin ls` lists compute at the package's version", async () => {
  expect(path.basename(tarball)).toBe(`pulumi-resource-compute-v${version}-linux-amd64.tar.gz`);
  // Before the install, this project's engine has no compute plugin anywhere.
  p.setProgram({ net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "installed" } } });
  expect(await p.failing("preview")).toMatch(/compute/);
  await p.pulumi("plugin", "install", "resource", "compute", version, "--file", tarball);
  const listed = await p.pulumi("plugin", "ls");
  expect(listed).toMatch(new RegExp(`compute\\s+resource\\s+${version.replace(/\./g, "\\.")}`));
  const home = p.env.PULUMI_HOME!;
  expect(
    fs.existsSync(path.join(home, "plugins", `resource-compute-v${version}`, "pulumi-resource-compute")),
  ).toBe(true);
});

test("docs/plugin.md's first program, with no plugins section, runs up, a no-change preview and refresh, and destroy with the installed plugin", async () => {
  const doc = fs.readFileSync(path.join(ROOT, "docs/plugin.md"), "utf8");
  const program = /^```yaml\n([\s\S]*?)^```/m.exec(doc)![1]!;
  expect(program).not.toMatch(/plugins:/);
  // The stack `test` belongs to the harness's project name.
  fs.writeFileSync(path.join(p.dir, "Pulumi.yaml"), program.replace(/^name: .*$/m, "name: plugin-install"));
  const shown = await p.pulumi("up", "--yes");
  expect(shown).not.toMatch(/from \$PATH/);
  const region = await p.client.api.getRegion({ params: { regionId: "us-iad" } });
  expect(await p.output("regionLabel")).toBe(region.label);
  expect((await collect(p.client.each(vpcEndpoints.listVpcs))).map((v) => v.label)).toEqual(["my-net"]);
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
});
