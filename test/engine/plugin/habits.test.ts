/**
 * Pulumi habits in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the real CLI), as
 * pulumi-habits.test.ts has them for the TypeScript classes:
 * - a labelled Instance's story: create, no-change preview, label updated in place, another image
 *   replacing it (delete-first: the label is unique);
 * - `pulumi up --replace <urn>` for a Vpc and a labelled Instance: a new object, the old one gone,
 *   a clean preview after;
 * - a refused token or an API that cannot be reached fails the preview naming the setting;
 * - bad input (an unknown region, a weak root password, a missing required input) fails the
 *   preview naming the property, one line, no trace; a value the program made secret is never shown.
 * The emulator runs 20 times faster: a boot's 3 s take 0.15 s.
 */
import { collect } from "../../../src/client";
import { instanceEndpoints, vpcEndpoints } from "../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { opsOf, stepOf, yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(240_000);

let p: YamlProject;
const vpcs = () => collect(p.client.each(vpcEndpoints.listVpcs));
const instances = () => collect(p.client.each(instanceEndpoints.listInstances));

const web = { region: "us-iad", type: "g6-nanode-1", label: "yaml-web", image: IMAGE, rootPass: ROOT_PASS };
const program = (server: Record<string, unknown> = {}, net: Record<string, unknown> = {}) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "yaml-habits", ...net } },
  web: { type: "compute:index:Instance", properties: { ...web, ...server } },
});

/** Each resource's URN and ID in the state, by name. */
async function state(): Promise<Record<string, { urn: string; id: string }>> {
  return Object.fromEntries(
    (await p.resources())
      .filter((r) => r.type.startsWith("compute:index:"))
      .map((r) => [r.urn.split("::").pop()!, { urn: r.urn, id: r.id! }]),
  );
}

/** One line, no trace, the secret never shown. */
function oneLine(shown: string): void {
  expect(shown).not.toMatch(/\n\s+at /);
  expect(shown).not.toContain(ROOT_PASS);
}

