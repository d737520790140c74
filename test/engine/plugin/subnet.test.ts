/**
 * Subnet in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the real CLI): created under a
 * VPC by reference, no-change preview, label updated in place, range replaced, clean refresh,
 * `pulumi import compute:index:Subnet NAME VPCID/SUBNETID` with no write, bad input, destroy.
 */
import { vpcEndpoints, VpcParams } from "../../../src/contract";
import { collect } from "../../../src/client";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;
let vpcId: number;
const subnets = () =>
  collect(p.client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId }) }));

const program = (subnet: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "plugin-subnets" } },
  app: {
    type: "compute:index:Subnet",
    properties: { vpcId: "${net.id}", label: "app", ipv4: "10.0.1.0/24", ...subnet },
  },
  ...more,
});

async function detailedDiff(name: string) {
  const shown = await p.pulumi("preview", "--json");
  const { steps } = JSON.parse(shown.slice(0, shown.lastIndexOf("}") + 1)) as {
    steps: { op: string; urn: string; detailedDiff?: Record<string, { kind: string }> }[];
  };
  return steps.find((s) => s.urn.endsWith(`::${name}`));
}

beforeAll(async () => {
  p = await yamlProject("plugin-subnet");
});
afterAll(async () => {
  await p?.dispose();
});

