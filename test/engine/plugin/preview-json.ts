/**
 * `pulumi preview --json` as the plugin form's engine tests read it: each step's op, URN and detailed
 * diff, and the change summary, whatever the program's language.
 */
import type { CliProject } from "./cli-project";

export interface PreviewStep {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
}

export interface PreviewJson {
  steps: PreviewStep[];
  changeSummary: Record<string, number>;
}

/**
 * `pulumi preview --json` on the project's stack (the JSON document, the rest of what it showed left
 * out), with `flags` added (`--expect-no-changes`: the preview fails on any change).
 */
export async function previewJson(p: Pick<CliProject, "pulumi">, ...flags: string[]): Promise<PreviewJson> {
  const shown = await p.pulumi("preview", "--json", ...flags);
  return JSON.parse(shown.slice(0, shown.lastIndexOf("}") + 1)) as PreviewJson;
}

/** The step of the resource named `name` (the last part of its URN). */
export const stepOf = (preview: PreviewJson, name: string): PreviewStep | undefined =>
  preview.steps.find((s) => s.urn.endsWith(`::${name}`));

/** Each resource's op in a preview, by name (the stack left out). */
export const opsOf = (preview: PreviewJson): Record<string, string> =>
  Object.fromEntries(
    preview.steps
      .filter((s) => !s.urn.includes("pulumi:pulumi:Stack"))
      .map((s) => [s.urn.split("::").pop()!, s.op]),
  );

/** The detailed diffs of the resources named, by name (a name with no step has none). */
export const diffsOf = (
  preview: PreviewJson,
  ...names: string[]
): Record<string, PreviewStep["detailedDiff"]> =>
  Object.fromEntries(names.map((name) => [name, stepOf(preview, name)?.detailedDiff]));

/** A detailed diff in which each of the inputs named changes, as `kind` says. */
export const changed = (kind: string, ...inputs: string[]): PreviewStep["detailedDiff"] =>
  Object.fromEntries(inputs.map((input) => [input, { kind, inputDiff: true }]));
