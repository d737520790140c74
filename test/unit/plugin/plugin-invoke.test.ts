import { readFileSync } from "node:fs";
import * as functions from "../../../src/functions";
import { invoke } from "../../../src/plugin/invoke";
import { SCHEMA_FILE } from "../../../src/schema/schema-file";
import { useEmulator } from "../../support/emulator";

const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as { functions: Record<string, unknown> };

it("every invoke of the schema names a data function the plugin calls", () => {
  const tokens = Object.keys(schema.functions);
  expect(tokens.length).toBeGreaterThan(10);
  for (const token of tokens) {
    const name = token.replace(/^compute:index:/, "");
    expect(typeof (functions as Record<string, unknown>)[name]).toBe("function");
  }
});

it("an unknown token, or an Output form, fails naming the token", async () => {
  await expect(invoke("compute:index:getNothing", {})).rejects.toThrow(
    "compute:index:getNothing is not a function of this version of the compute plugin",
  );
  await expect(invoke("compute:index:getVpcOutput", {})).rejects.toThrow(/compute:index:getVpcOutput is not/);
});

describe("a wrong argument is a failure naming it; other errors stay errors", () => {
  const api = useEmulator();
  const env = { ...process.env };
  beforeEach(() => {
    process.env.COMPUTE_API_URL = api.emulator.url;
    process.env.COMPUTE_TOKEN = api.emulator.token;
  });
  afterEach(() => {
    process.env = { ...env };
  });

  it("a bad ID's form, a bad regular expression, an ID beside filters: named, never their values; nothing sent", async () => {
    await api.control.clearRequests();
    expect(await invoke("compute:index:getVpc", { id: "twelve" })).toEqual({
      failures: [{ property: "id", reason: "id must be an integer ID" }],
    });
    expect(await invoke("compute:index:getSubnet", { vpcId: "x", id: 3 })).toMatchObject({
      failures: [{ property: "vpcId" }],
    });
    expect(await invoke("compute:index:getVpcs", { labelRegex: "(" })).toMatchObject({
      failures: [{ property: "labelRegex", reason: "labelRegex is not a valid regular expression" }],
    });
    expect(
      await invoke("compute:index:getImage", { id: "compute/debian12", label: "Debian *" }),
    ).toMatchObject({
      failures: [{ property: "id", reason: "getImage: give an image ID or filters, not both" }],
    });
    expect(await api.control.requests()).toEqual([]);
  });

  it("an object not found, or a refused token, is an error", async () => {
    await expect(invoke("compute:index:getVpc", { id: 424242 })).rejects.toThrow("VPC 424242 not found");
    process.env.COMPUTE_TOKEN = "not-a-token";
    await expect(invoke("compute:index:getVpcs", {})).rejects.toThrow(/getVpcs: \[401\]/);
  });
});
