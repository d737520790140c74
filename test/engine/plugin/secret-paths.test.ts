/**
 * Secretness by property path in the plugin form (a Pulumi YAML program, the real CLI): an output is
 * secret where it carries a secret input's value, and nothing else is, however short the secret; a
 * secret value of any type is never printed in a failure, and a secret leaves other values' text
 * alone in the lines that follow.
 */
import { yamlProject, type YamlProject, secret } from "./yaml-project";

jest.setTimeout(180_000);

/** The engine's mark of a secret value in a state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const isWrapped = (value: unknown) => JSON.stringify(value ?? null).includes(SECRET_SIG);

let p: YamlProject;

beforeAll(async () => {
  p = await yamlProject("plugin-secret-paths", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

test("a short secret makes secret only the output at its path, not the outputs that contain its text", async () => {
  p.setProgram({
    net: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "mynet-x", description: secret("net") },
    },
    box: {
      type: "compute:index:Instance",
      properties: { region: "us-iad", type: "g6-standard-2", label: "paths-box", group: secret("2") },
    },
  });
  await p.pulumi("up", "--yes");
  const resources = await p.resources();
  const net = resources.find((r) => r.type === "compute:index:Vpc")!;
  expect(isWrapped(net.outputs!.description)).toBe(true);
  expect(isWrapped(net.inputs!.description)).toBe(true);
  for (const plain of ["label", "region", "created", "updated"])
    expect([plain, isWrapped(net.outputs![plain])]).toEqual([plain, false]);
  expect(net.outputs!.label).toBe("mynet-x");
  const box = resources.find((r) => r.type === "compute:index:Instance")!;
  expect(isWrapped(box.outputs!.group)).toBe(true);
  // Outputs whose text holds a "2" (dates, addresses, the type, sizes) stay plain.
  for (const plain of ["type", "created", "updated", "ipv4", "ipv6", "specs"]) {
    expect([plain, isWrapped(box.outputs![plain])]).toEqual([plain, false]);
  }
});

test("a secret number failing its rule is not printed; a secret leaves another value's text whole", async () => {
  p.setProgram({
    web: {
      type: "compute:index:Instance",
      properties: {
        region: "us-iad",
        type: "g6-standard-1",
        label: "paths-web",
        alerts: { cpu: secret(-57) },
      },
    },
  });
  const failed = await p.failing("preview");
  expect(failed).toMatch(/alerts\.cpu/);
  expect(failed).not.toMatch(/-57/);

  // The secret "9" and the image named in the failure: the image's name is shown whole.
  p.setProgram({
    web: {
      type: "compute:index:Instance",
      properties: {
        region: "us-iad",
        type: "g6-standard-1",
        label: "paths-web",
        image: "compute/debian99",
        rootPass: "Sup3r-secret!",
        group: secret("9"),
      },
    },
  });
  const missing = await p.failing("preview");
  expect(missing).toContain("compute/debian99");
  expect(missing).not.toContain("[secret]");
});
