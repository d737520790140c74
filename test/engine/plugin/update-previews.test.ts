/**
 * What the preview of an update knows, in the plugin form (Pulumi YAML, the real CLI): the plugin
 * answers Create and Update previews itself, so after a change of labels `pulumi preview --json` shows
 * the updated resources' `id`, `created` and an instance's `ipv4` as they are (only what the API sets
 * anew, `updated`, unknown), and a resource that reads them previews with them: no change.
 */
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;

/** The Instance `web`, booted from an image. */
const instance = (type: string, label: string) => ({
  type: "compute:index:Instance",
  properties: { region: "us-iad", type, label, image: IMAGE, rootPass: ROOT_PASS },
});

const program = (suffix: string) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: `pv-net${suffix}` } },
  web: instance("g6-standard-1", `pv-web${suffix}`),
  // Reads what the updates leave as they are.
  echo: {
    type: "compute:index:Vpc",
    properties: {
      region: "us-iad",
      label: "pv-echo",
      description: "${web.ipv4[0]} since ${web.created} in ${net.id} made ${net.created}",
    },
  },
  // Reads what a resize sets anew.
  specsEcho: {
    type: "compute:index:Vpc",
    properties: { region: "us-iad", label: "pv-specs", description: "memory ${web.specs.memory}" },
  },
  // Reads what any update sets anew.
  stamp: {
    type: "compute:index:Vpc",
    properties: { region: "us-iad", label: "pv-stamp", description: "${web.updated}" },
  },
});

beforeAll(async () => {
  p = await yamlProject("plugin-update-previews", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

const outputs = { address: "${web.ipv4[0]}", webCreated: "${web.created}" };

/** Each resource's op in `pulumi preview --json` (a resource with no step: none). */
async function ops(): Promise<Record<string, string>> {
  const shown = await p.pulumi("preview", "--json");
  const preview = JSON.parse(shown.slice(0, shown.lastIndexOf("}") + 1)) as {
    steps: { op: string; urn: string }[];
  };
  return Object.fromEntries(preview.steps.map((s) => [s.urn.split("::").pop()!, s.op]));
}

test("after a change of labels, the preview knows the IDs, created and the address: what reads them does not change", async () => {
  p.setProgram(program(""), outputs);
  await p.pulumi("up", "--yes");
  const echoId = String((await p.client.api.listVpcs()).data.find((v) => v.label === "pv-echo")!.id);
  const before = { address: await p.output("address"), webCreated: await p.output("webCreated") };
  p.setProgram(program("-2"), outputs);
  // The echo reads what the updates keep: known, equal, no change. The stamp reads `updated`, which
  // the API sets anew: unknown, so it may change.
  const previewed = await ops();
  expect(previewed).toMatchObject({ net: "update", web: "update", stamp: "update" });
  expect(previewed.echo ?? "same").toBe("same");
  expect(previewed.specsEcho ?? "same").toBe("same");
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).not.toContain(`PUT /vpcs/${echoId}`);
  expect({ address: await p.output("address"), webCreated: await p.output("webCreated") }).toEqual(before);
});

test("a resize previews the instance's specs unknown (what reads them may change), its address known", async () => {
  const resized = {
    ...program("-2"),
    web: instance("g6-standard-2", "pv-web-2"),
  };
  p.setProgram(resized, outputs);
  const previewed = await ops();
  expect(previewed).toMatchObject({ web: "update", specsEcho: "update" });
  expect(previewed.echo ?? "same").toBe("same");
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await p.resources()).toEqual([]);
});