test("up creates a subnet in the VPC it names by reference", async () => {
  p.setProgram(program({}));
  await p.pulumi("up", "--yes");
  vpcId = (await collect(p.client.each(vpcEndpoints.listVpcs)))[0]!.id;
  expect(await subnets()).toEqual([expect.objectContaining({ label: "app", ipv4: "10.0.1.0/24" })]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::app"))!;
  expect(state.type).toBe("compute:index:Subnet");
  // The parent's ID as the schema types it: a string (as another resource's `id` is).
  expect(state.inputs).toEqual({ vpcId: String(vpcId), label: "app", ipv4: "10.0.1.0/24" });
});

test("a preview of the same program sends no write and shows no change", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("a new label updates in place; a new range replaces the subnet", async () => {
  p.setProgram(program({ label: "app2" }));
  expect(await detailedDiff("app")).toMatchObject({
    op: "update",
    detailedDiff: { label: { kind: "update" } },
  });
  const [before] = await subnets();
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([`PUT /vpcs/${vpcId}/subnets/${before!.id}`]);

  p.setProgram(program({ label: "app2", ipv4: "10.0.9.0/24" }));
  const replace = await detailedDiff("app");
  expect(replace).toMatchObject({ op: "replace" });
  expect(replace!.detailedDiff).toEqual({ ipv4: { kind: "update-replace", inputDiff: true } });
  await p.pulumi("up", "--yes");
  const after = await subnets();
  expect(after).toEqual([expect.objectContaining({ label: "app2", ipv4: "10.0.9.0/24" })]);
  expect(after[0]!.id).not.toBe(before!.id);
});

test("a refresh finds nothing changed", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("`pulumi import compute:index:Subnet` takes VPCID/SUBNETID and writes nothing", async () => {
  const made = await p.client.api.createSubnet({
    params: VpcParams.parse({ vpcId }),
    body: { label: "outside", ipv4: "10.0.20.0/24" },
  });
  await p.control.clearRequests();
  await p.pulumi(
    "import",
    "compute:index:Subnet",
    "outside",
    `${vpcId}/${made.id}`,
    "--yes",
    "--protect=false",
  );
  expect(await p.writes()).toEqual([]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::outside"))!;
  expect(state).toMatchObject({ type: "compute:index:Subnet", id: String(made.id) });
  expect(state.inputs).toEqual({ vpcId: String(vpcId), label: "outside", ipv4: "10.0.20.0/24" });
  const bad = await p.failing("import", "compute:index:Subnet", "worse", String(made.id), "--yes");
  expect(bad).toMatch(/Subnet import ID must be vpcId\/subnetId, not \d+/);
  expect(bad).not.toMatch(/\n\s+at /);
});

test("a `get` reads a subnet by its id with the VPC's in its state, or by VPCID/SUBNETID; by its id alone it fails naming both", async () => {
  const [outside] = (await subnets()).filter((s) => s.label === "outside");
  const kept = {
    outside: {
      type: "compute:index:Subnet",
      properties: { vpcId: "${net.id}", label: "outside", ipv4: "10.0.20.0/24" },
    },
  };
  const read = (get: Record<string, unknown>) => ({ type: "compute:index:Subnet", get });
  p.setProgram(
    program(
      { label: "app2", ipv4: "10.0.9.0/24" },
      {
        ...kept,
        byState: read({ id: String(outside!.id), state: { vpcId: "${net.id}" } }),
        byPath: read({ id: `${vpcId}/${outside!.id}` }),
      },
    ),
    { labelByState: "${byState.label}", rangeByPath: "${byPath.ipv4}" },
  );
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect(await p.output("labelByState")).toBe("outside");
  expect(await p.output("rangeByPath")).toBe("10.0.20.0/24");
  const state = await p.resources();
  for (const name of ["byState", "byPath"]) {
    const got = state.find((r) => r.urn.endsWith(`::${name}`))!;
    expect(got).toMatchObject({ id: String(outside!.id), external: true });
    expect(got.outputs).toMatchObject({ vpcId: String(vpcId), label: "outside" });
  }

  p.setProgram(
    program({ label: "app2", ipv4: "10.0.9.0/24" }, { ...kept, bare: read({ id: String(outside!.id) }) }),
  );
  const bad = await p.failing("preview");
  expect(bad).toContain(
    `Subnet import ID must be vpcId/subnetId, not ${outside!.id} (a get takes the Subnet's id with state {vpcId: ...})`,
  );
  expect(bad).not.toMatch(/\n\s+at /);
  p.setProgram(program({ label: "app2", ipv4: "10.0.9.0/24" }, kept));
  await p.pulumi("up", "--yes");
});

test("an overlapping range fails the preview naming ipv4", async () => {
  p.setProgram(
    program(
      { label: "app2", ipv4: "10.0.9.0/24" },
      {
        db: {
          type: "compute:index:Subnet",
          properties: { vpcId: "${net.id}", label: "db", ipv4: "10.0.9.128/25" },
        },
      },
    ),
  );
  const shown = await p.failing("preview");
  // The engine names the property and its value; the reason no longer repeats the name.
  expect(shown).toMatch(
    /compute:index:Subnet resource 'db': property ipv4 value \{10\.0\.9\.128\/25\} has a problem: ipv4 10\.0\.9\.128\/25 overlaps/,
  );
  expect(shown).not.toMatch(/\n\s+at /);
});

/** Two new subnets of one VPC whose ranges overlap, the VPC given as `vpcId`. */
const overlapping = (vpcId: string) => ({
  left: { type: "compute:index:Subnet", properties: { vpcId, label: "left", ipv4: "10.5.0.0/24" } },
  right: { type: "compute:index:Subnet", properties: { vpcId, label: "right", ipv4: "10.5.0.128/25" } },
});

test("two new subnets overlapping in a VPC named by its ID fail the preview naming ipv4, as in TypeScript", async () => {
  const outer = await p.client.api.createVpc({ body: { region: "us-iad", label: "plugin-outer" } });
  p.setProgram(program({ label: "app2", ipv4: "10.0.9.0/24" }, overlapping(String(outer.id))));
  await p.control.clearRequests();
  const shown = await p.failing("preview");
  // The engine checks one after the other: the second meets the first (the process notes both).
  expect(shown).toMatch(
    /compute:index:Subnet resource '(left|right)': property ipv4 value \{10\.5\.0\.\S+\} has a problem: ipv4 10\.5\.0\.\S+ overlaps subnet (left|right) \(10\.5\.0\.\S+\)/,
  );
  expect(shown).not.toMatch(/\n\s+at /);
  expect(await p.writes()).toEqual([]);
  await p.client.api.deleteVpc({ params: VpcParams.parse({ vpcId: outer.id }) });
});

test("in a VPC the same run creates, the preview cannot tell (its ID is unknown); the up's check fails naming ipv4", async () => {
  p.setProgram(
    program(
      { label: "app2", ipv4: "10.0.9.0/24" },
      {
        fresh: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "plugin-fresh" } },
        ...overlapping("${fresh.id}"),
      },
    ),
  );
  // A YAML Check carries no dependencies, so no parent key as the TypeScript classes pass: the
  // preview passes. The engine checks each resource again once its inputs are known, in the `up`:
  // the second subnet then fails there, naming ipv4, before any request for it.
  await p.pulumi("preview");
  await p.control.clearRequests();
  const shown = await p.failing("up", "--yes");
  expect(shown).toMatch(
    /compute:index:Subnet \((left|right)\):\n\s+error: compute:index:Subnet resource '(left|right)': property ipv4 value \{10\.5\.0\.\S+\} has a problem: ipv4 10\.5\.0\.\S+ overlaps subnet (left|right)/,
  );
  expect(shown).not.toMatch(/\n\s+at /);
  expect((await p.writes()).filter((w) => w.startsWith("POST /vpcs/"))).toHaveLength(1);
  // One of them was made (whichever the engine checked first); the program without the other converges.
  const made = (await p.resources()).filter((r) => /::(left|right)$/.test(r.urn));
  expect(made).toHaveLength(1);
  const kept = made[0]!.urn.endsWith("::left") ? "left" : "right";
  p.setProgram(
    program(
      { label: "app2", ipv4: "10.0.9.0/24" },
      {
        fresh: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "plugin-fresh" } },
        [kept]: overlapping("${fresh.id}")[kept],
      },
    ),
  );
  await p.pulumi("up", "--yes");
  await p.pulumi("preview", "--expect-no-changes");
});

test("destroy leaves nothing, the imported subnet included", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
  expect(await p.resources()).toEqual([]);
});
