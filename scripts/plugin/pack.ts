/**
 * `npm run plugin [-- OUT_DIR]`: packs the resource plugin as a user installs it,
 * `pulumi plugin install resource compute <version> --file dist-plugin/<tarball>`:
 * - `plugin.js`: `src/plugin/main.ts` and all it loads bundled into one file by esbuild (only what
 *   serving needs: no TypeScript, no emulator, no Pulumi SDK beyond its gRPC stubs);
 * - `main.js` (`src/plugin/packed-main.ts`, bundled too): loads `plugin.js` through a code cache of
 *   what earlier launches compiled (`bundle-code-cache.ts`), beside `plugin.json`, the bundle's
 *   manifest (its SHA-256, the cache's name);
 * - the launcher the engine runs (`node main.js`, Node >= 22 on PATH): `pulumi-resource-compute`, a
 *   POSIX shell script, or on Windows `pulumi-resource-compute.cmd` (the engine looks for `.exe` and
 *   `.cmd` there);
 * - `schema.json`, `package.json` (the version GetPluginInfo answers), and `THIRD-PARTY-LICENSES.txt`:
 *   the licence of every package the bundle holds.
 * Prints the tarball's path (linux-amd64, for this machine; `npm run release` writes every platform's).
 * Needs `npm ci` (esbuild) and schema.json; not the TypeScript build.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";
import { NODE_BUNDLE, writeManifest } from "../bundles";
import { PACKAGE_ROOT, packageVersion } from "../../src/package-root";

const ROOT = PACKAGE_ROOT;
export const OUT_DIR = path.join(ROOT, "dist-plugin");

const version = packageVersion();

/** The platforms the engine downloads plugins for (`<os>-<arch>`): the plugin holds no native code,
 * so their archives differ only in the launcher. */
export const PLATFORMS = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "darwin-arm64",
  "windows-amd64",
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The archive's name as the engine asks for it (`pulumi-<kind>-<name>-v<version>-<os>-<arch>.tar.gz`). */
export const tarballName = (platform: Platform = "linux-amd64", v = version) =>
  `pulumi-resource-compute-v${v}-${platform}.tar.gz`;

const NO_NODE = "pulumi-resource-compute needs Node.js >= 22 on PATH (https://nodejs.org): no node found";

/** The launcher of a POSIX system: the engine runs it by its path in the plugin's directory. */
const SHIM = `#!/bin/sh
# The compute resource plugin, run by the Pulumi engine: its bundle with the first \`node\` on PATH (Node >= 22).
command -v node >/dev/null 2>&1 || { echo "${NO_NODE}" >&2; exit 1; }
exec node "$(dirname "$0")/main.js" "$@"
`;

/** Windows' launcher: the engine runs `<name>.cmd` when there is no `<name>.exe`. */
const CMD_SHIM = [
  "@echo off",
  "rem The compute resource plugin, run by the Pulumi engine: its bundle with the first node on PATH (Node >= 22).",
  `where node >nul 2>nul || (echo ${NO_NODE} 1>&2 & exit /b 1)`,
  'node "%~dp0main.js" %*',
  "",
].join("\r\n");

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

/**
 * Writes the plugin's files into `stage` (made anew), but its launcher: the bundle, its entry and
 * manifest, `schema.json` (`schema`, default the repository's), `package.json` and the licences.
 */
export async function stagePlugin(stage: string, schema = path.join(ROOT, "schema.json")): Promise<void> {
  fs.rmSync(stage, { recursive: true, force: true });
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
  fs.copyFileSync(schema, path.join(stage, "schema.json"));
  fs.writeFileSync(
    path.join(stage, "package.json"),
    `${JSON.stringify({ name: "pulumi-resource-compute", version, private: true, license: "Apache-2.0" }, null, 2)}\n`,
  );
}

/** The platform's archive of the staged plugin, with its launcher, in `outDir`; returns its path. */
export function archivePlugin(stage: string, outDir: string, platform: Platform): string {
  const windows = platform.startsWith("windows-");
  const launcher = windows ? "pulumi-resource-compute.cmd" : "pulumi-resource-compute";
  for (const old of ["pulumi-resource-compute", "pulumi-resource-compute.cmd"])
    fs.rmSync(path.join(stage, old), { force: true });
  fs.writeFileSync(path.join(stage, launcher), windows ? CMD_SHIM : SHIM, { mode: 0o755 });
  const tarball = path.join(outDir, tarballName(platform));
  // Owner and times fixed: the same sources make the same archive.
  execFileSync("tar", ["-czf", tarball, "--owner=0", "--group=0", "--numeric-owner", "-C", stage, "."]);
  return tarball;
}

/** Packs the plugin in `outDir` (made anew): its files in `pulumi-resource-compute/`, and this machine's tarball. */
export async function packPlugin(outDir = OUT_DIR): Promise<string> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const stage = path.join(outDir, "pulumi-resource-compute");
  await stagePlugin(stage);
  return archivePlugin(stage, outDir, "linux-amd64");
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
