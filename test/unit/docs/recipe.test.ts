/**
 * The recipe for a new kind (`docs/development.md`, "Adding a resource kind") is true: for `SshKey`,
 * every file it names exists, and every other file of the package, its examples or its type tests
 * that names the kind (its spec, its class's or spec's module, its name as a key) is one it names;
 * and every kind of the registry has each file the recipe names with `<stem>`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { KIND_NAMES, KINDS } from "../../../src/provider/kind-registry";
import { stemOf } from "../../../src/schema/stem";

const root = path.resolve(__dirname, "../../..");
const text = fs.readFileSync(path.join(root, "docs/development.md"), "utf8");
const section = text.slice(text.indexOf("## Adding a resource kind"));
const recipe = section.slice(0, section.indexOf("\n## ", 5) === -1 ? undefined : section.indexOf("\n## ", 5));

/** The paths the recipe names, as it writes them (`src/resources/<stem>.ts`). */
const templates = [...recipe.matchAll(/`((?:src|test|examples|docs|sdk)\/[^`\s]*|schema\.json)`/g)].map(
  ([, p]) => p!.replace(/\/$/, ""),
);
/** The paths the recipe names, for SshKey. */
const named = templates.map((p) => p.replace(/<stem>/g, "ssh-key").replace(/<area>/g, "profile-ssh-keys"));

const exists = (p: string) => fs.existsSync(path.join(root, p));

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return e.name.endsWith(".ts") ? [rel] : [];
  });
}

it("names files that exist", () => {
  expect(named.length).toBeGreaterThan(15);
  expect(named.filter((p) => !exists(p))).toEqual([]);
});

it("names every file that names the kind", () => {
  const mentions = /kinds\/ssh-key"|resources\/ssh-key"|\bsshKeySpec\b|\bSshKey: |"SshKey"|SSH_KEY_/;
  // Data functions (getSshKey) are another story; the contract and the emulator are the area's files.
  const elsewhere = /^src\/(functions|contract|emulator)\//;
  const naming = ["src", "examples", "test/types"]
    .flatMap(files)
    .filter((f) => !elsewhere.test(f) && mentions.test(fs.readFileSync(path.join(root, f), "utf8")));
  expect(naming.length).toBeGreaterThan(5);
  expect(naming.filter((f) => !named.includes(f))).toEqual([]);
});

it("names the files every kind of the registry has", () => {
  const perKind = templates.filter((p) => p.includes("<stem>"));
  expect(perKind.length).toBeGreaterThan(5);
  const declaredInExamples = files("examples").map((f) => fs.readFileSync(path.join(root, f), "utf8"));
  const missing = KIND_NAMES.flatMap((kind) => {
    // The room of the kind's spec, as the registry loads it: `kinds` or the Instance family's `instance`.
    const room = /require\("\.\/(\w+)\//.exec(KINDS[kind].module.toString())![1]!;
    return perKind
      .map((p) => p.replace(/<stem>/g, stemOf(kind)).replace(/\/kinds\//, `/${room}/`))
      .filter((p) => !exists(p))
      .filter(
        // A child kind may be shown in its parent's example program.
        (p) =>
          !(p.startsWith("examples/") && declaredInExamples.some((t) => t.includes(`new compute.${kind}(`))),
      );
  });
  expect(missing).toEqual([]);
});
