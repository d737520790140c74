/**
 * Vpc in the plugin form from a Python program (the generated SDK, `pulumi_compute`) through the real
 * CLI: create, no-change preview, update in place, replace, clean refresh, `pulumi import
 * compute:index:Vpc` with no write, destroy with nothing left.
 */
import { collect } from "../../../../src/client";
import { vpcEndpoints } from "../../../../src/contract";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;
const vpcs = () => collect(p.client.each(vpcEndpoints.listVpcs));

const program = (args: string) => `
net = compute.Vpc("net", ${args})
pulumi.export("vpcId", net.id)
pulumi.export("created", net.created)
`;

beforeAll(async () => {
  p = await pythonProject("python-vpc");
});
afterAll(async () => {
  await p?.dispose();
});

test("up creates the VPC under the plugin's type; the program's outputs hold its ID and fields", async () => {
  p.setProgram(program(`region="us-iad", label="py-net", description="first"`));
  await p.pulumi("up", "--yes");
  const [made, ...others] = await vpcs();
  expect(others).toEqual([]);
  expect(made).toMatchObject({ label: "py-net", region: "us-iad", description: "first" });
  expect(await p.output("vpcId")).toBe(String(made!.id));
  expect(await p.output("created")).toBe(made!.created);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::net"))!;
  expect(state.type).toBe("compute:index:Vpc");
  expect(state.inputs).toEqual({ region: "us-iad", label: "py-net", description: "first" });
});

test("a preview of the same program shows no change and sends no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("a changed description updates in place: one PUT, same VPC", async () => {
  p.setProgram(program(`region="us-iad", label="py-net", description="second"`));
  const [before] = await vpcs();
  await p.control.clearRequests();
  const shown = await p.pulumi("up", "--yes");
  expect(shown).toMatch(/1 updated/);
  expect(await p.writes()).toEqual([`PUT /vpcs/${before!.id}`]);
  expect(await vpcs()).toEqual([expect.objectContaining({ id: before!.id, description: "second" })]);
});

test("a changed region replaces: a new VPC, the old one gone", async () => {
  p.setProgram(program(`region="us-ord", label="py-net", description="second"`));
  const [before] = await vpcs();
  const shown = await p.pulumi("up", "--yes");
  expect(shown).toMatch(/1 replaced/);
  const after = await vpcs();
  expect(after).toEqual([expect.objectContaining({ region: "us-ord", label: "py-net" })]);
  expect(after[0]!.id).not.toBe(before!.id);
  expect(await p.output("vpcId")).toBe(String(after[0]!.id));
});

test("a refresh finds nothing changed and sends no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("`pulumi import compute:index:Vpc` adopts a VPC with no write; the Python program then matches it", async () => {
  const made = await p.client.api.createVpc({
    body: { region: "us-iad", label: "outside", description: "made elsewhere" },
  });
  await p.control.clearRequests();
  // The v3.68.0 Python host cannot write the program's code (GenerateProgram): the state only.
  await p.pulumi(
    "import",
    "compute:index:Vpc",
    "outside",
    String(made.id),
    "--yes",
    "--protect=false",
    "--generate-code=false",
  );
  expect(await p.writes()).toEqual([]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::outside"))!;
  expect(state).toMatchObject({ type: "compute:index:Vpc", id: String(made.id) });
  p.setProgram(
    program(`region="us-ord", label="py-net", description="second"`) +
      `outside = compute.Vpc("outside", region="us-iad", label="outside", description="made elsewhere")\n`,
  );
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await vpcs()).toEqual([]);
  expect(await p.resources()).toEqual([]);
});
