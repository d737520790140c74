/** The registry of kinds: each kind's spec under its own name, found whatever the case, and loaded
 * only when its kind is first asked for. */
import * as path from "node:path";
import { KIND_NAMES, specOf } from "../../../src/provider/spec-loaders";
import { SPECS } from "../../../src/provider/specs";

it("names each kind's spec under the spec's own kind, found whatever the case", () => {
  expect(KIND_NAMES).toHaveLength(14);
  for (const name of KIND_NAMES) {
    expect(specOf(name)?.kind).toBe(name);
    expect(specOf(name.toLowerCase())).toBe(specOf(name));
  }
  expect(specOf("Nope")).toBeUndefined();
  expect(SPECS.map((spec) => spec.kind)).toEqual(KIND_NAMES);
});

it("loads a kind's code on the first use of that kind only", () => {
  jest.isolateModules(() => {
    const kinds = path.resolve(__dirname, "../../../src/provider/kinds");
    jest.doMock(path.join(kinds, "subnet"), () => {
      throw new Error("Subnet loaded");
    });
    const loaders: typeof import("../../../src/provider/spec-loaders") = require("../../../src/provider/spec-loaders");
    expect(loaders.specOf("Vpc")?.kind).toBe("Vpc");
    expect(() => loaders.specOf("subnet")).toThrow("Subnet loaded");
  });
});
