/**
 * The provider's files on the user's machine, through the CLI, told once for the TypeScript form
 * (machine-files.test.ts) and the plugin form (plugin/machine-files.test.ts): they live in `compute/`
 * under the Pulumi home; a preview, and an `up` that changes nothing, write none; two `pulumi up` of
 * different stacks at once on one machine lose no entry of each other's (each stack has its own file
 * of held objects); no temporary file is left; a destroyed stack leaves no file of its own.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** Stacks `test` and `other` of one project, each declaring `COUNT` VPCs with a subnet each, named
 * `net<i>` and `app<i>`, labelled after their stack. */
export interface FilesProject {
  /** The project's name (the held objects' keys begin with it). */
  name: string;
  /** The CLI's environment: its PULUMI_HOME, and no COMPUTE_JOURNAL_DIR. */
  env: NodeJS.ProcessEnv;
  pulumi(...args: string[]): Promise<string>;
  dispose(): Promise<void> | void;
}

export const COUNT = 5;

export function machineFilesStory(start: () => Promise<FilesProject>): void {
  let project: FilesProject;
  let home: string;

  beforeAll(async () => {
    project = await start();
    home = path.join(project.env.PULUMI_HOME!, "compute");
  });

  afterAll(() => project?.dispose());

  /** Every file under the provider's home, relative to it. */
  const files = (): string[] =>
    fs.existsSync(home)
      ? (fs.readdirSync(home, { recursive: true }) as string[]).filter(
          (f) => !fs.statSync(path.join(home, f)).isDirectory(),
        )
      : [];

  const times = () => files().map((f) => [f, fs.statSync(path.join(home, f)).mtimeMs]);

  /** Each resource's key (`project/stack/Kind/name`) and ID, as the stack's state holds them. */
  async function stateIds(stack: string): Promise<Record<string, string>> {
    const exported = JSON.parse(await project.pulumi("stack", "export", "--stack", stack));
    const resources: { urn: string; id?: string; type: string }[] = exported.deployment.resources;
    return Object.fromEntries(
      resources
        .filter((r) => /^(pulumi-nodejs:dynamic\/compute|compute:index):/.test(r.type))
        .map((r) => [
          `${project.name}/${stack}/${r.type.split(":").at(-1)}/${r.urn.split("::").at(-1)}`,
          r.id!,
        ]),
    );
  }

  test("a preview writes no file", async () => {
    await project.pulumi("preview", "--stack", "test");
    expect(files()).toEqual([]);
  });

  test("two stacks' `pulumi up` at once keep every entry of both, in the Pulumi home, with no temporary file", async () => {
    await Promise.all([
      project.pulumi("up", "--yes", "--stack", "test"),
      project.pulumi("up", "--yes", "--stack", "other"),
    ]);
    const held = files()
      .filter((f) => f.startsWith(`held${path.sep}`))
      .map((f): Record<string, { id: string }> => JSON.parse(fs.readFileSync(path.join(home, f), "utf8")));
    expect(held).toHaveLength(2);
    const ids = Object.fromEntries(
      held.flatMap((entries) => Object.entries(entries).map(([key, e]) => [key, e.id])),
    );
    expect(ids).toEqual({ ...(await stateIds("test")), ...(await stateIds("other")) });
    expect(Object.keys(ids)).toHaveLength(4 * COUNT);
    expect(files().filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  test("an `up` that changes nothing writes nothing; destroying both at once leaves no file of theirs", async () => {
    const before = times();
    await project.pulumi("up", "--yes", "--stack", "test");
    await project.pulumi("preview", "--refresh", "--stack", "other");
    expect(times()).toEqual(before);

    await Promise.all([
      project.pulumi("destroy", "--yes", "--stack", "test"),
      project.pulumi("destroy", "--yes", "--stack", "other"),
    ]);
    expect(files().filter((f) => f !== "lifecycles.json")).toEqual([]);
  });
}
