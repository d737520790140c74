/**
 * The registry of kinds (`src/provider/kind-registry.ts`) is the one list of them: a kind declared
 * anywhere (a spec, a class, a reference example, a computed list) is a kind of the registry, and
 * what lists kinds lists the registry's; loading the registry loads no kind's code. (The compiler
 * holds the rest: a kind's module exports its `<kind>Spec`, the package exports its class,
 * `test/types/args-match-inputs.ts`.)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { IMPORT_KINDS } from "../../../src/importer/kinds";
import { PACKAGE_ROOT } from "../../../src/package-root";
import * as fieldLists from "../../../src/provider/field-lists";
import { KIND_NAMES, KINDS } from "../../../src/provider/kind-registry";
import { EXAMPLES } from "../../../src/schema/examples";
import { stemOf } from "../../../src/schema/stem";

const registered = [...KIND_NAMES].sort();
const read = (file: string) => fs.readFileSync(path.join(PACKAGE_ROOT, file), "utf8");
const ts = (dir: string) =>
  fs
    .readdirSync(path.join(PACKAGE_ROOT, dir))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `${dir}/${f}`);
/** `INSTANCE_DISK` -> `InstanceDisk`. */
const kindOfConstant = (name: string) =>
  name
    .toLowerCase()
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

it("holds every kind a spec declares, each spec's module once", () => {
  const declared = [...ts("src/provider/kinds"), ...ts("src/provider/instance")].flatMap((file) =>
    [...read(file).matchAll(/defineSpec\(\{\s*kind: "(\w+)"/g)].map(([, kind]) => ({ kind: kind!, file })),
  );
  expect(declared.map((d) => d.kind).sort()).toEqual(registered);
  for (const { kind, file } of declared) {
    const module = /require\("\.\/([^"]+)"\)/.exec(KINDS[kind as keyof typeof KINDS].module.toString())![1];
    expect([kind, `src/provider/${module}.ts`]).toEqual([kind, file]);
  }
  // Every module of `kinds/` is a kind's (the Instance family's room holds its helpers too).
  expect(ts("src/provider/kinds").map((f) => path.basename(f, ".ts"))).toEqual(
    expect.arrayContaining(declared.filter((d) => d.file.includes("/kinds/")).map((d) => stemOf(d.kind))),
  );
  expect(ts("src/provider/kinds")).toHaveLength(declared.filter((d) => d.file.includes("/kinds/")).length);
});

it("holds every resource class, and every kind has one", () => {
  const classes = ts("src/resources").flatMap((file) =>
    [...read(file).matchAll(/^export class (\w+) extends pulumi\.CustomResource/gm)].map(([, name]) => ({
      name: name!,
      file,
    })),
  );
  expect(classes.map((c) => c.name).sort()).toEqual(registered);
  for (const { name, file } of classes) expect(file).toBe(`src/resources/${stemOf(name)}.ts`);
  const exported = [...read("src/index.ts").matchAll(/^export \{\s*(\w+),/gm)].map(([, name]) => name);
  // The package's provider resource (`compute.Provider`) is exported beside the kinds, and is none.
  expect(exported.sort()).toEqual([...registered, "Provider"].sort());
});

it("has every kind's reference example, and examples of its kinds only", () => {
  expect(EXAMPLES.map((e) => e.kind)).toEqual(KIND_NAMES);
  const tooling = /^(index|model|functions|renderings|schema-lookup|comment|render-\w+)$/;
  const stems = ts("src/schema/examples")
    .map((f) => path.basename(f, ".ts"))
    .filter((stem) => !tooling.test(stem));
  expect(stems.sort()).toEqual(KIND_NAMES.map(stemOf).sort());
});

it("has each kind's computed outputs listed for its class, and lists of its kinds only", () => {
  const listed = Object.keys(fieldLists)
    .filter((name) => name.endsWith("_COMPUTED"))
    .map((name) => kindOfConstant(name.slice(0, -"_COMPUTED".length)));
  expect(listed.sort()).toEqual(registered);
  expect(registered).toEqual(expect.arrayContaining([...fieldLists.UNIQUE_LABEL_KINDS]));
});

it("gives compute-import its kinds in distinct places", () => {
  const ranks = IMPORT_KINDS.map((kind) => KINDS[kind].importRank);
  expect(new Set(ranks).size).toBe(ranks.length);
  expect(IMPORT_KINDS.slice(0, 3)).toEqual(["SshKey", "StackScript", "Vpc"]);
});

it("loads no kind's code when loaded", () => {
  jest.isolateModules(() => {
    for (const kind of KIND_NAMES) {
      const module = /require\("\.\/([^"]+)"\)/.exec(KINDS[kind].module.toString())![1]!;
      jest.doMock(path.join(PACKAGE_ROOT, "src/provider", module), () => {
        throw new Error(`${kind} loaded`);
      });
    }
    const registry: typeof import("../../../src/provider/kind-registry") = require("../../../src/provider/kind-registry");
    expect(registry.KIND_NAMES).toEqual(KIND_NAMES);
    expect(() => registry.KINDS.Subnet.module()).toThrow("Subnet loaded");
  });
});
