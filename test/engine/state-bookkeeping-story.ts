/**
 * The provider's bookkeeping in the state, through the CLI, told once for the TypeScript form
 * (state-bookkeeping.test.ts) and the plugin form (plugin/state-bookkeeping.test.ts): the core's
 * outputs (`__declaredInputs`, `__schemaVersion`, `__pending`) are `__` keys, which the engine stores
 * and never shows; none of the provider's context (`__journalKey`, `__importId`, `__customTimeouts`)
 * is stored; a state written by an earlier version (the same outputs under their former names)
 * previews no change, and a refresh rewrites it under the new names with no write to the API.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** A project declaring a Vpc (its description the stack config `desc`) and a Subnet in it, up once. */
export interface BooksProject {
  dir: string;
  pulumi(...args: string[]): Promise<string>;
  /** The writes the emulator received since the last call. */
  writes(): Promise<string[]>;
  dispose(): Promise<void> | void;
}

const FORMER: Record<string, string> = {
  __declaredInputs: "declaredInputs",
  __schemaVersion: "schemaVersion",
  __pending: "pending",
};
const CONTEXT = [
  "journalKey",
  "importId",
  "customTimeouts",
  "__journalKey",
  "__importId",
  "__customTimeouts",
];

interface Stored {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

export function stateBookkeepingStory(start: () => Promise<BooksProject>): void {
  let p: BooksProject;

  beforeAll(async () => {
    p = await start();
    await p.pulumi("config", "set", "desc", "first");
    await p.pulumi("up", "--yes");
  });

  afterAll(() => p?.dispose());

  const exported = async () => JSON.parse(await p.pulumi("stack", "export"));
  const ours = async (): Promise<Stored[]> =>
    ((await exported()).deployment.resources as Stored[]).filter((r) => /compute[:/]/.test(r.type));

  test("the core's outputs are stored under `__` keys, and no context key is stored", async () => {
    const resources = await ours();
    expect(resources).toHaveLength(2);
    for (const r of resources) {
      expect(r.outputs).toHaveProperty("__declaredInputs");
      expect(r.outputs).toHaveProperty("__schemaVersion");
      for (const key of [...Object.values(FORMER), ...CONTEXT]) {
        expect(r.outputs).not.toHaveProperty(key);
        expect(r.inputs).not.toHaveProperty(key);
      }
    }
  });

  test("no display shows them", async () => {
    await p.pulumi("config", "set", "desc", "second");
    const shown = [
      await p.pulumi("preview", "--diff"),
      await p.pulumi("up", "--yes", "--diff"),
      await p.pulumi("refresh", "--yes", "--diff"),
    ].join("\n");
    expect(shown).toContain("second");
    expect(shown).not.toMatch(/declaredInputs|schemaVersion|journalKey|__pending/);
  });

  test("a state an earlier version wrote previews no change; a refresh rewrites it under the new names", async () => {
    const state = await exported();
    for (const r of state.deployment.resources as Stored[]) {
      if (!r.outputs || !/compute[:/]/.test(r.type)) continue;
      for (const [now, before] of Object.entries(FORMER)) {
        if (now in r.outputs) r.outputs[before] = now === "__schemaVersion" ? 3 : r.outputs[now];
        delete r.outputs[now];
      }
    }
    const file = path.join(p.dir, "older-state.json");
    fs.writeFileSync(file, JSON.stringify(state));
    await p.pulumi("stack", "import", "--file", file);
    expect((await ours())[0]!.outputs).toHaveProperty("declaredInputs");

    await p.writes();
    await p.pulumi("preview", "--expect-no-changes");
    expect(await p.pulumi("refresh", "--yes")).toMatch(/\b3 unchanged/);
    expect(await p.writes()).toEqual([]);
    for (const r of await ours()) {
      expect(r.outputs).toHaveProperty("__declaredInputs");
      for (const key of Object.values(FORMER)) expect(r.outputs).not.toHaveProperty(key);
    }
    await p.pulumi("preview", "--expect-no-changes");
  });
}
