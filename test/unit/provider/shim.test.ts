/** The serialized provider: small, and it captures no credentials or code. */
import * as pulumi from "@pulumi/pulumi";
import { shimProvider } from "../../../src/provider/shim";

it("is small and captures no credentials or code", async () => {
  process.env.COMPUTE_TOKEN = "token-that-must-not-leak";
  try {
    const provider = shimProvider("Vpc");
    const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: false });
    expect(text.length).toBeLessThan(4096);
    expect(text).not.toContain("token-that-must-not-leak");
    expect(text).not.toContain("axios");
    expect(text).toContain('require("pulumi-compute/provider-runtime")');
  } finally {
    delete process.env.COMPUTE_TOKEN;
  }
});
