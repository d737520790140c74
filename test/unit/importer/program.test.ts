/**
 * The program compute-import writes for the sample account type-checks against the package's
 * resource classes (the TypeScript compiler with the repository's settings, `pulumi-compute` mapped
 * to src/index.ts), and a broken one would not.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { generateProgram } from "../../../src/importer/generate";
import { useEmulator } from "../../support/emulator";
import { seedSampleAccount } from "../../support/sample-account";

const ROOT = path.resolve(__dirname, "../../..");
const t = useEmulator({ speed: 1000 });

let dir: string;
beforeAll(() => {
  // Inside the repository, so that `@pulumi/pulumi` resolves from its node_modules.
  dir = fs.mkdtempSync(path.join(ROOT, "test", ".generated-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The compiler's errors in `files`, with the repository's tsconfig. */
function typeErrors(files: string[]): string[] {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  return files.flatMap((file) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => `${path.basename(file)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`),
  );
}

it("type-checks against the resource classes", async () => {
  await seedSampleAccount(t.client, t.control);
  const program = await generateProgram(t.client);
  const index = path.join(dir, "index.ts");
  fs.writeFileSync(index, program);
  const broken = path.join(dir, "broken.ts");
  fs.writeFileSync(
    broken,
    'import * as compute from "pulumi-compute";\nnew compute.Vpc("x", { region: 1, label: "x" }, { import: 4 });\n',
  );
  const errors = typeErrors([index, broken]);
  expect(errors.filter((e) => e.startsWith("index.ts"))).toEqual([]);
  expect(errors.filter((e) => e.startsWith("broken.ts")).length).toBeGreaterThan(0);
  // Declares every kind, each with its import ID, and references its parents.
  for (const kind of ["Vpc", "Subnet", "Instance", "InstanceDisk", "InstanceConfig", "ConfigInterface"]) {
    expect(program).toContain(`new compute.${kind}(`);
  }
  for (const kind of ["SshKey", "StackScript", "Image", "Tag"])
    expect(program).toContain(`new compute.${kind}(`);
  expect(program).toMatch(/import: "private\/\d+"/);
  expect(program).toContain("devices: { sda: db1Root.id, sdb: db1Swap.id }");
}, 120_000);
