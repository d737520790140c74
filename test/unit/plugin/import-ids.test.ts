import { importIdFormat, readTarget } from "../../../src/provider/core/import-id";
import { SPECS } from "../../../src/provider/specs";

const byKind = (kind: string) => SPECS.find((s) => s.kind === kind)!;

it("the format a page gives is the one an import takes: the parents' IDs, then the object's", () => {
  expect(importIdFormat(byKind("Vpc"))).toBe("id");
  expect(importIdFormat(byKind("Tag"))).toBe("label");
  expect(importIdFormat(byKind("Subnet"))).toBe("vpcId/subnetId");
  expect(importIdFormat(byKind("ConfigInterface"))).toBe("computeId/configId/configInterfaceId");
  for (const spec of SPECS.filter((s) => (s.parents ?? []).length > 0)) {
    const format = importIdFormat(spec);
    const id = format
      .split("/")
      .map((_, i) => String(i + 7))
      .join("/");
    const { id: own, props } = readTarget(spec, id, {});
    expect(own).toBe(String(format.split("/").length + 6));
    expect(Object.keys(props)).toEqual(spec.parents);
  }
});

it("a get's state names the parents, with the object's own ID", () => {
  expect(readTarget(byKind("Subnet"), "8", { vpcId: "7" })).toEqual({ id: "8", props: { vpcId: "7" } });
  const nic = readTarget(byKind("ConfigInterface"), "9", { computeId: "7", configId: "8" });
  expect(nic).toEqual({ id: "9", props: { computeId: "7", configId: "8" } });
  // A refresh's stored outputs hold the parents: the ID is the object's own.
  expect(readTarget(byKind("Subnet"), "8", { vpcId: 7, label: "app" }).id).toBe("8");
  expect(readTarget(byKind("Vpc"), "7", {})).toEqual({ id: "7", props: {} });
});

it("an ID of another form, with no parent in the state, fails naming both forms", () => {
  expect(() => readTarget(byKind("Subnet"), "7", {})).toThrow(
    "Subnet import ID must be vpcId/subnetId, not 7 (a get takes the Subnet's id with state {vpcId: ...})",
  );
  expect(() => readTarget(byKind("Subnet"), "7/", {})).toThrow(/vpcId\/subnetId/);
  expect(() => readTarget(byKind("ConfigInterface"), "9", { computeId: "7" })).toThrow(
    /state \{computeId: \.\.\., configId: \.\.\.\}/,
  );
});
