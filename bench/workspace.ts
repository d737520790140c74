/**
 * The benches' workspace, as the engine tests' harness makes it: a file backend, PULUMI_HOME and the
 * project in `dir`, a passphrase, and `main` = the repository root, where the provider process loads
 * the package by name from its node_modules.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type PulumiCommand } from "@pulumi/pulumi/automation";

const ROOT = path.resolve(__dirname, "..");

export function benchWorkspace(
  dir: string,
  { project, passphrase, cli }: { project: string; passphrase: string; cli: PulumiCommand },
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
    },
    envVars: { PULUMI_CONFIG_PASSPHRASE: passphrase },
  });
}
