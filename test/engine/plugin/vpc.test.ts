/**
 * Vpc in the plugin form: a Pulumi YAML program served by `pulumi-resource-compute` through the
 * real CLI: create, no-change preview, update in place, replace (the detailed diff names the
 * input and its kind), clean refresh, `pulumi import` with no write, bad input at preview, destroy.
 */
import { vpcEndpoints } from "../../../src/contract";
import { collect } from "../../../src/client";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;
const vpcs = () => collect(p.client.each(vpcEndpoints.listVpcs));

const vpc = (properties: Record<string, unknown>) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "plugin-net", ...properties } },
});

interface Step {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
}

interface Preview {
  steps: Step[];
  changeSummary: Record<string, number>;
}

async function preview(): Promise<Preview> {
  const shown = await p.pulumi("preview", "--json");
  return JSON.parse(shown.slice(0, shown.lastIndexOf("}") + 1)) as Preview;
}

const previewSteps = async () => (await preview()).steps;

const stepOf = (steps: Step[], name: string) => steps.filter((s) => s.urn.endsWith(`::${name}`));

beforeAll(async () => {
  p = await yamlProject("plugin-vpc");
});
afterAll(async () => {
  await p?.dispose();
});

test("up creates the VPC under the plugin's type, with no internal input in the state", async () => {
  p.setProgram(vpc({ description: "first" }), { vpcId: "${net.id}" });
  await p.pulumi("up", "--yes");
  const [made, ...others] = await vpcs();
  expect(others).toEqual([]);
  expect(made).toMatchObject({ label: "plugin-net", region: "us-iad", description: "first" });
  const state = (await p.resources()).find((r) => r.urn.endsWith("::net"))!;
  expect(state.type).toBe("compute:index:Vpc");
  expect(state.id).toBe(String(made!.id));
  expect(state.inputs).toEqual({ region: "us-iad", label: "plugin-net", description: "first" });
  expect(state.outputs).not.toHaveProperty("journalKey");
  expect(state.outputs).toMatchObject({ label: "plugin-net", created: made!.created });
});

test("a preview of the same program shows no change and sends no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  // The stack and the VPC.
  expect((await preview()).changeSummary).toEqual({ same: 2 });
  expect(await p.writes()).toEqual([]);
});

test("a changed description updates in place: the detailed diff says update", async () => {
  p.setProgram(vpc({ description: "second" }));
  const [step] = stepOf(await previewSteps(), "net");
  expect(step).toMatchObject({
    op: "update",
    detailedDiff: { description: { kind: "update", inputDiff: true } },
  });
  const [before] = await vpcs();
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([`PUT /vpcs/${before!.id}`]);
  expect(await vpcs()).toEqual([expect.objectContaining({ id: before!.id, description: "second" })]);
});

test("a changed region replaces: the detailed diff says update-replace, the old VPC is gone", async () => {
  p.setProgram(vpc({ description: "second", region: "us-ord" }));
  const [step] = stepOf(await previewSteps(), "net");
  expect(step!.op).toBe("replace");
  expect(step!.detailedDiff).toEqual({ region: { kind: "update-replace", inputDiff: true } });
  const [before] = await vpcs();
  await p.pulumi("up", "--yes");
  const after = await vpcs();
  expect(after).toEqual([expect.objectContaining({ region: "us-ord", label: "plugin-net" })]);
  expect(after[0]!.id).not.toBe(before!.id);
});

test("a refresh finds nothing changed", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("`pulumi import compute:index:Vpc` adopts a VPC with no write, and the program then matches it", async () => {
  const made = await p.client.api.createVpc({
    body: { region: "us-iad", label: "outside", description: "made elsewhere" },
  });
  await p.control.clearRequests();
  await p.pulumi("import", "compute:index:Vpc", "outside", String(made.id), "--yes", "--protect=false");
  expect(await p.writes()).toEqual([]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::outside"))!;
  expect(state).toMatchObject({ type: "compute:index:Vpc", id: String(made.id) });
  expect(state.inputs).toEqual({ region: "us-iad", label: "outside", description: "made elsewhere" });
  p.setProgram({
    ...vpc({ description: "second", region: "us-ord" }),
    outside: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "outside", description: "made elsewhere" },
    },
  });
  await p.pulumi("preview", "--expect-no-changes");
});

test("bad input fails the preview naming the property, one line, no trace", async () => {
  p.setProgram(vpc({ region: "xx-nowhere" }));
  const unknownRegion = await p.failing("preview");
  expect(unknownRegion).toMatch(/region/);
  expect(unknownRegion).toMatch(/xx-nowhere/);
  expect(unknownRegion).not.toMatch(/\n\s+at /);
  p.setProgram({ net: { type: "compute:index:Vpc", properties: { region: "us-iad" } } });
  const missing = await p.failing("preview");
  expect(missing).toMatch(/label/);
  expect(missing).not.toMatch(/\n\s+at /);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await vpcs()).toEqual([]);
  expect(await p.resources()).toEqual([]);
});
