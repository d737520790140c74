/** Pulumi's property paths: parsed and written as the engine does, and the leaves where values differ. */
import {
  formatPath,
  leafChanges,
  parsePath,
  valueAtPath,
  withValueAtPath,
} from "../../../src/plugin/property-paths";

test("paths parse into keys and indexes and are written back the same", () => {
  for (const [text, elements] of [
    ["label", ["label"]],
    ["interfaces[1].ipv4.vpc", ["interfaces", 1, "ipv4", "vpc"]],
    ['preferences["a.b"].c', ["preferences", "a.b", "c"]],
    ["devices.sda", ["devices", "sda"]],
  ] as const) {
    expect(parsePath(text)).toEqual(elements);
    expect(formatPath(elements)).toBe(text);
  }
  for (const text of ["", "[0]", "a..b", "a[*]", "a[x]"]) expect(parsePath(text)).toBeUndefined();
});

test("a value is read and replaced at a path, copies made along it", () => {
  const value = { interfaces: [{ purpose: "public" }, { purpose: "vpc", ipv4: { vpc: "10.0.1.5" } }] };
  expect(valueAtPath(value, ["interfaces", 1, "ipv4", "vpc"])).toBe("10.0.1.5");
  expect(valueAtPath(value, ["interfaces", 4, "ipv4"])).toBeUndefined();
  const changed = withValueAtPath(value, ["interfaces", 1, "ipv4", "vpc"], "10.0.1.9");
  expect(valueAtPath(changed, ["interfaces", 1, "ipv4", "vpc"])).toBe("10.0.1.9");
  expect(value.interfaces[1]!.ipv4!.vpc).toBe("10.0.1.5");
  expect(withValueAtPath({ a: 1, b: 2 }, ["a"], undefined)).toEqual({ b: 2 });
  // A parent that does not exist: unchanged.
  expect(withValueAtPath({ a: 1 }, ["b", "c"], 3)).toEqual({ a: 1 });
});

test("differences are named at their leaves; a nested key the new value leaves out is the API's", () => {
  const before = [
    { purpose: "public", primary: false },
    { purpose: "vpc", ipv4: { vpc: "10.0.1.5" } },
  ];
  const after = [{ purpose: "public" }, { purpose: "vpc", ipv4: { vpc: "10.0.1.6", nat11: "any" } }];
  expect(leafChanges(["interfaces"], before, after)).toEqual([
    [["interfaces", 1, "ipv4", "vpc"], "update"],
    [["interfaces", 1, "ipv4", "nat11"], "add"],
  ]);
  // An element the new list drops, and one it adds.
  expect(leafChanges(["tags"], ["a", "b"], ["a"])).toEqual([[["tags", 1], "delete"]]);
  expect(leafChanges(["tags"], ["a"], ["a", "c"])).toEqual([[["tags", 1], "add"]]);
  // A top-level input the program stops declaring is removed.
  expect(leafChanges(["description"], "x", undefined)).toEqual([[["description"], "delete"]]);
  // Shapes that differ: the place itself.
  expect(leafChanges(["devices"], { sda: 1 }, [1])).toEqual([[["devices"], "update"]]);
  expect(leafChanges(["a"], { b: 1 }, { b: 1 })).toEqual([]);
});
