/**
 * docs/python.md's quick start program runs: its `__main__.py` block, unchanged, through the real
 * CLI against the emulator, in a project laid out as the page's Pulumi.yaml says (the `virtualenv`
 * option, not activated): up creates the VPC and the subnet its outputs name, a preview and a refresh
 * find no change; destroy leaves none. The page's commands, with the release's artifacts and an
 * installed CLI: ../quick-starts.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../../../src/client";
import { VpcParams, vpcEndpoints } from "../../../../src/contract";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, "../../../..");
const page = fs.readFileSync(path.join(ROOT, "docs/python.md"), "utf8");
const [program] = [...page.matchAll(/^```python\n([\s\S]*?)^```/gm)].map((m) => m[1]!);

let p: PythonProject;

beforeAll(async () => {
  p = await pythonProject("python-quick-start", {}, { virtualenvOption: true });
});
afterAll(async () => {
  await p?.dispose();
});

test("the page's project uses the `virtualenv` option, not activated, and names no plugin", () => {
  expect(page).toMatch(/^runtime:\n {2}name: python\n {2}options:\n {4}virtualenv: venv$/m);
  expect(page).not.toMatch(/venv\/bin\/activate/);
  expect(page).not.toMatch(/^plugins:/m);
});

test("up creates the VPC and its subnet, as the outputs say", async () => {
  expect(program).toMatch(/compute\.Vpc\(/);
  p.setProgram(program!);
  await p.pulumi("up", "--yes");
  const [vpc, ...others] = await collect(p.client.each(vpcEndpoints.listVpcs));
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ label: "test-net", region: "us-iad" });
  expect(await p.output("vpcId")).toBe(String(vpc!.id));
  const subnets = await collect(
    p.client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId: vpc!.id }) }),
  );
  expect(subnets).toEqual([expect.objectContaining({ label: "app", ipv4: "10.0.1.0/24" })]);
  expect(await p.output("subnetId")).toBe(String(subnets[0]!.id));
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
