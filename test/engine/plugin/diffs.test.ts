/**
 * Diffs as the protocol says, in the plugin form (Pulumi YAML, the real CLI): the detailed diff names
 * the nested path that changes (`interfaces[1].ipv4.vpc`), never a value the API filled in as
 * removed; the diff compares the new inputs with the old inputs (an output the API holds differently
 * is no change); `ignoreChanges` holds for a nested path.
 */
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { stepOf, yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(300_000);

let p: YamlProject;

interface Shape {
  vpcAddress: string;
  image?: string;
  ignore?: string[];
  description?: string;
}

const program = ({ vpcAddress, image = IMAGE, ignore, description = "first" }: Shape) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "yaml-diffs", description } },
  app: {
    type: "compute:index:Subnet",
    properties: { vpcId: "${net.id}", label: "app", ipv4: "10.0.1.0/24" },
  },
  web: {
    type: "compute:index:Instance",
    properties: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "yaml-diffs-web",
      image,
      rootPass: ROOT_PASS,
      interfaces: [
        { purpose: "public" },
        { purpose: "vpc", subnetId: "${app.id}", ipv4: { vpc: vpcAddress } },
      ],
    },
    options: { deleteBeforeReplace: true, ...(ignore && { ignoreChanges: ignore }) },
  },
});

beforeAll(async () => {
  p = await yamlProject("yaml-diffs", { speed: 20 });
  p.setProgram(program({ vpcAddress: "10.0.1.5" }));
  await p.pulumi("up", "--yes");
});

afterAll(() => p?.dispose());

test("a nested change is named by its path, and nothing the API filled in shows", async () => {
  p.setProgram(program({ vpcAddress: "10.0.1.6" }));
  const preview = await p.previewJson();
  expect(stepOf(preview, "web")?.detailedDiff).toEqual({
    "interfaces[1].ipv4.vpc": { kind: "update-replace", inputDiff: true },
  });
  const shown = await p.pulumi("preview", "--diff");
  expect(shown).toMatch(/vpc\s*:\s*"10\.0\.1\.5" => "10\.0\.1\.6"/);
  expect(shown).not.toMatch(/primary/);
});

test("a replace for another input shows that input alone", async () => {
  p.setProgram(program({ vpcAddress: "10.0.1.5", image: "compute/ubuntu24.04" }));
  const preview = await p.previewJson();
  expect(stepOf(preview, "web")?.detailedDiff).toEqual({
    image: { kind: "update-replace", inputDiff: true },
  });
  const shown = await p.pulumi("preview", "--diff");
  expect(shown).not.toMatch(/primary|purpose/);
});

test("ignoreChanges holds for a nested path", async () => {
  p.setProgram(program({ vpcAddress: "10.0.1.9", ignore: ["interfaces[1].ipv4.vpc"] }));
  await p.pulumi("preview", "--expect-no-changes");
});

test("an output the API holds otherwise than the input is no change: the old inputs are compared", async () => {
  p.setProgram(program({ vpcAddress: "10.0.1.5" }));
  await p.editState(({ resources }) => {
    resources.find((r) => r.type === "compute:index:Vpc")!.outputs!.description = "as the API spells it";
  });
  await p.pulumi("preview", "--expect-no-changes");
  // The program's own change still shows.
  p.setProgram(program({ vpcAddress: "10.0.1.5", description: "second" }));
  const preview = await p.previewJson();
  expect(stepOf(preview, "net")?.detailedDiff).toEqual({ description: { kind: "update", inputDiff: true } });
});
