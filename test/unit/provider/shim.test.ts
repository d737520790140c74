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
