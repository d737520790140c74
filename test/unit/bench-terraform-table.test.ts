/** The pure parts of `npm run bench:terraform`: a step's counts from the proxy's log, GNU time's
 * output, and the side-by-side table's arithmetic. */
import { pathToEmulator } from "../../bench/rename-proxy";
import {
  countAnswers,
  cpuFromTimeOutput,
  sideBySide,
  type StepResult,
  type Tool,
} from "../../bench/terraform-table";

describe("countAnswers", () => {
  it("counts every answer, the 429s apart, and errors other than a deletion's 404", () => {
    const counts = countAnswers([
      { method: "POST", path: "/v4/vpcs", status: 200 },
      { method: "POST", path: "/v4/vpcs", status: 429 },
      { method: "GET", path: "/v4/vpcs/7", status: 404 },
      { method: "DELETE", path: "/v4/vpcs/7", status: 404 },
      { method: "PUT", path: "/v4/vpcs/8", status: 400 },
      { method: "GET", path: "/v4/vpcs", status: 429 },
    ]);
    expect(counts).toEqual({ requests: 6, throttled: 2, errors: 2 });
  });

  it("is zero for a step that sent nothing", () => {
    expect(countAnswers([])).toEqual({ requests: 0, throttled: 0, errors: 0 });
  });
});

describe("cpuFromTimeOutput", () => {
  it("adds user and system seconds", () => {
    expect(cpuFromTimeOutput("12.34 1.66\n")).toBeCloseTo(14.0, 6);
  });

  it("reads the last line when the command exited non-zero", () => {
    expect(cpuFromTimeOutput("Command exited with non-zero status 2\n0.50 0.25\n")).toBeCloseTo(0.75, 6);
  });

  it("fails on anything else", () => {
    expect(() => cpuFromTimeOutput("")).toThrow(/unexpected output/);
  });
});

describe("pathToEmulator", () => {
  it("renames the original API's segments and keeps the query", () => {
    expect(pathToEmulator("/v4/linode/instances/5/configs?page=2")).toBe(
      "/v4/compute/instances/5/configs?page=2",
    );
    expect(pathToEmulator("/v4/images/linode%2Fdebian12")).toBe("/v4/images/compute%2Fdebian12");
    expect(pathToEmulator("/v4/vpcs/3/subnets")).toBe("/v4/vpcs/3/subnets");
  });
});

const result = (
  tool: Tool,
  run: number,
  step: string,
  wallS: number,
  cpuS: number,
  requests = 10,
): StepResult => ({
  tool,
  run,
  step,
  wallS,
  cpuS,
  requests,
  throttled: run === 2 ? 1 : 0,
  errors: 0,
});

describe("sideBySide", () => {
  const results = [
    result("terraform", 1, "apply", 10, 4, 600),
    result("terraform", 2, "apply", 12, 6, 602),
    result("yaml", 1, "up", 20, 2, 1200),
    result("yaml", 2, "up", 22, 3, 1202),
    result("terraform", 1, "plan", 5, 2),
    result("yaml", 1, "refresh", 1, 1, 1),
  ];
  const table = sideBySide(results);
  const row = (label: string, tool: string) =>
    table.split("\n").find((l) => l.startsWith(`| ${label} | ${tool} |`));

  it("gives the mean of the runs, each run's value in brackets", () => {
    expect(row("create", "Terraform")).toBe(
      "| create | Terraform | `apply` | 11.0 [10.0, 12.0] | 5.0 [4.0, 6.0] | 601 [600, 602] | 1 [0, 1] | 1.00x | 1.00x |",
    );
  });

  it("divides each form's means by Terraform's", () => {
    // wall 21 / 11, CPU 2.5 / 5
    expect(row("create", "Pulumi YAML (plugin)")).toContain("| 1.91x | 0.50x |");
  });

  it("puts the YAML form's lean settings, when run, after it and before TypeScript, in the tools' order", () => {
    const withLean = sideBySide([
      ...results,
      result("ts", 1, "up", 30, 8, 600),
      result("yaml-lean", 1, "up", 10, 2.5, 600),
      result("yaml-unmarked", 1, "up", 11, 4, 600),
    ]);
    const tools = withLean
      .split("\n")
      .filter((l) => l.startsWith("| create |"))
      .map((l) => l.split(" | ")[1]);
    expect(tools).toEqual([
      "Terraform",
      "Pulumi YAML (plugin)",
      "Pulumi YAML, `recoveryMarks: false`",
      "Pulumi YAML, `recoveryMarks: false`, `PULUMI_SKIP_CHECKPOINTS=true`",
      "TypeScript (dynamic)",
    ]);
    expect(withLean.split("\n").find((l) => l.includes("PULUMI_SKIP") && l.startsWith("| create"))).toContain(
      "| 0.91x | 0.50x |",
    );
  });

  it("sets Terraform's refreshing plan beside Pulumi's refresh", () => {
    expect(row("refresh", "Terraform")).toContain("| `plan` | 5.0 | 2.0 |");
    expect(row("refresh", "Pulumi YAML (plugin)")).toContain("| 0.20x | 0.50x |");
  });

  it("shows a dash for a step no run measured, and leaves out a tool that did not run", () => {
    expect(row("destroy", "Pulumi YAML (plugin)")).toBe(
      "| destroy | Pulumi YAML (plugin) | `destroy` | — | — | — | — | — | — |",
    );
    expect(table).not.toContain("TypeScript");
  });
});
