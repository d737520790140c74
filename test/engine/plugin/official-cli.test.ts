/**
 * This repository's set-up beside an official Pulumi CLI: a stand-in installation (official-cli.ts)
 * first on PATH, its tree fingerprinted before anything runs. What scripts/setup runs of the Pulumi
 * set-up (scripts/ensure-pulumi; with --all-languages, `scripts/run --with-languages`) and
 * `source scripts/env --with-pulumi` use that CLI, write nothing into its directory, and export nothing
 * but PATH into the shell; the engine's offline settings come with `--offline` alone.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { bash, parseEnv, standInCli, treeFingerprint, userShellEnv } from "./official-cli";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../../..");

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-official-cli-"));
});
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The file `name` in the work directory. */
const read = (name: string) => fs.readFileSync(path.join(work, name), "utf8");

/** The variables whose values differ between two `env -0` dumps in the work directory. */
function changedVariables(before: string, after: string): string[] {
  const [was, is] = [parseEnv(read(before)), parseEnv(read(after))];
  return Object.keys({ ...was, ...is })
    .filter((k) => was[k] !== is[k])
    .sort();
}

test("the set-up uses the installed CLI, writes nothing into it, and `source scripts/env --with-pulumi` exports only PATH", async () => {
  const cli = standInCli(path.join(work, "official"));
  const before = treeFingerprint(cli);
  await bash(
    [
      `cd "${ROOT}"`,
      `scripts/ensure-pulumi 2>/dev/null | tail -1 >"${work}/engine"`,
      "scripts/run --with-languages true",
      `env -0 >"${work}/env-before"`,
      "source scripts/env --with-pulumi >/dev/null",
      `command -v pulumi >"${work}/pulumi"`,
      `env -0 >"${work}/env-after"`,
      "source scripts/env --offline >/dev/null",
      `env -0 >"${work}/env-offline"`,
    ].join("\n"),
    work,
    userShellEnv(cli, { PULUMI_HOME: path.join(work, "pulumi-home") }),
  );
  expect(read("engine").trim()).toBe(cli);
  expect(read("pulumi").trim()).toBe(path.join(cli, "pulumi"));
  expect({ tree: treeFingerprint(cli), exported: changedVariables("env-before", "env-after") }).toEqual({
    tree: before,
    exported: ["PATH"],
  });
  expect(changedVariables("env-after", "env-offline")).toEqual(
    expect.arrayContaining(["PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION", "PULUMI_SKIP_CONFIRMATIONS"]),
  );
});
