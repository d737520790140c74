import { importIdFormat, importProps } from "../../../src/plugin/providers";
import { SPECS } from "../../../src/provider/specs";

const byKind = (kind: string) => SPECS.find((s) => s.kind === kind)!;

it("the format a page gives is the one an import takes: the parents' IDs, then the object's", () => {
  expect(importIdFormat(byKind("Vpc"))).toBe("id");
  expect(importIdFormat(byKind("Subnet"))).toBe("vpcId/subnetId");
  for (const spec of SPECS.filter((s) => (s.parents ?? []).length > 0)) {
    const format = importIdFormat(spec);
    const id = format
      .split("/")
      .map((_, i) => String(i + 7))
      .join("/");
    const { id: own, props } = importProps(spec, id);
    expect(own).toBe(String(format.split("/").length + 6));
    expect(Object.keys(props)).toEqual(spec.parents);
  }
});

it("an ID of another form fails naming the format", () => {
  expect(() => importProps(byKind("Subnet"), "7")).toThrow("Subnet import ID must be vpcId/subnetId, not 7");
  expect(() => importProps(byKind("Subnet"), "7/")).toThrow(/vpcId\/subnetId/);
});
