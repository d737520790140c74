/**
 * Diffs as the protocol says, in a Python program (the generated SDK, the real CLI): a nested change
 * is named by its path with nothing the API filled in shown, `ignore_changes` holds for a nested path,
 * and the old inputs are compared, not the outputs. The YAML form: ../diffs.test.ts.
 */
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { stepOf } from "../preview-json";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;

const program = (vpcAddress: string, ignore = "") => `
net = compute.Vpc("net", region="us-iad", label="py-diffs", description="first")
app = compute.Subnet("app", vpc_id=net.id, label="app", ipv4="10.0.1.0/24")
compute.Instance("web", region="us-iad", type="g6-standard-1", label="py-diffs-web", image="${IMAGE}",
    root_pass="${ROOT_PASS}",
    interfaces=[{"purpose": "public"}, {"purpose": "vpc", "subnetId": app.id, "ipv4": {"vpc": "${vpcAddress}"}}],
    opts=pulumi.ResourceOptions(delete_before_replace=True${ignore ? `, ignore_changes=["${ignore}"]` : ""}))
`;

beforeAll(async () => {
  p = await pythonProject("python-diffs", { speed: 20 });
  p.setProgram(program("10.0.1.5"));
  await p.pulumi("up", "--yes");
});
afterAll(async () => {
  await p?.dispose();
});

test("a nested change is named by its path, and nothing the API filled in shows", async () => {
  p.setProgram(program("10.0.1.6"));
  expect(stepOf(await p.previewJson(), "web")?.detailedDiff).toEqual({
    "interfaces[1].ipv4.vpc": { kind: "update-replace", inputDiff: true },
  });
  const shown = await p.pulumi("preview", "--diff");
  expect(shown).toMatch(/vpc\s*:\s*"10\.0\.1\.5" => "10\.0\.1\.6"/);
  expect(shown).not.toMatch(/primary/);
});

test("ignore_changes holds for a nested path", async () => {
  p.setProgram(program("10.0.1.9", "interfaces[1].ipv4.vpc"));
  await p.pulumi("preview", "--expect-no-changes");
});

test("an output the API holds otherwise than the input is no change: the old inputs are compared", async () => {
  p.setProgram(program("10.0.1.5"));
  await p.editState(({ resources }) => {
    resources.find((r) => r.type === "compute:index:Vpc")!.outputs!.description = "as the API spells it";
  });
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("destroy", "--yes");
});
