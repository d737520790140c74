/**
 * Run by `npm run build` after `tsc`: writes the package's bundles with esbuild, each one file
 * beside the build of its entry, with its manifest (`x.bundle.json`: file name and SHA-256), loaded
 * through a code cache (`src/bundle-code-cache.ts`). One file instead of some 200 modules to find,
 * read and compile, in the processes each `pulumi` command starts anew:
 * - `dist/provider/runtime.bundle.js`: the provider runtime (`src/provider/runtime.ts` and all it
 *   loads: the kinds, the client, the contract, axios, zod), the dynamic provider process's
 *   `pulumi-compute/provider-runtime` (`runtime-entry.ts`);
 * - `dist/functions/client-side.bundle.js`: what the data functions load on their first call, in
 *   the program process (`src/functions/client-side.ts`).
 * The Pulumi SDK stays outside: the process has it loaded.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type BuildOptions } from "esbuild";
import { manifestFileOf, type BundleManifest } from "../src/bundle-code-cache";
import { PACKAGE_ROOT } from "../src/package-root";

const ROOT = PACKAGE_ROOT;

/** How every bundle of the project is built (these, and the packed plugin's): one CommonJS file for
 * the Node the package needs. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: "node",
  target: "node22",
  format: "cjs",
  logLevel: "warning",
} satisfies BuildOptions;

/** Each bundle's entry, under src/ (its bundle goes to the same place under dist/). */
export const BUNDLES = ["provider/runtime.ts", "functions/client-side.ts"];

export async function writeBundles(outDir = path.join(ROOT, "dist")): Promise<BundleManifest[]> {
  const manifests: BundleManifest[] = [];
  for (const entry of BUNDLES) {
    const outfile = path.join(outDir, entry.replace(/\.ts$/, ".bundle.js"));
    await build({
      entryPoints: [path.join(ROOT, "src", entry)],
      outfile,
      ...NODE_BUNDLE,
      external: ["@pulumi/pulumi"],
      // Half the size to read, hash and keep in memory in every process (and in the package); names
      // kept, for what reads a class's or a function's name.
      minify: true,
      keepNames: true,
    });
    manifests.push(writeManifest(outfile));
  }
  return manifests;
}

/** Writes a bundle's manifest beside it (`bundle-code-cache.ts` loads the bundle by it). */
export function writeManifest(bundleFile: string): BundleManifest {
  const manifest: BundleManifest = {
    file: path.basename(bundleFile),
    sha256: createHash("sha256").update(fs.readFileSync(bundleFile)).digest("hex"),
  };
  fs.writeFileSync(manifestFileOf(bundleFile), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (require.main === module) {
  writeBundles().catch((err: unknown) => {
    console.error(`bundles: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
