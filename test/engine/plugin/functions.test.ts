/**
 * The data functions in the plugin form: Pulumi YAML's `fn::invoke` of `compute:index:get<Noun>`,
 * served by the plugin's Invoke with the stack's settings: a get by ID, a list with a label filter,
 * and failures as one line naming what was not found or the argument that is wrong.
 */
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;

const invoke = (fn: string, args: Record<string, unknown>, ret?: string) => ({
  "fn::invoke": { function: `compute:index:${fn}`, arguments: args, ...(ret && { return: ret }) },
});

const vpcs = {
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "fn-net" } },
  other: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "fn-other" } },
};

beforeAll(async () => {
  p = await yamlProject("plugin-functions");
});
afterAll(async () => {
  await p?.dispose();
});

test("getVpc by a resource's id and getVpcs with a label filter return the API's records", async () => {
  p.setProgram(vpcs, {
    netId: "${net.id}",
    byId: invoke("getVpc", { id: "${net.id}" }),
    // The label from the resource: the invoke waits for the VPC to be made.
    listed: invoke("getVpcs", { label: "${net.label}", region: "us-iad" }, "vpcs"),
    regions: invoke("getRegions", { capability: "VPCs", country: "us" }, "regions"),
  });
  await p.pulumi("up", "--yes");
  // IDs in results are strings, as the resource's id is.
  const netId = await p.output("netId");
  expect(await p.output("byId")).toMatchObject({ id: netId, label: "fn-net", region: "us-iad", subnets: [] });
  const listed = (await p.output("listed")) as { id: string; label: string }[];
  expect(listed.map((v) => [v.id, v.label])).toEqual([[netId, "fn-net"]]);
  const regions = (await p.output("regions")) as { id: string; country: string; capabilities: string[] }[];
  expect(regions.length).toBeGreaterThan(0);
  for (const r of regions) {
    expect(r.country).toBe("us");
    expect(r.capabilities).toContain("VPCs");
  }
});

test("an unknown ID fails naming it, a bad ID argument fails naming the argument: one line each", async () => {
  p.setProgram(vpcs, { missing: invoke("getVpc", { id: "424242" }) });
  const missing = await p.failing("preview");
  expect(missing).toMatch(/VPC 424242 not found/);
  p.setProgram(vpcs, { bad: invoke("getVpc", { id: "twelve" }) });
  const bad = await p.failing("preview");
  expect(bad).toMatch(/id must be an integer ID, not "twelve"/);
  for (const shown of [missing, bad]) expect(shown).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  p.setProgram(vpcs, { unknown: invoke("getNothing", {}) });
  expect(await p.failing("preview")).toMatch(/compute:index:getNothing/);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await p.resources()).toEqual([]);
});
