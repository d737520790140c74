/**
 * A stack's outputs in one CLI command. The Automation API reads them after every `up` with two
 * (`stack output --json`, then again with `--show-secrets`, to tell which are secret); one
 * `stack export --show-secrets` tells the same: the root stack resource's outputs, each secret one in
 * the state's secret envelope.
 */
import type { LocalWorkspace, OutputMap } from "@pulumi/pulumi/automation";

/** The state's mark of a secret value (`sig.Secret`), and the key of its plaintext when exported. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecret(value: unknown): value is { plaintext: string } {
  return (
    typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** A value of the exported state with every secret envelope opened. */
export function plainValue(value: unknown): unknown {
  if (isSecret(value)) return plainValue(JSON.parse(value.plaintext));
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainValue(inner)]));
  return value;
}

/** The outputs of the root stack resource of an exported deployment, as the Automation API gives them. */
export function outputsOf(deployment: {
  resources?: { type: string; parent?: string; outputs?: object }[];
}): OutputMap {
  const root = (deployment.resources ?? []).find((r) => r.type === "pulumi:pulumi:Stack" && !r.parent);
  return Object.fromEntries(
    Object.entries(root?.outputs ?? {})
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, { value: plainValue(value), secret: isSecret(value) }]),
  );
}

/** Makes `workspace` read a stack's outputs with one command instead of two. */
export function readOutputsByExport(workspace: LocalWorkspace): void {
  workspace.stackOutputs = async (stackName: string) =>
    outputsOf((await workspace.exportStack(stackName)).deployment as Parameters<typeof outputsOf>[0]);
}
