/**
 * `npm run plugin [-- OUT_DIR]`: packs the resource plugin as a user installs it,
 * `pulumi plugin install resource compute <version> --file dist-plugin/<tarball>`:
 * - `plugin.js`: `src/plugin/main.ts` and all it loads bundled into one file by esbuild (only what
 *   serving needs: no TypeScript, no emulator, no Pulumi SDK beyond its gRPC stubs);
 * - `main.js` (`src/plugin/packed-main.ts`, bundled too): loads `plugin.js` through a code cache of
 *   what earlier launches compiled (`bundle-code-cache.ts`), beside `plugin.json`, the bundle's
 *   manifest (its SHA-256, the cache's name);
 * - `pulumi-resource-compute`: the executable the engine runs (`node main.js`, Node >= 22 on PATH);
 * - `schema.json`, `package.json` (the version GetPluginInfo answers), and `THIRD-PARTY-LICENSES.txt`:
 *   the licence of every package the bundle holds.
 * Prints the tarball's path. Needs `npm ci` (esbuild) and schema.json; not the TypeScript build.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";
import { NODE_BUNDLE, writeManifest } from "../bundles";

const ROOT = path.resolve(__dirname, "../..");
export const OUT_DIR = path.join(ROOT, "dist-plugin");

const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  version: string;
};

/** The tarball's name as Pulumi's own plugin archives are named. */
export const tarballName = (v = version) => `pulumi-resource-compute-v${v}-linux-amd64.tar.gz`;

const SHIM = `#!/bin/sh
# The compute resource plugin, run by the Pulumi engine: its bundle with the first \`node\` on PATH (Node >= 22).
here="$(dirname "$(readlink -f "$0")")"
exec node "$here/main.js" "$@"
`;

/** The licence files of the packages these bundled files come from, one after the other. */
function licences(files: string[]): string {
  const packages = new Set<string>();
  for (const file of files) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (match) packages.add(match[1]!);
  }
  return [...packages]
    .sort()
    .map((dir) => {
      const {
        name,
        version: v,
        license,
      } = JSON.parse(fs.readFileSync(path.join(ROOT, dir, "package.json"), "utf8")) as {
        name: string;
        version: string;
        license?: string;
      };
      const file = fs.readdirSync(path.join(ROOT, dir)).find((f) => /^(licen[cs]e|copying)/i.test(f));
      const text = file ? fs.readFileSync(path.join(ROOT, dir, file), "utf8").trim() : `License: ${license}`;
      return `${name}@${v}\n\n${text}\n`;
    })
    .join(`\n${"-".repeat(72)}\n\n`);
}

/**
 * The Pulumi SDK's main module (a program's runtime, 8 MB with what it loads) stays out: only the data
 * functions' Output forms load it, which a plugin never calls. Its gRPC stubs are bundled.
 */
const withoutSdkMain: Plugin = {
  name: "without-pulumi-sdk-main",
  setup(build) {
    build.onResolve({ filter: /^@pulumi\/pulumi$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** Packs the plugin in `outDir` (made anew): its files in `pulumi-resource-compute/`, and the tarball. */
export async function packPlugin(outDir = OUT_DIR): Promise<string> {
  const stage = path.join(outDir, "pulumi-resource-compute");
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  const { metafile } = await build({
    entryPoints: [path.join(ROOT, "src/plugin/main.ts")],
    outfile: path.join(stage, "plugin.js"),
    ...NODE_BUNDLE,
    minify: true,
    legalComments: "none",
    metafile: true,
    plugins: [withoutSdkMain],
  });
  fs.writeFileSync(path.join(stage, "THIRD-PARTY-LICENSES.txt"), licences(Object.keys(metafile.inputs)));
  writeManifest(path.join(stage, "plugin.js"));
  await build({
    entryPoints: [path.join(ROOT, "src/plugin/packed-main.ts")],
    outfile: path.join(stage, "main.js"),
    ...NODE_BUNDLE,
  });
  fs.writeFileSync(path.join(stage, "pulumi-resource-compute"), SHIM, { mode: 0o755 });
  fs.copyFileSync(path.join(ROOT, "schema.json"), path.join(stage, "schema.json"));
  fs.writeFileSync(
    path.join(stage, "package.json"),
    `${JSON.stringify({ name: "pulumi-resource-compute", version, private: true, license: "Apache-2.0" }, null, 2)}\n`,
  );
  const tarball = path.join(outDir, tarballName());
  execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
  return tarball;
}

if (require.main === module) {
  packPlugin(process.argv[2] ? path.resolve(process.argv[2]) : OUT_DIR).then(
    (tarball) => console.log(path.relative(process.cwd(), tarball)),
    (err: unknown) => {
      console.error(`npm run plugin: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
