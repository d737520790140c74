import { readFileSync } from "node:fs";
import * as functions from "../../../src/functions";
import { invoke } from "../../../src/plugin/invoke";
import { SCHEMA_FILE } from "../../../src/schema/schema-file";

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
