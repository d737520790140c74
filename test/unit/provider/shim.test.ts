/** The provider text in the state: small, no credentials or code, and loadable as the host loads it. */
import { shimModule } from "../../../src/provider/shim";

const net = { journalKey: "infra/dev/Vpc/net" };

it("is small and captures no credentials or code, only the kind and the resource's context", () => {
  process.env.COMPUTE_TOKEN = "token-that-must-not-leak";
  try {
    const text = shimModule("Vpc", net);
    expect(text.length).toBeLessThan(140);
    expect(text).not.toContain("token-that-must-not-leak");
    expect(text).toBe(
      'exports.handler = () => require("pulumi-compute/provider-runtime").shim("Vpc", {"journalKey":"infra/dev/Vpc/net"});\n',
    );
  } finally {
    delete process.env.COMPUTE_TOKEN;
  }
});

it("gives the host the kind's provider, with configure, as the host loads it", () => {
  // The host's way: the text as a module of its own (`require-from-string`), then `handler()`.
  const requireFromString = require("require-from-string") as (code: string) => {
    handler: () => Record<string, unknown>;
  };
  const provider = requireFromString(shimModule("Subnet", net)).handler();
  for (const method of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
    expect(typeof provider[method]).toBe("function");
  }
  expect(() => requireFromString(shimModule("Nope", net)).handler()).toThrow(/unknown resource kind Nope/);
});

it("is read back into its kind and context, and no other text is", async () => {
  const { shimContext } = await import("../../../src/provider/shim");
  const context = { journalKey: "infra/dev/Image/img", importId: "private/12", timeouts: { create: "2m" } };
  expect(shimContext(shimModule("Image", context))).toEqual({ kind: "Image", resource: context });
  expect(shimContext(shimModule("Vpc", {}))).toEqual({ kind: "Vpc", resource: {} });
  expect(
    shimContext('exports.handler = () => require("pulumi-compute/provider-runtime").shim("Vpc");\n'),
  ).toEqual({
    kind: "Vpc",
    resource: {},
  });
  for (const other of [undefined, 7, "exports.handler = function () { return x; };\n", "garbage"]) {
    expect(shimContext(other)).toBeUndefined();
  }
});
