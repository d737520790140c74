/**
 * The story of a Vpc in the plugin form, told once for every language (vpc.test.ts in YAML,
 * python/vpc.test.ts in Python, go/vpc.test.ts in Go): create under the plugin's type (no internal
 * input in the state, the outputs vpcId and created read back), no-change preview, update in place and
 * replace (the detailed diff names the input and its kind, the summary counts it), clean refresh (and
 * preview after it), `pulumi import` with no write, bad input at preview, destroy.
 */
import { collect } from "../../../../src/client";
import { vpcEndpoints } from "../../../../src/contract";
import { changed, diffsOf, opsOf } from "../preview-json";
import { importFlags, type StoryLanguage, type StoryProject } from "./language";
import { cleanRefresh, noChangePreview } from "./steps";

/**
 * What the program declares: the Vpc `net` (no `label` when it is left out), and once imported the Vpc
 * `outside` (us-iad, labelled outside, described "made elsewhere"). Outputs `vpcId` and `created`
 * (net's).
 */
export interface Vpc {
  region: string;
  label?: string;
  description?: string;
  outside?: boolean;
}

export function vpcStory(language: StoryLanguage<Vpc>): void {
  const label = `${language.prefix}-net`;
  jest.setTimeout(180_000);

  let p: StoryProject;
  let write: (shape: Vpc) => void;
  const vpcs = () => collect(p.client.each(vpcEndpoints.listVpcs));

  beforeAll(async () => {
    ({ project: p, write } = await language.start());
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test("up creates the VPC under the plugin's type, with no internal input in the state; the outputs hold its ID and fields", async () => {
    write({ region: "us-iad", label, description: "first" });
    const shown = await p.pulumi("up", "--yes");
    // The shell of scripts/env: the language host beside the CLI, the plugin named by the project.
    expect(shown).not.toMatch(/from \$PATH/);
    const [made, ...others] = await vpcs();
    expect(others).toEqual([]);
    expect(made).toMatchObject({ label, region: "us-iad", description: "first" });
    expect(await p.output("vpcId")).toBe(String(made!.id));
    expect(await p.output("created")).toBe(made!.created);
    const state = (await p.resources()).find((r) => r.urn.endsWith("::net"))!;
    expect(state.type).toBe("compute:index:Vpc");
    expect(state.id).toBe(String(made!.id));
    expect(state.inputs).toEqual({ region: "us-iad", label, description: "first" });
    expect(state.outputs).not.toHaveProperty("__journalKey");
    expect(state.outputs).toMatchObject({ label, created: made!.created });
  });

  // The stack and the VPC.
  noChangePreview(() => p, 2);

  test("a changed description updates in place: the detailed diff says update, one PUT, same VPC", async () => {
    write({ region: "us-iad", label, description: "second" });
    const preview = await p.previewJson();
    expect(opsOf(preview)).toEqual({ net: "update" });
    expect(diffsOf(preview, "net")).toEqual({ net: changed("update", "description") });
    const [before] = await vpcs();
    await p.control.clearRequests();
    const shown = await p.pulumi("up", "--yes");
    expect(shown).toMatch(/1 updated/);
    expect(await p.writes()).toEqual([`PUT /vpcs/${before!.id}`]);
    expect(await vpcs()).toEqual([expect.objectContaining({ id: before!.id, description: "second" })]);
  });

  test("a changed region replaces: the detailed diff says update-replace, a new VPC, the old one gone", async () => {
    write({ region: "us-ord", label, description: "second" });
    const preview = await p.previewJson();
    expect(opsOf(preview)).toEqual({ net: "replace" });
    expect(diffsOf(preview, "net")).toEqual({ net: changed("update-replace", "region") });
    const [before] = await vpcs();
    const shown = await p.pulumi("up", "--yes");
    expect(shown).toMatch(/1 replaced/);
    const after = await vpcs();
    expect(after).toEqual([expect.objectContaining({ region: "us-ord", label })]);
    expect(after[0]!.id).not.toBe(before!.id);
    expect(await p.output("vpcId")).toBe(String(after[0]!.id));
  });

  cleanRefresh(() => p);

  test("`pulumi import compute:index:Vpc` adopts a VPC with no write, and the program then matches it", async () => {
    const made = await p.client.api.createVpc({
      body: { region: "us-iad", label: "outside", description: "made elsewhere" },
    });
    await p.control.clearRequests();
    await p.pulumi("import", "compute:index:Vpc", "outside", String(made.id), ...importFlags(language));
    expect(await p.writes()).toEqual([]);
    const state = (await p.resources()).find((r) => r.urn.endsWith("::outside"))!;
    expect(state).toMatchObject({ type: "compute:index:Vpc", id: String(made.id) });
    expect(state.inputs).toEqual({ region: "us-iad", label: "outside", description: "made elsewhere" });
    write({ region: "us-ord", label, description: "second", outside: true });
    await p.pulumi("preview", "--expect-no-changes");
    expect(await p.writes()).toEqual([]);
  });

  test("bad input fails the preview naming the property, one line, no trace", async () => {
    write({ region: "xx-nowhere", label });
    const unknownRegion = await p.failing("preview");
    expect(unknownRegion).toMatch(/region/);
    expect(unknownRegion).toMatch(/xx-nowhere/);
    expect(unknownRegion).not.toMatch(/\n\s+at /);
    // The plugin's Check names it in YAML; the generated SDKs refuse it first: Python's with a TypeError,
    // Go's constructor with "invalid value for required argument 'Label'".
    write({ region: "us-iad" });
    const missing = await p.failing("preview");
    expect(missing).toMatch(/label/i);
    expect(missing).not.toMatch(/\n\s+at /);
  });

  test("destroy leaves nothing", async () => {
    await p.pulumi("destroy", "--yes");
    expect(await vpcs()).toEqual([]);
    expect(await p.resources()).toEqual([]);
  });
}
