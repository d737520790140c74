/**
 * What a program loads with `pulumi-compute`: the resource classes, the data functions' thin
 * wrappers and the field lists they share with the provider; never the provider, the client's
 * HTTP stack, the contract or zod (they load in the provider process, or on a data function's first
 * call). Each would add to every preview's start and to the program's memory.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

it("loads no provider, contract, emulator, zod or axios module at start", () => {
  const script = `
    require("@pulumi/pulumi");
    const before = new Set(Object.keys(require.cache));
    require(${JSON.stringify(path.join(ROOT, "src/index.ts"))});
    console.log(JSON.stringify(Object.keys(require.cache).filter((m) => !before.has(m))));`;
  const loaded: string[] = JSON.parse(
    execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    }),
  ).map((m: string) => path.relative(ROOT, m));
  // It did load the package: the classes are there.
  expect(loaded).toContain(path.join("src", "resources", "instance.ts"));
  const heavy = loaded.filter(
    (m) =>
      /^node_modules\/(zod|axios)\//.test(m) ||
      /^src\/(contract|emulator)\//.test(m) ||
      (/^src\/provider\//.test(m) && !/(field-lists|resource-spec|shim)\.ts$/.test(m)) ||
      (/^src\/client\//.test(m) && !/(from-settings|pagination)\.ts$/.test(m)),
  );
  expect(heavy).toEqual([]);
});
