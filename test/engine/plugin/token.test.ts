/**
 * Token in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the real CLI): the value, which
 * the API returns once, is a secret output (the schema's and the spec's secret list): a stack output
 * of it shows `[secret]`, the state holds it encrypted only; a scopes change replaces the token.
 */
import { collect } from "../../../src/client";
import { profileTokenEndpoints } from "../../../src/contract";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;
const tokens = () => collect(p.client.each(profileTokenEndpoints.listProfileTokens));
const ours = async () => (await tokens()).filter((t) => t.label === "plugin-ci");

const program = (scopes: string) => ({
  ci: {
    type: "compute:index:Token",
    properties: { label: "plugin-ci", scopes, expiry: "2099-01-01T00:00:00" },
  },
});

beforeAll(async () => {
  p = await yamlProject("plugin-token");
});
afterAll(async () => {
  await p?.dispose();
});

test("the token's value is a secret output: shown as [secret], stored encrypted", async () => {
  p.setProgram(program("vpc:read_only"), { value: "${ci.token}" });
  const shown = await p.pulumi("up", "--yes");
  expect(shown).toMatch(/value\s*:\s*"?\[secret\]"?/);
  const value = (await p.output("value")) as string;
  expect(value.length).toBeGreaterThan(16);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::ci"))!;
  expect(state.outputs!.token).toHaveProperty("ciphertext");
  expect(JSON.stringify(await p.resources())).not.toContain(value);
  expect(await ours()).toHaveLength(1);
});

test("new scopes replace the token; a refresh keeps the value", async () => {
  const [before] = await ours();
  p.setProgram(program("vpc:read_only account:read_only"), { value: "${ci.token}" });
  await p.pulumi("up", "--yes");
  const after = await ours();
  expect(after).toHaveLength(1);
  expect(after[0]!.id).not.toBe(before!.id);
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  const value = (await p.output("value")) as string;
  expect(value.length).toBeGreaterThan(16);
});

test("destroy revokes it", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await ours()).toEqual([]);
});
