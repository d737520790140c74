/**
 * The package's root directory (package.json, schema.json, docs/): the one above src/, or above dist/
 * in the build, where this module runs from. The schema's writers, the docs' generator and the
 * scripts take it from here. Not for bundled code: a bundle's `__dirname` is the bundle's directory.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

export const PACKAGE_ROOT = path.resolve(__dirname, "..");

interface PackageJson {
  name: string;
  version: string;
}

const packageJson = (): PackageJson =>
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as PackageJson;

/** The package's one version, package.json's: the plugin's, the schema's and every SDK's. */
export const packageVersion = (): string => packageJson().version;

/** The npm package's name (`pulumi-compute`), package.json's: what a TypeScript program imports. */
export const packageName = (): string => packageJson().name;
