/**
 * The data functions in the plugin form: Pulumi YAML's `fn::invoke` of `compute:index:get<Noun>`,
 * served by the plugin's Invoke with the stack's settings: a get by ID, a list with a label filter,
 * failures as one line naming what was not found, and a wrong argument as the invoke's failure naming
 * it (its value left out when the program made it secret).
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

/** The lines of the invoke's failures the program reports. */
const failureLines = (shown: string) => shown.split("\n").filter((line) => line.includes("invoke failed"));

test("an unknown ID fails naming it (an error); a bad argument is the invoke's failure naming the argument", async () => {
  p.setProgram(vpcs, { missing: invoke("getVpc", { id: "424242" }) });
  const missing = await p.failing("preview");
  expect(missing).toMatch(/invocation of compute:index:getVpc returned an error: VPC 424242 not found/);
  expect(failureLines(missing)).toEqual([]);
  // The engine hands the plugin's failure to the program, which reports `<token> invoke failed: <reason> (<argument>)`.
  p.setProgram(vpcs, { bad: invoke("getVpc", { id: "twelve" }) });
  const bad = await p.failing("preview");
  expect(bad).toMatch(/compute:index:getVpc invoke failed: id must be an integer ID \(id\)/);
  expect(bad).not.toMatch(/returned an error/);
  p.setProgram(vpcs, { regex: invoke("getVpcs", { labelRegex: "fn-(" }) });
  const regex = await p.failing("preview");
  expect(regex).toMatch(
    /compute:index:getVpcs invoke failed: labelRegex is not a valid regular expression \(labelRegex\)/,
  );
  for (const shown of [missing, bad, regex]) expect(shown).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  p.setProgram(vpcs, { unknown: invoke("getNothing", {}) });
  expect(await p.failing("preview")).toMatch(/compute:index:getNothing/);
});

test("a failure never holds the argument's value: a secret reaches the plugin unmarked from YAML", async () => {
  await p.control.clearRequests();
  p.setProgram(vpcs, { bad: invoke("getVpc", { id: { "fn::secret": "topsecret-id" } }) });
  const bad = await p.failing("preview");
  p.setProgram(vpcs, { regex: invoke("getVpcs", { labelRegex: { "fn::secret": "topsecret-(" } }) });
  const regex = await p.failing("preview");
  // YAML lists the program's own lines under the failure; the failure itself names the argument only.
  expect(failureLines(bad)).toEqual([
    expect.stringMatching(/getVpc invoke failed: id must be an integer ID \(id\)$/),
  ]);
  expect(failureLines(regex)).toEqual([
    expect.stringMatching(
      /getVpcs invoke failed: labelRegex is not a valid regular expression \(labelRegex\)$/,
    ),
  ]);
  for (const line of [...failureLines(bad), ...failureLines(regex)]) expect(line).not.toContain("topsecret");
  expect(await p.writes()).toEqual([]);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await p.resources()).toEqual([]);
});
