/**
 * What the npm package ships (`npm pack`'s file list, from package.json's `files`) runs with its own
 * dependencies: no shipped module loads, itself or through the shipped modules it loads, a package
 * that is not a dependency or peer dependency (the schema's writers need `typescript`, a
 * devDependency: they stay out), nor a module of the package that is not shipped. Reads dist/: run
 * after `npm run build` (`scripts/setup` builds it). Every project template under templates/ ships.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { builtinModules } from "node:module";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

it("every shipped module loads only dependencies, Node's own modules and other shipped modules", () => {
  expect(fs.existsSync(path.join(ROOT, "dist/index.js"))).toBe(true); // else: npm run build
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as PackageJson;
  const allowed = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...builtinModules,
  ]);
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8" }),
  ) as { files: { path: string }[] }[];
  const shipped = new Set(packed[0]!.files.map((f) => f.path));
  const modules = [...shipped].filter((f) => f.endsWith(".js"));
  expect(modules.length).toBeGreaterThan(100);

  const problems: string[] = [];
  for (const file of modules) {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const [, name] of source.matchAll(/\brequire\("([^"]+)"\)/g)) {
      if (name!.startsWith(".")) {
        const target = path.posix.join(path.posix.dirname(file), name!);
        const found = [target, `${target}.js`, `${target}/index.js`].find((f) => shipped.has(f));
        if (!found) problems.push(`${file} loads ${name}, which the package does not ship`);
        continue;
      }
      const bare = name!.replace(/^node:/, "");
      const pkgName = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0]!;
      if (!allowed.has(pkgName)) problems.push(`${file} loads ${pkgName}, not a dependency`);
    }
  }
  expect(problems).toEqual([]);
});

it("ships every project template, whole", () => {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8" }),
  ) as { files: { path: string }[] }[];
  const shipped = packed[0]!.files.map((f) => f.path).filter((f) => f.startsWith("templates/"));
  const inRepo = (fs.readdirSync(path.join(ROOT, "templates"), { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(ROOT, "templates", f)).isFile())
    .map((f) => `templates/${f}`);
  expect(shipped.sort()).toEqual(inRepo.sort());
  expect(inRepo).toEqual(
    expect.arrayContaining(["templates/python/requirements.txt", "templates/go/go.mod"]),
  );
});
