/**
 * What the preview of an update knows, in a Python program (the generated SDK, the real CLI): after a
 * change of labels the updated resources' `id`, `created` and an instance's `ipv4` stay known, so a
 * resource that reads them previews no change; a resize leaves the instance's `specs` unknown. The
 * YAML form of the same story: ../update-previews.test.ts.
 */
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { opsOf } from "../preview-json";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;

const program = (suffix: string, type = "g6-standard-1") => `
net = compute.Vpc("net", region="us-iad", label="pyv-net${suffix}")
web = compute.Instance("web", region="us-iad", type="${type}", label="pyv-web${suffix}", image="${IMAGE}", root_pass="${ROOT_PASS}")
# Reads what the updates leave as they are.
compute.Vpc("echo", region="us-iad", label="pyv-echo",
    description=pulumi.Output.format("{0} since {1} in {2} made {3}", web.ipv4[0], web.created, net.id, net.created))
# Reads what a resize sets anew.
compute.Vpc("specsEcho", region="us-iad", label="pyv-specs", description=web.specs.apply(lambda s: f"memory {s.memory}"))
# Reads what any update sets anew.
compute.Vpc("stamp", region="us-iad", label="pyv-stamp", description=web.updated)
pulumi.export("address", web.ipv4[0])
pulumi.export("webCreated", web.created)
`;

beforeAll(async () => {
  p = await pythonProject("python-update-previews", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

test("after a change of labels, the preview knows the IDs, created and the address: what reads them does not change", async () => {
  p.setProgram(program(""));
  await p.pulumi("up", "--yes");
  const echoId = String((await p.client.api.listVpcs()).data.find((v) => v.label === "pyv-echo")!.id);
  const before = { address: await p.output("address"), webCreated: await p.output("webCreated") };
  p.setProgram(program("-2"));
  const previewed = opsOf(await p.previewJson());
  expect(previewed).toMatchObject({ net: "update", web: "update", stamp: "update" });
  expect(previewed.echo ?? "same").toBe("same");
  expect(previewed.specsEcho ?? "same").toBe("same");
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).not.toContain(`PUT /vpcs/${echoId}`);
  expect({ address: await p.output("address"), webCreated: await p.output("webCreated") }).toEqual(before);
});

test("a resize previews the instance's specs unknown (what reads them may change), its address known", async () => {
  p.setProgram(program("-2", "g6-standard-2"));
  const previewed = opsOf(await p.previewJson());
  expect(previewed).toMatchObject({ web: "update", specsEcho: "update" });
  expect(previewed.echo ?? "same").toBe("same");
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await p.resources()).toEqual([]);
});
