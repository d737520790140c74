/**
 * Refresh reads by listing in the plugin form (Pulumi YAML, the real CLI): a stack of 10 VPCs with a
 * subnet each refreshes with one list request per pass, not one GET per resource, and sees a relabel
 * and a deletion made out of band (the deletion confirmed by its 404). `pulumi refresh --yes` makes
 * two passes, each with its own provider process: its preview, then the refresh.
 */
import { collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { yamlProject, type YamlProject } from "./yaml-project";
import { readLines } from "../../support/writes";

jest.setTimeout(180_000);

const COUNT = 10;
let p: YamlProject;
const vpcs = () => collect(p.client.each(vpcEndpoints.listVpcs));
const gets = () => readLines(p.control);

beforeAll(async () => {
  p = await yamlProject("plugin-refresh-by-listing");
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < COUNT; i++) {
    resources[`net${i}`] = {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: `listed-${i}` },
    };
    resources[`app${i}`] = {
      type: "compute:index:Subnet",
      properties: { vpcId: `\${net${i}.id}`, label: "app", ipv4: "10.0.1.0/24" },
    };
  }
  p.setProgram(resources);
  await p.pulumi("up", "--yes");
});
afterAll(async () => {
  await p?.dispose();
});

test("a refresh with nothing changed reads the stack in one list request per pass", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await gets()).toEqual(["/vpcs 200", "/vpcs 200"]);
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--skip-preview", "--expect-no-changes");
  expect(await gets()).toEqual(["/vpcs 200"]);
});

test("a relabel and a deletion out of band are seen, the deletion confirmed by its 404", async () => {
  const all = await vpcs();
  const moved = all.find((v) => v.label === "listed-2")!;
  const lost = all.find((v) => v.label === "listed-5")!;
  await p.client.api.updateVpc({ params: { vpcId: moved.id }, body: { label: "moved-2" } });
  await p.client.api.deleteVpc({ params: { vpcId: lost.id } });
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--skip-preview");
  expect((await gets()).filter((g) => g !== "/profile 200").sort()).toEqual(
    ["/vpcs 200", `/vpcs/${lost.id} 404`, `/vpcs/${lost.id}/subnets/${lost.subnets[0]!.id} 404`].sort(),
  );
  const state = await p.resources();
  expect(state.find((r) => r.urn.endsWith("::net2"))!.outputs!.label).toBe("moved-2");
  expect(state.filter((r) => r.urn.endsWith("::net5") || r.urn.endsWith("::app5"))).toEqual([]);
});
