/**
 * The plugin as users get it: `npm run plugin`'s tarball (packed once per test file, into a
 * temporary directory), installed into a project's own PULUMI_HOME with `pulumi plugin install`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { CliProject } from "./cli-project";

const ROOT = path.resolve(__dirname, "../../..");
export const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  version: string;
};

let packed: { dir: string; tarball: string } | undefined;

// Removed once the test file that packed it is done (a test worker may be stopped with no "exit").
afterAll(() => {
  if (packed) fs.rmSync(packed.dir, { recursive: true, force: true });
  packed = undefined;
});

/** The tarball's path; its directory is removed once the test file is done. */
export function packedPlugin(): string {
  if (!packed) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-plugin-pack-"));
    const printed = execFileSync(
      path.join(ROOT, "node_modules/.bin/ts-node"),
      ["--transpile-only", path.join(ROOT, "scripts/plugin/pack.ts"), dir],
      { cwd: ROOT, encoding: "utf8" },
    );
    packed = { dir, tarball: path.resolve(ROOT, printed.trim()) };
  }
  return packed.tarball;
}

/** Installs the packed plugin into the project's PULUMI_HOME (`pulumi plugin install ... --file`). */
export async function installPackedPlugin(p: CliProject): Promise<void> {
  await p.pulumi("plugin", "install", "resource", "compute", version, "--file", packedPlugin());
}
