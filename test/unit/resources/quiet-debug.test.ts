import * as pulumi from "@pulumi/pulumi";
import { quietSecretsInDebug, withoutSecrets } from "../../../src/resources/quiet-debug";

const { RegisterResourceResponse } = require("@pulumi/pulumi/proto/resource_pb");
const { Struct } = require("google-protobuf/google/protobuf/struct_pb");

const VALUE = "605f49d47a1d246b73629c1f45bb04484031ca0bb0d0e6dc6c90b85a10e649a4";

/** The line the SDK logs after registering a Token: the engine's answer, as the SDK prints it. */
function registeredLine(): string {
  const resp = new RegisterResourceResponse();
  resp.setUrn("urn:pulumi:test::p::pulumi-nodejs:dynamic/compute:Token::ci");
  resp.setId("2");
  resp.setObject(
    Struct.fromJavaScript({
      label: "ci",
      token: { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: VALUE },
    }),
  );
  return `RegisterResource RPC finished: resource:ci[pulumi-nodejs:dynamic/compute:Token]; err: null, resp: ${resp}`;
}

describe("secret values in the SDK's debug lines", () => {
  it("the SDK's line holds the secret output's value, and the line kept holds none of it", () => {
    const line = registeredLine();
    expect(line).toContain(VALUE);
    const kept = withoutSecrets(line);
    expect(kept).not.toContain(VALUE);
    expect(kept).toBe(
      "RegisterResource RPC finished: resource:ci[pulumi-nodejs:dynamic/compute:Token]; err: null, resp: [left out: it holds secret values]",
    );
  });

  it("leaves lines without secrets as they are", () => {
    const line =
      "RegisterResource RPC finished: resource:net[pulumi-nodejs:dynamic/compute:Vpc]; err: null, resp: x,y";
    expect(withoutSecrets(line)).toBe(line);
  });

  it("wraps a log's debug once, passing the other arguments on", () => {
    const logged: unknown[][] = [];
    const log = { debug: (...args: unknown[]) => (logged.push(args), Promise.resolve()) };
    quietSecretsInDebug(log as never);
    quietSecretsInDebug(log as never);
    void log.debug(registeredLine(), undefined, 3);
    void log.debug("plain");
    expect(logged).toEqual([[withoutSecrets(registeredLine()), undefined, 3], ["plain"]]);
  });

  it("logs with no stack traces, and restores the limit after the line, even when debug throws", () => {
    const limits: number[] = [];
    const log = {
      debug: (message: string) => {
        limits.push(Error.stackTraceLimit);
        if (message === "throw") throw new Error("debug failed");
        return Promise.resolve();
      },
    };
    quietSecretsInDebug(log as never);
    const before = Error.stackTraceLimit;
    void log.debug("plain");
    expect(() => log.debug("throw")).toThrow("debug failed");
    expect(limits).toEqual([0, 0]);
    expect(Error.stackTraceLimit).toBe(before);
  });
});
