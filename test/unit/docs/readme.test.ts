/**
 * The README is a front door: at most 10 KB, the two set-up commands CI and the hooks look for, and a
 * first program that is the template's own `index.ts` (which the own-project engine test runs), so
 * that what a newcomer copies is tested.
 */
import * as fs from "node:fs";
import * as path from "node:path";

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
