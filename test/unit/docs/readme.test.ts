/**
 * The README is a front door: at most 10 KB, the two set-up commands CI and the hooks look for, and a
 * first program that is the template's own `index.ts` (which the own-project engine test runs), so
 * that what a newcomer copies is tested; and a table of what it covers that names every kind and data
 * function.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { SPECS } from "../../../src/provider/specs";
import { functionFacts } from "../../../src/schema/function-facts";

const root = path.resolve(__dirname, "../../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

test("README.md is at most 10 KB", () => {
  expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
});

test("README.md holds the two set-up commands", () => {
  expect(readme).toMatch(/^scripts\/setup && npm run demo\b/m);
  expect(readme).toMatch(/^scripts\/setup && npm test\b/m);
});

test("README.md's first program is the template's index.ts", () => {
  const template = fs.readFileSync(path.join(root, "templates/typescript/index.ts"), "utf8");
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  expect(blocks).toContain(template);
});

test("README.md's coverage table names every resource kind and every data function", () => {
  const section = readme.slice(readme.indexOf("## What it covers"), readme.indexOf("## Where to go next"));
  const named = new Set([...section.matchAll(/`(\w+)`/g)].map((m) => m[1]));
  const missing = [...SPECS.map((s) => s.kind), ...functionFacts().functions.map((f) => f.name)].filter(
    (name) => !named.has(name),
  );
  expect(missing).toEqual([]);
});
