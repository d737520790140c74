/**
 * A Python project laid out as `pulumi new python` lays it out: Pulumi.yaml's
 * `runtime.options.virtualenv: venv`, the virtualenv not activated, the `python` on PATH without pulumi.
 * The language host our scripts set up (tools/language-python, then Pulumi's v3.68.0 host) honours the
 * option: up, a no-change preview, a clean refresh and destroy, through the real CLI.
 */
import { collect } from "../../../../src/client";
import { vpcEndpoints } from "../../../../src/contract";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;

beforeAll(async () => {
  p = await pythonProject("python-virtualenv-option", {}, { virtualenvOption: true });
});
afterAll(async () => {
  await p?.dispose();
});

test("up runs the program with the project's virtualenv", async () => {
  p.setProgram(`
net = compute.Vpc("net", region="us-iad", label="py-venv-net")
pulumi.export("vpcId", net.id)
`);
  await p.pulumi("up", "--yes");
  const [vpc, ...others] = await collect(p.client.each(vpcEndpoints.listVpcs));
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ label: "py-venv-net" });
  expect(await p.output("vpcId")).toBe(String(vpc!.id));
});

test("a preview and a refresh find no change, with no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
});
