/**
 * The index of which area holds each endpoint (`src/contract/endpoint-areas.ts`): it is what the
 * contract gives (`npm run endpoint-index`), each list is its area's endpoints, the lazy map is the
 * contract's map, and a client loads only the areas it calls.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { endpointIndexText, INDEX_FILE } from "../../scripts/endpoint-index";
import { endpoints } from "../../src/contract";
import { endpointNamed, ENDPOINT_AREAS, lazyEndpoints } from "../../src/contract/endpoint-areas";
import { PACKAGE_ROOT } from "../../src/package-root";

it("is the index the contract's areas give (else: npm run endpoint-index)", () => {
  expect(fs.readFileSync(path.join(PACKAGE_ROOT, INDEX_FILE), "utf8")).toBe(endpointIndexText());
});

it("lists each area's endpoints, every one once", () => {
  for (const [area, { load, names }] of Object.entries(ENDPOINT_AREAS)) {
    expect([area, [...names].sort()]).toEqual([area, Object.keys(load()).sort()]);
  }
  const all = Object.values(ENDPOINT_AREAS).flatMap((a) => [...a.names]);
  expect(all.sort()).toEqual(Object.keys(endpoints).sort());
});

it("gives the contract's endpoints by name, and nothing for another name", () => {
  const lazy = lazyEndpoints();
  for (const name of Object.keys(endpoints) as (keyof typeof endpoints)[]) {
    expect(lazy[name]).toBe(endpoints[name]);
  }
  expect(endpointNamed("createNothing")).toBeUndefined();
  expect("createVpc" in lazy).toBe(true);
  expect("createNothing" in lazy).toBe(false);
});

it("loads only the areas a client calls (the built package, in a fresh process)", () => {
  const dist = path.resolve(__dirname, "../../dist");
  const script = `
const { ComputeClient } = require(${JSON.stringify(`${dist}/client/compute-client`)});
const client = new ComputeClient({ baseUrl: "http://127.0.0.1:9/v4" });
const areas = () => Object.keys(require.cache).filter((f) => f.includes("/dist/contract/")).map((f) => require("node:path").basename(f, ".js")).sort();
const before = areas();
const calls = [typeof client.api.createVpc, typeof client.api.listRegions, typeof client.api.nope];
process.stdout.write(JSON.stringify({ before, after: areas(), calls }));`;
  const { before, after, calls } = JSON.parse(
    execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }),
  ) as {
    before: string[];
    after: string[];
    calls: string[];
  };
  expect(calls).toEqual(["function", "function", "undefined"]);
  // The areas' modules, as each area's loader names it.
  const areaModules = Object.values(ENDPOINT_AREAS).map(
    (a) => /require\("\.\/([^"]+)"\)/.exec(a.load.toString())![1]!,
  );
  expect(areaModules).toHaveLength(17);
  expect(before.filter((f) => areaModules.includes(f))).toEqual([]);
  expect(after.filter((f) => areaModules.includes(f))).toEqual(["regions", "vpcs"]);
  expect(after).not.toContain("public");
});
