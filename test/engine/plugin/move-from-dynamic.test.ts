/**
 * Moving a resource from the dynamic form (the TypeScript class) to the plugin form: the same
 * program declares the plugin's type with an alias of the dynamic one, and the engine shows it
 * unchanged, sends no write, and from then on serves it with the plugin (destroy included).
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { Vpc } from "../../../src/resources/vpc";
import { engineStack, type EngineStack } from "../harness";

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, "../../..");
const args = { region: "us-iad", label: "moving", description: "from the dynamic form" };

/** The plugin's Vpc, as an SDK generated from the schema declares it, with the dynamic type as an alias. */
class PluginVpc extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("compute:index:Vpc", name, props, { aliases: [{ type: "pulumi-nodejs:dynamic/compute:Vpc" }] });
  }
}

let e: EngineStack;
const vpcs = () => collect(e.client.each(vpcEndpoints.listVpcs));

beforeAll(async () => {
  e = await engineStack("move-to-plugin");
  // The plugin from this checkout, as a project names a local plugin.
  const settings = await e.stack.workspace.projectSettings();
  // (`plugins` is a key of Pulumi.yaml the Automation API's type leaves out.)
  await e.stack.workspace.saveProjectSettings(
    Object.assign(settings, { plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] } }),
  );
});
afterAll(async () => {
  await e?.dispose();
});

test("a dynamic Vpc declared as compute:index:Vpc with a type alias stays the same object", async () => {
  e.setProgram(async () => {
    new Vpc("net", args);
  });
  await e.stack.up();
  const [made] = await vpcs();

  e.setProgram(async () => {
    new PluginVpc("net", args);
  });
  const preview = await e.stack.preview();
  expect(preview.changeSummary).toEqual({ same: 2 });
  await e.control.clearRequests();
  const { summary } = (await e.stack.up()) as { summary: { resourceChanges?: Record<string, number> } };
  expect(summary.resourceChanges).toEqual({ same: 2 });
  expect(await e.writes()).toEqual([]);
  const state = (await e.stack.exportStack()).deployment.resources.find((r: { urn: string }) =>
    r.urn.endsWith("::net"),
  );
  expect(state).toMatchObject({ type: "compute:index:Vpc", id: String(made!.id) });
  expect(await vpcs()).toEqual([made]);
});

test("the plugin then updates and deletes it", async () => {
  e.setProgram(async () => {
    new PluginVpc("net", { ...args, description: "in the plugin form" });
  });
  await e.stack.up();
  expect(await vpcs()).toEqual([expect.objectContaining({ description: "in the plugin form" })]);
  await e.stack.destroy();
  expect(await vpcs()).toEqual([]);
});
