/** A TypeScript class's resource served by the plugin: its `__provider` text found, read and given back. */
import { contextOfShim, shimTextOf, withShimText } from "../../../src/plugin/dynamic-resources";
import { shimModule } from "../../../src/provider/shim";

const text = shimModule("Image", {
  journalKey: "infra/dev/Image/img",
  importId: "private/12",
  programDir: "/work/infra",
  timeouts: { create: "2m" },
});

it("finds the text in the first bag that holds one", () => {
  expect(shimTextOf({ label: "net" }, { __provider: text })).toBe(text);
  expect(shimTextOf({ __provider: text }, { __provider: "older" })).toBe(text);
  expect(shimTextOf({}, { label: "net" })).toBeUndefined();
});

it("takes the import option and the program's directory from it, and nothing from another text", () => {
  expect(contextOfShim(text)).toEqual({ importId: "private/12", programDir: "/work/infra" });
  expect(contextOfShim(shimModule("Vpc", { journalKey: "infra/dev/Vpc/net" }))).toEqual({});
  expect(contextOfShim("exports.handler = function () { return provider; };\n")).toEqual({});
  expect(contextOfShim(undefined)).toEqual({});
});

it("gives an answer the text back, as the dynamic host does, and leaves one without it alone", () => {
  expect(withShimText({ label: "net", vpcId: 7 }, text)).toEqual({
    label: "net",
    vpcId: 7,
    __provider: text,
  });
  expect(withShimText({ label: "net" }, undefined)).toEqual({ label: "net" });
});
