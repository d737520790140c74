/**
 * Bad input in a Python program fails `pulumi preview` with nothing written: an unknown region and a
 * weak root password in one error line from the plugin's Check, naming the property, with no trace of
 * the provider's code; a missing required input as the generated SDK raises it (Python's TypeError,
 * naming the property and the program's line); a data function's bad argument as the invoke's failure
 * naming it (never its value); a snake_case key inside `interfaces` (which the SDK
 * types `Any`, so it passes the key as written) names the camelCase key, even beside a value the
 * preview does not know yet.
 *
 * Not asserted: when the engine stops the preview while the program still waits on the engine, the CLI
 * interrupts the v3.68.0 Python host's process group and Python may print a KeyboardInterrupt trace
 * under the stack (the program's, not the provider's; it depends on timing).
 */
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;

beforeAll(async () => {
  p = await pythonProject("python-bad-input");
});
afterAll(async () => {
  await p?.dispose();
});

async function failedPreview(code: string): Promise<string> {
  p.setProgram(code);
  await p.control.clearRequests();
  const shown = await p.failing("preview");
  expect(await p.writes()).toEqual([]);
  return shown;
}

/** The lines of the resource's errors (each shown twice: on its progress line and under Diagnostics). */
const errorLines = (shown: string, resource: string) =>
  shown.split("\n").filter((line) => line.includes(`error: compute:index:${resource}`));

const noProviderTrace = (shown: string) => {
  expect(shown).not.toMatch(/\n\s+at /);
  expect(shown).not.toMatch(/dist\/(plugin|provider)\//);
};

test("an unknown region: one line naming region and the value", async () => {
  const shown = await failedPreview(`compute.Vpc("net", region="xx-nowhere", label="py-net")`);
  const lines = errorLines(shown, "Vpc");
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines)
    expect(line).toMatch(
      /error: compute:index:Vpc resource 'net': property region value \{xx-nowhere\} has a problem: Region xx-nowhere does not exist/,
    );
  noProviderTrace(shown);
});

test("a weak root password: one line naming rootPass, the password not shown", async () => {
  const shown = await failedPreview(`
compute.Instance(
    "web",
    region="us-iad",
    type="g6-standard-1",
    label="py-web",
    image="${IMAGE}",
    root_pass="password",
)`);
  const lines = errorLines(shown, "Instance");
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines)
    expect(line).toMatch(/error: compute:index:Instance resource 'web' has a problem: rootPass: .*strength/);
  expect(shown).not.toMatch(/"password"|: password\b/);
  noProviderTrace(shown);
});

test("a missing required input: the SDK's TypeError names the property and the program's line", async () => {
  const shown = await failedPreview(`compute.Vpc("net", region="us-iad")`);
  expect(shown).toMatch(/TypeError: Missing required property 'label'/);
  expect(shown).toMatch(/__main__\.py", line 4/);
  noProviderTrace(shown);
});

test("a key interfaces do not have, beside an ID not known yet: one line naming the key", async () => {
  // (The SDK types interfaces: a snake_case key it knows, `subnet_id`, it sends as `subnetId`.)
  const shown = await failedPreview(`
net = compute.Vpc("net", region="us-iad", label="py-net")
app = compute.Subnet("app", vpc_id=net.id, label="app", ipv4="10.0.1.0/24")
compute.Instance(
    "web",
    region="us-iad",
    type="g6-standard-1",
    label="py-web",
    image="${IMAGE}",
    root_pass="${ROOT_PASS}",
    interfaces=[{"purpose": "public"}, {"purpose": "vpc", "subnet": app.id}],
)`);
  const lines = errorLines(shown, "Instance");
  expect(lines.some((line) => /interfaces\[1\]: Unrecognized key: "subnet"/.test(line))).toBe(true);
  noProviderTrace(shown);
});

test("a data function's bad argument: the invoke's failure naming it, never its value, a secret's neither", async () => {
  // Python's traceback shows the program's line; the failure names the argument only.
  const failure = (shown: string) =>
    shown.split("\n").filter((line) => line.includes("invoke of compute:index:"));
  const plain = await failedPreview(`compute.get_vpc(id="twelve")`);
  const secret = await failedPreview(
    `pulumi.export("vpc", compute.get_vpc_output(id=pulumi.Output.secret("topsecret-id")))`,
  );
  for (const shown of [plain, secret]) {
    expect(failure(shown)).toEqual([
      expect.stringMatching(
        /Exception: invoke of compute:index:getVpc failed: id must be an integer ID \(id\)$/,
      ),
    ]);
    noProviderTrace(shown);
  }
});
