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
  peerDependencies: Record<string, string>;
}

const packageJson = (): PackageJson =>
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as PackageJson;

/** The package's one version, package.json's: the plugin's, the schema's and every SDK's. */
export const packageVersion = (): string => packageJson().version;

/** The npm package's name (`pulumi-compute`), package.json's: what a TypeScript program imports. */
export const packageName = (): string => packageJson().name;

/**
 * The one minimum Pulumi version (`3.259.0`): package.json's peer dependency `@pulumi/pulumi: ^X`.
 * The schema asks the Python SDK for `pulumi>=X`, `scripts/sdks` the Go SDK for `sdk/v3 vX`,
 * `scripts/ensure-pulumi` takes no older CLI, and `test/unit/docs/pulumi-version.test.ts` fails when
 * the docs, the template or the SDKs' metadata state another (docs/installing.md, Pulumi versions).
 */
export function minimumPulumiVersion(): string {
  const range = packageJson().peerDependencies["@pulumi/pulumi"] ?? "";
  const version = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1];
  if (!version)
    throw new Error(`package.json: peer dependency @pulumi/pulumi is "${range}", expected ^X.Y.Z`);
  return version;
}
