/**
 * The reference pages are generated (`npm run docs`) and committed: each must be exactly what the
 * generator writes from today's specs, classes and examples, and no page may be left of a kind the
 * registry no longer has. A page that differs fails naming it and the command that mends it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { SPECS } from "../../../src/provider/specs";
import { stemOf } from "../../../src/schema/stem";
import { generatedPages, RESOURCES_DIR, ROOT } from "../../../scripts/docs/generate";

jest.setTimeout(120_000);

let pages: Map<string, string>;
beforeAll(() => {
  pages = generatedPages();
});

describe("generated reference pages", () => {
  test("one page per kind of the registry, their index, and docs/functions.md", () => {
    expect([...pages.keys()].sort()).toEqual(
      [
        ...SPECS.map((spec) => `${RESOURCES_DIR}/${stemOf(spec.kind)}.md`),
        `${RESOURCES_DIR}/README.md`,
        "docs/functions.md",
      ].sort(),
    );
  });

  test("no committed page is left of a kind the registry does not have", () => {
    const committed = fs
      .readdirSync(path.join(ROOT, RESOURCES_DIR))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `${RESOURCES_DIR}/${name}`);
    expect(committed.filter((file) => !pages.has(file))).toEqual([]);
  });

  test("every committed page is what `npm run docs` writes", () => {
    const stale = [...pages]
      .filter(([file, text]) => {
        const full = path.join(ROOT, file);
        return !fs.existsSync(full) || fs.readFileSync(full, "utf8") !== text;
      })
      .map(([file]) => file);
    if (stale.length > 0) throw new Error(`stale: ${stale.join(", ")}; run npm run docs and commit them`);
  });

  test("a page says what its spec says: the inputs, which replace, and the secrets", () => {
    for (const spec of SPECS) {
      const page = pages.get(`${RESOURCES_DIR}/${stemOf(spec.kind)}.md`)!;
      for (const name of Object.keys(spec.inputs.shape)) {
        const row = page.split("\n").find((line) => line.startsWith(`| [\`${name}\`]`));
        expect(`${spec.kind}.${name}: ${row ?? "no row"}`).toMatch(
          spec.replaceOn.includes(name) ? /\| replaces \|$/ : /\| in place \|$/,
        );
        const secret = (spec.secrets ?? []).includes(name);
        expect(`${spec.kind}.${name} secret: ${row!.split("|")[5]!.trim()}`).toBe(
          `${spec.kind}.${name} secret: ${secret ? "yes" : ""}`,
        );
      }
    }
  });
});
