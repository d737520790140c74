/**
 * Run by `npm run build` after `tsc`: bundles the provider runtime (`src/provider/runtime.ts` and
 * all it loads: the kinds, the client, the contract, axios, zod) into `dist/provider/runtime.bundle.js`
 * with esbuild, and writes its manifest (`runtime.bundle.json`: file name and SHA-256), which the
 * package's `provider-runtime` entry (`src/provider/runtime-entry.ts`) loads through a code cache.
 * One file instead of some 200 modules to find and read, in a process the engine starts for every
 * command. The Pulumi SDK stays outside: the dynamic provider host has it loaded.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { build } from "esbuild";
import { manifestFileOf, type BundleManifest } from "../src/bundle-code-cache";

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "dist/provider");
const BUNDLE = "runtime.bundle.js";

export async function bundleRuntime(outDir = OUT_DIR): Promise<BundleManifest> {
  const outfile = path.join(outDir, BUNDLE);
  await build({
    entryPoints: [path.join(ROOT, "src/provider/runtime.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    external: ["@pulumi/pulumi"],
    logLevel: "warning",
  });
  return writeManifest(outfile);
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
  bundleRuntime().catch((err: unknown) => {
    console.error(`bundle-runtime: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
