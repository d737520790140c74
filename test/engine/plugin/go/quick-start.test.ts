/**
 * docs/go.md's quick start runs as written: its `go mod` lines make the module (the SDK replaced by this
 * repository's sdk/go), its `main.go` block, unchanged, is the program, `go mod tidy` completes go.sum,
 * and the real CLI runs it against the emulator through the Go language host: up creates the VPC and
 * the subnet its outputs name, a preview and a refresh find no change, destroy leaves none.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../../../src/client";
import { VpcParams, vpcEndpoints } from "../../../../src/contract";
import { GO_MODULE } from "../../../../src/schema/package-schema";
import { goProject, type GoProject } from "../go-project";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../../../..");
const page = fs.readFileSync(path.join(ROOT, "docs/go.md"), "utf8");
const blocks = (language: string) =>
  [...page.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map((m) => m[1]!);
const [program] = blocks("go");
/** The page's `go ...` commands, in order, without their comments. */
const goCommands = blocks("sh")
  .flatMap((block) => block.split("\n"))
  .filter((line) => line.startsWith("go "))
  .map((line) => line.replace(/\s+#.*$/, ""));

let p: GoProject;

beforeAll(async () => {
  p = await goProject("go-quick-start");
});
afterAll(async () => {
  await p?.dispose();
});

test("the page's commands make the module: the SDK required, replaced by this repository's sdk/go, go.sum complete", () => {
  expect(goCommands).toEqual([
    "go mod init go-infra",
    `go mod edit -require=${GO_MODULE}@v0.1.0`,
    `go mod edit -replace=${GO_MODULE}="$REPO/sdk/go"`,
    "go mod tidy",
  ]);
  for (const file of ["go.mod", "go.sum", "main.go"]) fs.rmSync(path.join(p.dir, file), { force: true });
  fs.writeFileSync(path.join(p.dir, "main.go"), program!);
  for (const command of goCommands)
    execFileSync("bash", ["-ec", command], {
      cwd: p.dir,
      env: { ...process.env, REPO: ROOT, GOFLAGS: "" },
      stdio: "ignore",
    });
  const goMod = fs.readFileSync(path.join(p.dir, "go.mod"), "utf8");
  expect(goMod).toContain(`${GO_MODULE} => ${path.join(ROOT, "sdk/go")}`);
  expect(goMod).toMatch(/github\.com\/pulumi\/pulumi\/sdk\/v3 v3\.\d+\.\d+/);
});

test("up creates the VPC and its subnet, as the outputs say", async () => {
  await p.pulumi("up", "--yes");
  const [vpc, ...others] = await collect(p.client.each(vpcEndpoints.listVpcs));
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ label: "test-net", region: "us-iad" });
  expect(await p.output("vpcId")).toBe(String(vpc!.id));
  const subnets = await collect(
    p.client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId: vpc!.id }) }),
  );
  expect(subnets).toEqual([expect.objectContaining({ label: "app", ipv4: "10.0.1.0/24" })]);
  expect(await p.output("subnetId")).toBe(String(subnets[0]!.id));
});

test("a preview and a refresh find no change, with no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
});
