/**
 * `npm run endpoint-index`: writes `src/contract/endpoint-index.ts`, which area of the contract
 * holds each endpoint, from the contract itself: an area is a module of `src/contract/` exporting
 * `<name>Endpoints`, a map whose endpoints are those of `public.ts`'s `endpoints`; the areas in the
 * order of that map, each one's endpoints in its own order. No endpoint name is written by hand:
 * `endpoint-areas.ts` loads an area on the first use of one of its endpoints by this index.
 * `test/unit/contract-endpoint-areas.test.ts` fails when the committed file differs from what this writes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PACKAGE_ROOT } from "../src/package-root";

export const INDEX_FILE = "src/contract/endpoint-index.ts";
const CONTRACT = path.join(PACKAGE_ROOT, "src/contract");

interface Area {
  /** Its module's stem: `vpcs`. */
  stem: string;
  exportName: string;
  names: string[];
}

/** The contract's areas, read from its modules. */
export function contractAreas(): Area[] {
  const { endpoints } = require(path.join(CONTRACT, "public")) as { endpoints: Record<string, unknown> };
  const order = Object.keys(endpoints);
  const areas: Area[] = [];
  for (const file of fs.readdirSync(CONTRACT).sort()) {
    if (!file.endsWith(".ts") || path.join("src/contract", file) === INDEX_FILE) continue;
    const stem = file.slice(0, -".ts".length);
    // The maps the module declares itself (not those `index.ts` and `public.ts` re-export).
    const declared = fs
      .readFileSync(path.join(CONTRACT, file), "utf8")
      .matchAll(/^export const (\w+Endpoints) =/gm);
    const exported = require(path.join(CONTRACT, stem)) as Record<string, unknown>;
    for (const [, exportName] of declared) {
      const value = exported[exportName!];
      if (typeof value !== "object" || value === null) continue;
      const entries = Object.entries(value);
      if (entries.length === 0 || !entries.every(([name, e]) => endpoints[name] === e)) continue;
      areas.push({ stem, exportName: exportName!, names: entries.map(([name]) => name) });
    }
  }
  const unplaced = order.filter((name) => !areas.some((a) => a.names.includes(name)));
  if (unplaced.length > 0) throw new Error(`endpoints in no area of src/contract: ${unplaced.join(", ")}`);
  return areas.sort((a, b) => order.indexOf(a.names[0]!) - order.indexOf(b.names[0]!));
}

/** The index's text, formatted as prettier formats the repository. */
export function endpointIndexText(): string {
  const areas = contractAreas().map(
    ({ stem, exportName, names }) =>
      `  ${exportName}: {\n` +
      `    load: () => (require("./${stem}") as typeof import("./${stem}")).${exportName},\n` +
      `    names: ${JSON.stringify(names)},\n` +
      `  },`,
  );
  const text = [
    "/**",
    " * Written by `npm run endpoint-index` (scripts/endpoint-index.ts) from the contract; do not edit.",
    " * Each area by its endpoints' export, in the order of `public.ts`'s map: its module, loaded on first",
    " * use, and its endpoints' names.",
    " */",
    "export const ENDPOINT_INDEX = {",
    ...areas,
    "} as const;",
    "",
  ].join("\n");
  return execFileSync(
    process.execPath,
    [require.resolve("prettier/bin/prettier.cjs"), "--stdin-filepath", path.join(PACKAGE_ROOT, INDEX_FILE)],
    { input: text, encoding: "utf8", cwd: PACKAGE_ROOT },
  );
}

if (require.main === module) {
  fs.writeFileSync(path.join(PACKAGE_ROOT, INDEX_FILE), endpointIndexText());
  console.log(`wrote ${INDEX_FILE}`);
}
