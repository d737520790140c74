/**
 * An input name the kind does not have, in the plugin form: a program past an SDK's typing (a
 * TypeScript ``pulumi.CustomResource` of `compute:index:Vpc`; Pulumi YAML checks names itself) is told
 * the name and the one it most likely means at preview, never the value, and nothing is written.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { engineStack, failure, type EngineStack } from "../harness";

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, "../../..");

/** `compute:index:Vpc` as a program declares it without an SDK. */
class Vpc extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("compute:index:Vpc", name, props);
  }
}

let e: EngineStack;

beforeAll(async () => {
  e = await engineStack("input-names");
  const settings = await e.stack.workspace.projectSettings();
  // (`plugins` is a key of Pulumi.yaml the Automation API's type leaves out.)
  await e.stack.workspace.saveProjectSettings(
    Object.assign(settings, { plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] } }),
  );
});
afterAll(async () => {
  await e?.dispose();
});

test("a misspelt input fails the preview naming it and the input it most likely means", async () => {
  e.setProgram(async () => {
    const props = { region: "us-iad", label: "input-names", descripton: "a-value-not-shown" };
    new Vpc("net", props);
  });
  let shown = "";
  await e.control.clearRequests();
  const failed = await failure(e.stack.preview({ onOutput: (out) => (shown += out) }));
  expect(failed).toBeDefined();
  expect(shown).toContain(
    "compute:index:Vpc resource 'net' has a problem: `descripton` is not an input of Vpc; did you mean `description`?",
  );
  expect(shown).not.toContain("a-value-not-shown");
  expect(await e.writes()).toEqual([]);
});

test("the inputs spelt as the kind has them preview", async () => {
  e.setProgram(async () => {
    const props = { region: "us-iad", label: "input-names", description: "a description" };
    new Vpc("net", props);
  });
  const preview = await e.stack.preview();
  expect(preview.changeSummary).toEqual({ create: 2 });
});
