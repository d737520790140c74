/**
 * The changelog and the licence the package ships: CHANGELOG.md has a section for package.json's
 * version (a release adds its own), and LICENSE is the licence package.json names, Apache-2.0.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  version: string;
  license: string;
  files: string[];
};

test("CHANGELOG.md has a section for package.json's version, and the package ships it", () => {
  const changelog = fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");
  const sections = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  expect(sections).toContain(pkg.version);
  expect(pkg.files).toContain("CHANGELOG.md");
});

test("LICENSE is the Apache License 2.0, the licence package.json names", () => {
  expect(pkg.license).toBe("Apache-2.0");
  const licence = fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8");
  expect(licence).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004\s/);
  expect(licence).toContain("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION");
  expect(licence).toContain("END OF TERMS AND CONDITIONS");
});
