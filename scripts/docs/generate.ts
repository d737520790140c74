/**
 * `npm run docs`: writes the reference pages generated from the code, `docs/resources/<stem>.md` for
 * each kind of the registry and `docs/functions.md`, formatted as `prettier` formats the repository.
 * `test/unit/docs/generated.test.ts` fails when a committed page differs from what this writes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { SPECS } from "../../src/provider/specs";
import { readClassDocs } from "../../src/schema/class-docs";
import { factsOf } from "../../src/schema/spec-facts";
import { functionsPage } from "./functions-page";
import { kindPage } from "./kind-page";
import { readSpecRules } from "./spec-rules";

export const ROOT = path.resolve(__dirname, "../..");
export const RESOURCES_DIR = "docs/resources";

/** Every generated page: its path from the repository root, and its text. */
export function generatedPages(): Map<string, string> {
  const docs = readClassDocs(SPECS.map((spec) => spec.kind));
  const pages = new Map<string, string>();
  for (const spec of SPECS) {
    const classDocs = docs.get(spec.kind)!;
    const facts = factsOf(spec, classDocs);
    pages.set(
      `${RESOURCES_DIR}/${facts.stem}.md`,
      kindPage({ facts, spec, classDocs, rules: readSpecRules(spec.kind) }),
    );
  }
  pages.set("docs/functions.md", functionsPage());
  return formatted(pages);
}

/**
 * The pages as `prettier` formats the repository (its config), in one run of its CLI on copies in a
 * temporary directory (its API loads itself with a dynamic import, which Jest cannot run).
 */
function formatted(pages: Map<string, string>): Map<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-docs-"));
  try {
    for (const [file, text] of pages) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const cli = require.resolve("prettier/bin/prettier.cjs");
    execFileSync(
      process.execPath,
      [
        cli,
        "--config",
        path.join(ROOT, ".prettierrc.json"),
        "--log-level",
        "warn",
        "--write",
        ...pages.keys(),
      ],
      { cwd: dir, stdio: ["ignore", "ignore", "inherit"] },
    );
    return new Map([...pages.keys()].map((file) => [file, fs.readFileSync(path.join(dir, file), "utf8")]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  const pages = generatedPages();
  fs.mkdirSync(path.join(ROOT, RESOURCES_DIR), { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, RESOURCES_DIR))) {
    const file = `${RESOURCES_DIR}/${name}`;
    if (name.endsWith(".md") && !pages.has(file)) {
      fs.rmSync(path.join(ROOT, file));
      console.log(`removed ${file}`);
    }
  }
  for (const [file, text] of pages) {
    const full = path.join(ROOT, file);
    const before = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
    if (before === text) continue;
    fs.writeFileSync(full, text);
    console.log(`wrote ${file}`);
  }
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
