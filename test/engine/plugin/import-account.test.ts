/**
 * compute-import in Pulumi YAML and in Python: an account made directly through the API;
 * `compute-import --language yaml --out Main.yaml` (the package's bin) beside a project file naming
 * the runtime and this repository's plugin, or `--language python --out __main__.py` in a project on
 * the Python SDK (python-project.ts); the real `pulumi` CLI there. `up` writes nothing to the API and
 * ends with every object in the state; the preview after it expects no changes; `destroy` empties the
 * account.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../../src/client";
import { instanceEndpoints, vpcEndpoints } from "../../../src/contract";
import { seedSampleAccount, type SampleAccount } from "../../support/sample-account";
import { run } from "../harness";
import { cliProject, PLUGINS, type CliProject } from "./cli-project";
import { pythonProject } from "./python-project";
import { requireYamlHost } from "./yaml-project";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../../..");
const TYPE = "compute:index:";

const LANGUAGES = {
  yaml: {
    file: "Main.yaml",
    project: () => {
      requireYamlHost();
      const project = { name: "imported", runtime: "yaml", plugins: PLUGINS };
      const init = (dir: string) =>
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project, null, 2));
      return cliProject("import-account", "yaml", init, {}, { speed: 20 });
    },
  },
  python: { file: "__main__.py", project: () => pythonProject("import-account", { speed: 20 }) },
};

/** The summary of an operation run with --json. */
function changes(stdout: string): Record<string, number> {
  const parsed = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { changeSummary?: Record<string, number> };
  return parsed.changeSummary ?? {};
}

describe.each(Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[])("%s", (language) => {
  const { file } = LANGUAGES[language];
  let project: CliProject;
  let account: SampleAccount;

  beforeAll(async () => {
    project = await LANGUAGES[language].project();
    account = await seedSampleAccount(project.client, project.control);
  });

  afterAll(async () => {
    await project?.dispose();
  });

  test(`compute-import --language ${language} writes a program declaring every object with the import option`, async () => {
    const { emulator, dir, env } = project;
    const cli = path.join(ROOT, "dist/importer/cli.js");
    const args = ["--api-url", emulator.url, "--token", emulator.token, "--language", language];
    await run("node", [cli, ...args, "--out", file], dir, env);
    const program = fs.readFileSync(path.join(dir, file), "utf8");
    expect(program).not.toContain(emulator.token);
    const option =
      language === "yaml" ? /^ {4}options:\n {6}import: \S+$/gm : /opts=pulumi\.ResourceOptions\(import_=/g;
    expect(program.match(option)).toHaveLength(14);
  });

  test("up writes nothing to the API and ends with every object in the state", async () => {
    await project.control.clearRequests();
    const started = Date.now();
    await project.pulumi("up", "--yes", "--skip-preview");
    const seconds = (Date.now() - started) / 1000;
    expect(await project.writes()).toEqual([]);
    const held = (await project.resources())
      .filter((r) => r.type.startsWith(TYPE))
      .map((r) => `${r.type.slice(TYPE.length)} ${r.id}`)
      .sort();
    const a = account;
    expect(held).toEqual(
      [
        `Vpc ${a.vpcId}`,
        `Subnet ${a.subnetIds.app}`,
        `Subnet ${a.subnetIds.data}`,
        `Instance ${a.webId}`,
        `Instance ${a.dbId}`,
        `InstanceDisk ${a.diskIds.root}`,
        `InstanceDisk ${a.diskIds.swap}`,
        `InstanceConfig ${a.configId}`,
        ...held.filter((h) => h.startsWith("ConfigInterface ")),
        `SshKey ${a.sshKeyId}`,
        `StackScript ${a.stackScriptId}`,
        `Image ${a.imageId}`,
        `Tag ${a.tag}`,
      ].sort(),
    );
    expect(held.filter((h) => h.startsWith("ConfigInterface "))).toHaveLength(2);
    console.log(
      `import-account (${language}): ${held.length} objects imported in ${seconds.toFixed(1)} s, 0 writes`,
    );
  });

  test("the preview right after expects no changes", async () => {
    const summary = changes(await project.pulumi("preview", "--expect-no-changes", "--json"));
    expect(Object.keys(summary)).toEqual(["same"]);
    expect(await project.writes()).toEqual([]);
  });

  test("destroy empties the account", async () => {
    await project.pulumi("destroy", "--yes");
    const { client } = project;
    expect(await collect(client.each(vpcEndpoints.listVpcs))).toEqual([]);
    expect(await collect(client.each(instanceEndpoints.listInstances))).toEqual([]);
  });
});
