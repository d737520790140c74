/**
 * The committed SDKs (sdk/python, sdk/go with its go.mod and go.sum) are what `npm run sdks` makes of
 * schema.json now: the stamp the generator wrote names the schema's sha256, a fresh `scripts/sdks` into a
 * temporary directory (the generator, then `go mod tidy`) is the same file for file, and `go vet ./...`
 * passes inside sdk/go with no flags. The generator is built when missing (`scripts/ensure-sdkgen`:
 * minutes on an empty Go build cache, cached in the user's cache after), never skipped. Stale: run
 * `npm run sdks` and commit sdk/.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { RELEASES } from "../../../src/schema/repository";

const ROOT = path.resolve(__dirname, "../../..");
const SDK = path.join(ROOT, "sdk");

/** The files under `dir` that git would track (ignored build output such as *.egg-info left out). */
function files(dir: string): Map<string, string> {
  const listed = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  return new Map(
    listed
      .split("\0")
      .filter((f) => f && fs.existsSync(path.join(dir, f)))
      .map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]),
  );
}

/** The generator's path, built first when missing; a machine that cannot build it fails the test. */
function generator(): string {
  const printed = execFileSync(path.join(ROOT, "scripts/ensure-sdkgen"), { encoding: "utf8" }).trim();
  return printed.split("\n").at(-1)!;
}

it("sdk/ was generated from the current schema.json (stale: `npm run sdks`, commit sdk/)", () => {
  const schema = fs.readFileSync(path.join(ROOT, "schema.json"));
  const stamp = fs.readFileSync(path.join(SDK, ".schema-sha256"), "utf8").trim();
  expect(stamp).toBe(createHash("sha256").update(schema).digest("hex"));
  const committed = files(SDK);
  expect([...committed.keys()]).toEqual(
    expect.arrayContaining([
      "python/pyproject.toml",
      "python/pulumi_compute/vpc.py",
      "go/go.mod",
      "go/go.sum",
      "go/compute/vpc.go",
    ]),
  );

  expect(fs.existsSync(generator())).toBe(true);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "compute-sdks-"));
  try {
    execFileSync(path.join(ROOT, "scripts/sdks"), [tmp], { stdio: "ignore" });
    // Not a git directory: every file it holds is the generator's.
    const fresh = new Map(
      (fs.readdirSync(tmp, { recursive: true }) as string[])
        .filter((f) => fs.statSync(path.join(tmp, f)).isFile())
        .map((f) => [f, fs.readFileSync(path.join(tmp, f), "utf8")]),
    );
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) expect({ file, text: committed.get(file) }).toEqual({ file, text });
    // A complete module: every import required, every sum present (GOFLAGS cleared: no -mod=mod).
    execFileSync("go", ["vet", "./..."], { cwd: path.join(SDK, "go"), env: { ...process.env, GOFLAGS: "" } });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 900_000);

it("one version and one release location: package.json's, in the schema and in both SDKs", () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8")) as Record<string, unknown>;
  expect({ version: schema.version, server: schema.pluginDownloadURL }).toEqual({ version, server: RELEASES });
  for (const plugin of ["python/pulumi_compute/pulumi-plugin.json", "go/compute/pulumi-plugin.json"])
    expect(JSON.parse(fs.readFileSync(path.join(SDK, plugin), "utf8"))).toEqual({
      resource: true,
      name: "compute",
      version,
      server: RELEASES,
    });
  // PEP 440 spells a pre-release without the dash: 1.2.0-alpha.1 is 1.2.0a1.
  const python = version.replace(/-(alpha|beta|rc)\.?(\d+)$/, (_, pre: string, n: string) => `${pre === "rc" ? "rc" : pre[0]}${n}`);
  expect(fs.readFileSync(path.join(SDK, "python/pyproject.toml"), "utf8")).toContain(`version = "${python}"`);
  expect(fs.readFileSync(path.join(SDK, "python/pulumi_compute/_utilities.py"), "utf8")).toContain(
    `return "${RELEASES}"`,
  );
  const go = fs.readFileSync(path.join(SDK, "go/compute/internal/pulumiUtilities.go"), "utf8");
  expect(go).toContain(`semver.MustParse("${version}")`);
  expect(go).toContain(`pulumi.PluginDownloadURL("${RELEASES}")`);
});

it("each SDK's documentation shows the kind's description, then its example in the SDK's own language", () => {
  const python = fs.readFileSync(path.join(SDK, "python/pulumi_compute/subnet.py"), "utf8");
  expect(python).toMatch(/A subnet of a VPC\.\s+## Example Usage\s+### A Subnet\s+```python\n\s+import pulumi\n/);
  expect(python).toContain("app = compute.Subnet(");
  // On the class itself (help() shows it first), not only on __init__.
  expect(python).toMatch(/^class Subnet\(pulumi\.CustomResource\):\n {4}r"""\n {4}A subnet of a VPC\.\n/m);
  // A function's result and the types it holds carry their TSDoc.
  const getVpc = fs.readFileSync(path.join(SDK, "python/pulumi_compute/get_vpc.py"), "utf8");
  expect(getVpc).toMatch(/^class GetVpcResult:\n {4}"""\n {4}A VPC, with its subnets\.\n/m);
  expect(python).not.toMatch(/```(typescript|ts|go|yaml)\n|new compute\.|compute\.NewSubnet/);
  const go = fs.readFileSync(path.join(SDK, "go/compute/subnet.go"), "utf8");
  expect(go).toMatch(/\/\/ A subnet of a VPC\.\n\/\/\n\/\/ ## Example Usage\n\/\/ ### A Subnet\n\/\/ ```go\n/);
  expect(go).toContain("compute.NewSubnet(ctx, \"app\"");
  expect(go).not.toMatch(/```(typescript|ts|python|yaml)\n|new compute\./);
});
