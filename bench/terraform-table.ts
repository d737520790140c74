/**
 * The pure parts of `npm run bench:terraform`: counting a step's requests from the proxy's log, and
 * the side-by-side table (means over the runs, each tool's ratio to Terraform).
 */

/** One answer the proxy passed back to the tool. */
export interface ProxyEntry {
  method: string;
  /** The path the tool asked for (before any rename). */
  path: string;
  status: number;
}

export interface StepCounts {
  requests: number;
  throttled: number;
  /** Answers of 400 and above other than 429 and a deletion's 404. */
  errors: number;
}

/** The requests of one step, from the entries the proxy logged while it ran. */
export function countAnswers(entries: ProxyEntry[]): StepCounts {
  let throttled = 0;
  let errors = 0;
  for (const e of entries) {
    if (e.status === 429) throttled++;
    else if (e.status >= 400 && !(e.status === 404 && e.method === "DELETE")) errors++;
  }
  return { requests: entries.length, throttled, errors };
}

/** User + system seconds from GNU time's `-f "%U %S"` output (its last line; a line before it may say
 * the command's non-zero exit). */
export function cpuFromTimeOutput(text: string): number {
  const last = text.trim().split("\n").pop() ?? "";
  const m = /^(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(last.trim());
  if (!m) throw new Error(`unexpected output of /usr/bin/time: ${JSON.stringify(text)}`);
  return Number(m[1]) + Number(m[2]);
}

/** Terraform, our two forms, and (`--lean`) each with the settings that trade recovery for speed: in
 * YAML marks off (`compute:recoveryMarks: false`), then the engine's checkpoints off too; in TypeScript
 * (no marks without `compute:recoveryKey`) the checkpoints off. */
export const TOOLS = ["terraform", "yaml", "yaml-unmarked", "yaml-lean", "ts", "ts-lean"] as const;
export type Tool = (typeof TOOLS)[number];

export const TOOL_LABEL: Record<Tool, string> = {
  terraform: "Terraform",
  yaml: "Pulumi YAML (plugin)",
  "yaml-unmarked": "Pulumi YAML, `recoveryMarks: false`",
  "yaml-lean": "Pulumi YAML, `recoveryMarks: false`, `PULUMI_SKIP_CHECKPOINTS=true`",
  ts: "TypeScript (dynamic)",
  "ts-lean": "TypeScript, `PULUMI_SKIP_CHECKPOINTS=true`",
};

/** One step of one tool in one run. */
export interface StepResult extends StepCounts {
  tool: Tool;
  run: number;
  step: string;
  wallS: number;
  /** User + system CPU seconds of the tool's process and the children it waited for. */
  cpuS: number;
}

/** A row of the table: what Terraform runs for it, and what each Pulumi program does. */
export interface Pair {
  label: string;
  terraform: string;
  pulumi: string;
}

/** The steps compared, as the side-by-side's table pairs them. Terraform has no refresh of its own:
 * its refreshing plan stands beside Pulumi's `refresh`. */
export const PAIRS: Pair[] = [
  { label: "create", terraform: "apply", pulumi: "up" },
  { label: "no-change check, no refresh", terraform: "plan -refresh=false", pulumi: "preview" },
  { label: "no-change check with refresh", terraform: "plan", pulumi: "preview --refresh" },
  { label: "refresh", terraform: "plan", pulumi: "refresh" },
  { label: "destroy", terraform: "destroy", pulumi: "destroy" },
];

const stepOf = (pair: Pair, tool: Tool) => (tool === "terraform" ? pair.terraform : pair.pulumi);

interface Mean {
  mean: number;
  all: number[];
}

function meanOf(results: StepResult[], tool: Tool, step: string, field: keyof StepResult): Mean | undefined {
  const all = results
    .filter((r) => r.tool === tool && r.step === step)
    .sort((a, b) => a.run - b.run)
    .map((r) => r[field] as number);
  if (all.length === 0) return undefined;
  return { mean: all.reduce((a, b) => a + b, 0) / all.length, all };
}

/** `12.3 [12.1, 12.5]`: the mean, then each run's value when there are several. */
function shown(m: Mean | undefined, digits: number): string {
  if (!m) return "—";
  const f = (x: number) => x.toFixed(digits);
  return m.all.length > 1 ? `${f(m.mean)} [${m.all.map(f).join(", ")}]` : f(m.mean);
}

/** `0.53x`: ours over Terraform's means; `—` when either is missing or Terraform's is 0. */
export function ratio(ours: Mean | undefined, theirs: Mean | undefined): string {
  if (!ours || !theirs || theirs.mean === 0) return "—";
  return `${(ours.mean / theirs.mean).toFixed(2)}x`;
}

/** The side-by-side as a markdown table: per step, Terraform's row then each other tool's. */
export function sideBySide(results: StepResult[]): string {
  const tools = TOOLS.filter((t) => results.some((r) => r.tool === t));
  const lines = [
    "| step | tool | command | wall s | CPU s | requests | 429s | wall ÷ TF | CPU ÷ TF |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const pair of PAIRS) {
    const tfStep = pair.terraform;
    const tfWall = meanOf(results, "terraform", tfStep, "wallS");
    const tfCpu = meanOf(results, "terraform", tfStep, "cpuS");
    for (const tool of tools) {
      const step = stepOf(pair, tool);
      const wall = meanOf(results, tool, step, "wallS");
      const cpu = meanOf(results, tool, step, "cpuS");
      const mine = tool === "terraform";
      lines.push(
        `| ${pair.label} | ${TOOL_LABEL[tool]} | \`${step}\` | ${shown(wall, 1)} | ${shown(cpu, 1)} | ` +
          `${shown(meanOf(results, tool, step, "requests"), 0)} | ${shown(meanOf(results, tool, step, "throttled"), 0)} | ` +
          `${mine ? "1.00x" : ratio(wall, tfWall)} | ${mine ? "1.00x" : ratio(cpu, tfCpu)} |`,
      );
    }
  }
  return lines.join("\n");
}
