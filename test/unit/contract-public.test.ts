/** The `pulumi-compute/contract` subpath: a deliberate list, not every builder the areas use. */
import * as fs from "node:fs";
import * as path from "node:path";
import * as contract from "../../src/contract";
import * as shown from "../../src/contract/public";

const ROOT = path.resolve(__dirname, "../..");

describe("the contract subpath", () => {
  it("is the public list, for require and for types", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(manifest.exports["./contract"]).toBe("./dist/contract/public.js");
    expect(manifest.typesVersions["*"].contract).toEqual(["dist/contract/public.d.ts"]);
  });

  it("shows every endpoint, through the map and through its area's group", () => {
    expect(shown.endpoints).toBe(contract.endpoints);
    const groups = Object.entries(shown).filter(([name]) => /^[a-z]\w*Endpoints$/.test(name));
    const grouped = new Set(groups.flatMap(([, group]) => Object.values(group as object)));
    for (const [name, endpoint] of Object.entries(contract.endpoints))
      expect([name, grouped.has(endpoint)]).toEqual([name, true]);
  });

  it("shows records and requests, and leaves out the builders", () => {
    for (const name of [
      "Vpc",
      "VpcCreateRequest",
      "Instance",
      "RequestLogEntry",
      "ErrorBody",
      "DEFAULT_RATE_LIMITS",
    ])
      expect([name, name in shown]).toEqual([name, true]);
    const builders = [
      "text",
      "integer",
      "bool",
      "idFrom",
      "endpoint",
      "listEnvelope",
      "issuesToErrors",
      "parseCidr",
      "password",
      "isStrongPassword",
    ];
    for (const name of builders) expect([name, name in contract]).toEqual([name, true]);
    expect(builders.filter((name) => name in shown)).toEqual([]);
  });
});