beforeAll(async () => {
  p = await yamlProject("plugin-habits", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

describe("a labelled Instance", () => {
  test("up creates it running; a preview of the same program shows no change", async () => {
    p.setProgram(program());
    await p.pulumi("up", "--yes");
    expect(await instances()).toEqual([expect.objectContaining({ label: "yaml-web", status: "running" })]);
    await p.control.clearRequests();
    await p.pulumi("preview", "--expect-no-changes");
    expect(await p.writes()).toEqual([]);
  });

  test("a new label updates it in place", async () => {
    p.setProgram(program({ label: "yaml-web-2" }));
    expect(stepOf(await p.previewJson(), "web")).toMatchObject({
      op: "update",
      detailedDiff: { label: { kind: "update", inputDiff: true } },
    });
    const [before] = await instances();
    await p.control.clearRequests();
    await p.pulumi("up", "--yes");
    expect(await p.writes()).toEqual([`PUT /compute/instances/${before!.id}`]);
    expect(await instances()).toEqual([expect.objectContaining({ id: before!.id, label: "yaml-web-2" })]);
  });

  test("another image replaces it, the old one deleted first (its label is unique)", async () => {
    p.setProgram(program({ label: "yaml-web-2", image: "compute/debian11" }));
    const preview = await p.previewJson();
    expect(opsOf(preview)).toEqual({ web: "replace" });
    expect(stepOf(preview, "web")!.detailedDiff).toEqual({
      image: { kind: "update-replace", inputDiff: true },
    });
    const [before] = await instances();
    await p.pulumi("up", "--yes");
    const after = await instances();
    expect(after).toEqual([expect.objectContaining({ label: "yaml-web-2", image: "compute/debian11" })]);
    expect(after[0]!.id).not.toBe(before!.id);
    await p.pulumi("refresh", "--yes", "--expect-no-changes");
    await p.pulumi("preview", "--expect-no-changes");
  });
});

describe("pulumi up --replace", () => {
  // The engine asks the provider for delete-first on a diff, never on `--replace`: a resource with a
  // unique label needs the option here (the TypeScript classes set it themselves).
  const withOption = (deleteBeforeReplace: boolean) => {
    const resources = program({ label: "yaml-web-2", image: "compute/debian11" });
    for (const resource of Object.values(resources))
      Object.assign(resource, { options: { deleteBeforeReplace } });
    return resources;
  };

  test("without deleteBeforeReplace, the create fails in one line naming the option, and nothing changes", async () => {
    p.setProgram(withOption(false));
    const old = (await state()).net!;
    const shown = await p.failing("up", "--yes", "--replace", old.urn);
    expect(shown).toMatch(
      /Vpc create: a Vpc labelled "yaml-habits" is still held by \d+, this resource's earlier object: .*set the resource option deleteBeforeReplace: true/,
    );
    oneLine(shown);
    expect((await vpcs()).map((v) => String(v.id))).toEqual([old.id]);
    expect((await state()).net!.id).toBe(old.id);
  });

  test.each([["net"], ["web"]])(
    "%s, with deleteBeforeReplace: a new object, the old one deleted, and a clean preview after",
    async (name) => {
      p.setProgram(withOption(true));
      const old = (await state())[name]!;
      await p.pulumi("up", "--yes", "--replace", old.urn);
      const now = (await state())[name]!;
      expect(now.id).not.toBe(old.id);
      const ids =
        name === "net"
          ? (await vpcs()).map((v) => String(v.id))
          : (await instances()).map((i) => String(i.id));
      expect(ids).toEqual([now.id]);
      await p.pulumi("preview", "--expect-no-changes");
    },
  );
});

describe("credentials at preview", () => {
  test("a refused token fails the preview naming compute:token, never its value", async () => {
    await p.pulumi("config", "set", "--secret", "compute:token", "a-wrong-token-value");
    // A change to preview: the run would write, so the preview asks whether the API takes the token.
    p.setProgram(program({ label: "yaml-web-2", image: "compute/debian11" }, { description: "changed" }));
    const shown = await p.failing("preview");
    expect(shown).toMatch(/compute:token is refused by http:\/\/127\.0\.0\.1:\d+\/v4: \[401\]/);
    expect(shown).not.toContain("a-wrong-token-value");
    oneLine(shown);
    await p.pulumi("config", "set", "--secret", "compute:token", p.emulator.token);
  });

  test("an API that cannot be reached fails it naming compute:apiUrl and the URL", async () => {
    const closed = "http://127.0.0.1:9/v4";
    await p.pulumi("config", "set", "compute:apiUrl", closed);
    // A changed label too: its lookup at check no longer spends its retries before the access check.
    p.setProgram(program({ label: "yaml-web-3", image: "compute/debian11" }, { description: "changed" }));
    const shown = await p.failing("preview");
    expect(shown).toContain(`compute:apiUrl ${closed} cannot be reached (ECONNREFUSED)`);
    oneLine(shown);
    await p.pulumi("config", "set", "compute:apiUrl", p.emulator.url);
  });
});

describe("bad input fails the preview naming the property, one line, no trace", () => {
  test.each([
    [
      "an unknown region",
      { region: "xx-nowhere" },
      /web': property region value \{xx-nowhere\} has a problem: Region xx-nowhere does not exist/,
    ],
    ["a weak root password", { rootPass: "weakweakweak" }, /web' has a problem: rootPass: /],
    // The YAML host checks the schema's required inputs before it registers the resource, so the
    // plugin never sees this one: the host's own three lines, naming the property.
    [
      "a missing required input",
      { type: undefined },
      /compute:index:Instance[^\n]*\n.*\n\s+type: Missing required property 'type'/,
    ],
  ])("%s", async (_what, change, expected) => {
    p.setProgram(program({ label: "yaml-web-2", image: "compute/debian11", ...change }));
    await p.control.clearRequests();
    const shown = await p.failing("preview");
    expect(shown).toMatch(expected);
    oneLine(shown);
    // Nor the weak password: a secret, whatever its strength.
    expect(shown).not.toContain("weakweakweak");
    expect(await p.writes()).toEqual([]);
  });
});

describe("a value the program made secret, failing a rule", () => {
  const cpu = (value: unknown) => ({
    label: "yaml-web-2",
    image: "compute/debian11",
    alerts: { cpu: value },
  });

  test("a plain one: the engine names the input and shows its value", async () => {
    p.setProgram(program(cpu(-5731)));
    const shown = await p.failing("preview");
    expect(shown).toMatch(
      /web': property alerts value \{map\[cpu:\{-5731\}\]\} has a problem: alerts\.cpu: must be at least 0 \(got -5731\)/,
    );
  });

  test("a secret one (`fn::secret`, inside an input): the path without the value, in neither part", async () => {
    p.setProgram(program(cpu({ "fn::secret": -5731 })));
    await p.control.clearRequests();
    const shown = await p.failing("preview");
    expect(shown).toMatch(/web' has a problem: alerts\.cpu: must be at least 0\n/);
    expect(shown).not.toContain("5731");
    expect(shown).not.toMatch(/property alerts/);
    oneLine(shown);
    expect(await p.writes()).toEqual([]);
  });
});

describe("the end", () => {
  test("destroy leaves nothing", async () => {
    p.setProgram(program({ label: "yaml-web-2", image: "compute/debian11" }));
    await p.pulumi("destroy", "--yes");
    expect(await vpcs()).toEqual([]);
    expect(await instances()).toEqual([]);
    expect(await p.resources()).toEqual([]);
  });
});
