/** The program's text: literals (layout, template strings, references, keys), comments, declarations, selection. */
import type { Found } from "../../../src/importer/account";
import type { Declared } from "../../../src/importer/inputs";
import { literal, Ref } from "../../../src/importer/literal";
import { comment, renderProgram } from "../../../src/importer/render";
import { select } from "../../../src/importer/select";

describe("literal", () => {
  it("keeps what fits on one line, and breaks what does not, one property or item a line", () => {
    expect(literal({ a: 1, b: [true, null], c: {} })).toBe("{ a: 1, b: [true, null], c: {} }");
    const long = { label: "x".repeat(60), images: ["compute/debian12", "compute/ubuntu24.04"] };
    expect(literal(long)).toBe(
      `{\n  label: "${"x".repeat(60)}",\n  images: ["compute/debian12", "compute/ubuntu24.04"],\n}`,
    );
  });

  it("writes references as .id, quotes keys that are not identifiers", () => {
    expect(literal({ sda: new Ref("root"), "user-name": "x" })).toBe('{ sda: root.id, "user-name": "x" }');
  });

  it("writes a multi-line string as a template literal that holds it as it is", () => {
    const script = '#!/bin/bash\necho "${HOME}" `date` \\n\n';
    const text = literal({ script });
    expect(text).toContain("`#!/bin/bash\n");
    // Evaluated, the literal gives the string back.
    expect(new Function(`return ${text};`)()).toEqual({ script });
  });
});

it("wraps comments at the width", () => {
  const lines = comment("word ".repeat(60));
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(110);
  expect(lines.every((line) => line.startsWith("// word"))).toBe(true);
});

const object = (kind: Found["kind"], id: string, label: string, rest: Partial<Declared> = {}): Declared => ({
  kind,
  id,
  label,
  props: {},
  notes: [],
  record: {},
  inputs: { label },
  ...rest,
});

describe("select and renderProgram", () => {
  const vpc = object("Vpc", "4", "net", { inputs: { region: "us-iad", label: "net" } });
  const subnet = object("Subnet", "7", "app", {
    parent: vpc,
    inputs: { vpcId: 4, label: "app", ipv4: "10.0.1.0/24" },
  });
  const other = object("Subnet", "8", "db", {
    parent: vpc,
    inputs: { vpcId: 4, label: "db", ipv4: "10.0.2.0/24" },
  });
  const key = object("SshKey", "4", "ops");

  it("selects by kind and ID (both must match), bringing the parents", () => {
    expect(select([key, vpc, subnet, other], { ids: ["7"] })).toEqual([vpc, subnet]);
    expect(select([key, vpc, subnet, other], { ids: ["4"] })).toEqual([key, vpc]);
    expect(select([key, vpc, subnet, other], { kinds: ["Vpc"], ids: ["4"] })).toEqual([vpc]);
    expect(select([key, vpc, subnet, other], { kinds: ["Subnet"] })).toEqual([vpc, subnet, other]);
  });

  it("declares each object with its import ID, parents by reference, write-only inputs noted", () => {
    const text = renderProgram([
      vpc,
      {
        ...subnet,
        notes: ["A note."],
        writeOnly: { inputs: ["secret"], what: "given once", effect: "Setting it replaces it." },
      },
    ]);
    expect(text).toContain('import * as compute from "pulumi-compute";\n');
    expect(text).not.toContain("@pulumi/pulumi");
    expect(text).toContain(
      'const net = new compute.Vpc("net", { region: "us-iad", label: "net" }, { import: "4" });\n',
    );
    expect(text).toContain(
      "// A note.\n" +
        "// secret (given once): write-only, not readable from the API, so left out. Setting it replaces it.\n" +
        'const app = new compute.Subnet("app", { vpcId: net.id, label: "app", ipv4: "10.0.1.0/24" }, { import: "7" });\n',
    );
  });

  it("keeps an ID as it is when the program does not declare its object, and says what was selected", () => {
    const text = renderProgram([subnet], { kinds: ["Subnet"], ids: ["7"] });
    expect(text).toContain("vpcId: 4,");
    expect(text).toContain("// Selected: kinds Subnet; IDs 7, with the objects they belong to.");
  });

  it("says so when there is nothing to declare", () => {
    expect(renderProgram([])).toContain("// The account holds nothing to declare.");
  });
});
