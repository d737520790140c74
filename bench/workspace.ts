/**
 * The benches' workspace, as the engine tests' harness makes it: a file backend, PULUMI_HOME and the
 * project in `dir`, a passphrase, and `main` = the repository root, where the provider process loads
 * the package by name from its node_modules; with `plugin`, the resource plugin of this repository too.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type PulumiCommand } from "@pulumi/pulumi/automation";

const ROOT = path.resolve(__dirname, "..");

export function benchWorkspace(
  dir: string,
  {
    project,
    passphrase,
    cli,
    plugin = false,
  }: { project: string; passphrase: string; cli: PulumiCommand; plugin?: boolean },
): Promise<LocalWorkspace> {
  for (const sub of ["project", "home", "state"]) fs.mkdirSync(path.join(dir, sub));
  return LocalWorkspace.create({
    workDir: path.join(dir, "project"),
    pulumiHome: path.join(dir, "home"),
    pulumiCommand: cli,
    projectSettings: {
      name: project,
      runtime: "nodejs",
      main: ROOT,
      backend: { url: `file://${path.join(dir, "state")}` },
      // The resource plugin of this repository (bin/pulumi-resource-compute) for `compute:index:*`.
      ...(plugin ? { plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] } } : {}),
    },
    envVars: { PULUMI_CONFIG_PASSPHRASE: passphrase },
  });
}
