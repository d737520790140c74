/**
 * The shell `source scripts/env --with-pulumi` sets up (docs/development.md's shell for the plugin form)
 * gives the CLI nothing to warn about: the language hosts `scripts/setup --all-languages` built resolve
 * beside the CLI (the engine takes them for its own; from elsewhere on PATH it warns "using ... from
 * $PATH" at every command), and this repository's plugin is not on PATH (the plugin cache or the
 * project's `plugins` entry provides it). A YAML preview in that shell shows no such warning.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "../../..");
/** Asynchronous: the emulator of the project runs in this process. */
const inShell = async (command: string, cwd = ROOT, env: NodeJS.ProcessEnv = process.env) =>
  (
    await promisify(execFile)(
      "bash",
      ["-c", `source "${ROOT}/scripts/env" --with-pulumi >/dev/null && ${command}`],
      {
        cwd,
        env,
        encoding: "utf8",
      },
    )
  ).stdout;

test("the language hosts resolve beside the CLI, and no pulumi-resource-compute is on PATH", async () => {
  const [cli, ...hosts] = (
    await inShell("command -v pulumi pulumi-language-yaml pulumi-language-python pulumi-language-go")
  )
    .trim()
    .split("\n");
  expect(hosts).toHaveLength(3);
  for (const host of hosts) expect(path.dirname(host!)).toBe(path.dirname(cli!));
  expect((await inShell("command -v pulumi-resource-compute || echo none")).trim()).toBe("none");
});

describe("a YAML project in that shell", () => {
  let p: YamlProject;
  beforeAll(async () => {
    p = await yamlProject("shell-env");
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test("previews a VPC with no warning", async () => {
    p.setProgram({
      net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "shell-net" } },
    });
    const shown = await inShell("pulumi preview --non-interactive 2>&1", p.dir, {
      ...p.env,
      PATH: process.env.PATH,
    });
    expect(shown).toMatch(/\+ 2 to create/);
    expect(shown).not.toMatch(/warning/);
  });
});
