/**
 * `npm run release [-- --out DIR] [--download-url URL]`: the release's artifacts, in `dist-release/`
 * (or DIR, made anew), every one at package.json's version:
 * - `pulumi-resource-compute-v<version>-<os>-<arch>.tar.gz` for each platform the engine downloads
 *   plugins for (`PLATFORMS`): the packed plugin (`scripts/plugin/pack.ts`) with its platform's
 *   launcher, named as the engine asks for it;
 * - the Python SDK's wheel and sdist (`pulumi_compute-<version>…`), built from this release's schema;
 * - the npm package (`pulumi-compute-<version>.tgz`, `npm pack`, whose `prepare` builds dist/ anew:
 *   not while something runs from it);
 * - `compute.yaml`: the package declaration a Pulumi YAML project holds to name the plugin's version
 *   and where it comes from;
 * - `SHA256SUMS`: each file's SHA-256, as `sha256sum -c` reads them.
 * The schema in the plugin and the Python SDK names where the CLI fetches the plugin
 * (`pluginDownloadURL`): `--download-url`, else COMPUTE_PLUGIN_DOWNLOAD_URL, else the repository's
 * releases (`RELEASES`). Needs what `scripts/setup` installs, plus PyPI for the Python build tools
 * (`scripts/ensure-python-build`, cached); never run by `npm run demo` or the tests' set-up.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { RELEASES } from "../src/schema/repository";
import { schemaText } from "../src/schema/schema-file";
import { archivePlugin, PLATFORMS, stagePlugin } from "./plugin/pack";
import { PACKAGE_ROOT, packageVersion } from "../src/package-root";

const ROOT = PACKAGE_ROOT;

export interface ReleaseOptions {
  out: string;
  downloadUrl: string;
  /** Whether to pack the npm package (default true): its `prepare` builds dist/ anew, in place. */
  npm?: boolean;
}

const run = (command: string, args: string[], cwd = ROOT) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** What a Pulumi YAML project holds (any `.yaml` file under it, e.g. `sdks/compute.yaml`) to use the
 * plugin: the YAML language host reads it and asks the CLI for this version from this location. */
export const yamlPackageDeclaration = (version: string, downloadUrl: string) =>
  [
    "packageDeclarationVersion: 1",
    "name: compute",
    `version: ${version}`,
    `downloadUrl: ${downloadUrl}`,
    "",
  ].join("\n");

/**
 * The Python SDK's wheel and sdist, built in a scratch copy: the committed sdk/python for the
 * repository's releases (test/unit/sdk/sdk-fresh.test.ts holds it to schema.json), else one generated
 * from this release's `schema`.
 */
function pythonDistributions(schema: string, downloadUrl: string, work: string, out: string) {
  const sdks = path.join(work, "sdk");
  if (downloadUrl === RELEASES)
    fs.cpSync(path.join(ROOT, "sdk/python"), path.join(sdks, "python"), {
      recursive: true,
      // What earlier builds left there (ignored by git) stays out.
      filter: (f) => !/(^|\/)(build|__pycache__|[^/]*\.egg-info)$/.test(f),
    });
  else run(path.join(ROOT, "scripts/sdks"), [sdks, schema]);
  const venv = run(path.join(ROOT, "scripts/ensure-python-build"), []).trim().split("\n").pop()!;
  run(
    path.join(venv, "bin/python"),
    ["-m", "build", "--sdist", "--wheel", "--outdir", out, "."],
    path.join(sdks, "python"),
  );
}

export async function release({ out, downloadUrl, npm = true }: ReleaseOptions): Promise<string[]> {
  const version = packageVersion();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-release-"));
  try {
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    const schema = path.join(work, "schema.json");
    fs.writeFileSync(schema, schemaText({ pluginDownloadURL: downloadUrl }));
    const stage = path.join(work, "plugin");
    await stagePlugin(stage, schema);
    for (const platform of PLATFORMS) archivePlugin(stage, out, platform);
    pythonDistributions(schema, downloadUrl, work, out);
    if (npm) run("npm", ["pack", "--silent", "--pack-destination", out]);
    fs.writeFileSync(path.join(out, "compute.yaml"), yamlPackageDeclaration(version, downloadUrl));
    const files = fs.readdirSync(out).sort();
    const sums = files.map(
      (f) =>
        `${createHash("sha256")
          .update(fs.readFileSync(path.join(out, f)))
          .digest("hex")}  ${f}`,
    );
    fs.writeFileSync(path.join(out, "SHA256SUMS"), `${sums.join("\n")}\n`);
    return [...files, "SHA256SUMS"];
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const { values } = parseArgs({
    options: { out: { type: "string" }, "download-url": { type: "string" } },
  });
  const out = path.resolve(values.out ?? path.join(ROOT, "dist-release"));
  const downloadUrl = values["download-url"] ?? process.env.COMPUTE_PLUGIN_DOWNLOAD_URL ?? RELEASES;
  release({ out, downloadUrl }).then(
    (files) => {
      console.log(
        `release ${packageVersion()} in ${path.relative(process.cwd(), out) || "."} (plugin from ${downloadUrl}):`,
      );
      for (const f of files) console.log(`  ${f}`);
    },
    (err: unknown) => {
      const stderr = (err as { stderr?: string }).stderr?.trim().split("\n").pop();
      console.error(`npm run release: ${stderr ?? (err instanceof Error ? err.message : String(err))}`);
      process.exit(1);
    },
  );
}
