/**
 * Steps that several stories tell in the same words: a no-change preview, a clean refresh and the
 * output types. Each takes the story's project as it is when the step runs (made in its beforeAll).
 */
import { schemaMismatches } from "../schema-types";
import type { StoryProject } from "./language";

/** The program as it stands: `same` steps (the stack's among them), and no write. */
export const noChangePreview = (project: () => StoryProject, same: number): void =>
  test("a preview of the same program shows no change and sends no write", async () => {
    const p = project();
    await p.control.clearRequests();
    // One preview says both: `--expect-no-changes` fails it on any change, `--json` gives the steps.
    expect((await p.previewJson("--expect-no-changes")).changeSummary).toEqual({ same });
    expect(await p.writes()).toEqual([]);
  });

export const cleanRefresh = (project: () => StoryProject): void =>
  test("a refresh finds nothing changed, and the next preview none either", async () => {
    const p = project();
    await p.control.clearRequests();
    await p.pulumi("refresh", "--yes", "--expect-no-changes");
    await p.pulumi("preview", "--expect-no-changes");
    expect(await p.writes()).toEqual([]);
  });

export const outputsAsSchemaTypes = (project: () => StoryProject): void =>
  test("every output has the type the package schema gives it (what a typed SDK reads)", async () => {
    expect(schemaMismatches(await project().resources())).toEqual([]);
  });
