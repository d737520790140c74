import { argumentFailure, engineFailure } from "../../../src/plugin/check-failures";
import { RequestSecrets } from "../../../src/plugin/secrets";
import { secret } from "../../../src/plugin/values";

describe("engineFailure", () => {
  it("names the input for the engine and drops the name the line begins with", () => {
    const raw = { ipv4: "10.0.9.128/25" };
    const f = { property: "ipv4", reason: "ipv4: ipv4 10.0.9.128/25 overlaps subnet app" };
    expect(engineFailure(f, new RequestSecrets([raw]))).toEqual({
      property: "ipv4",
      reason: "ipv4 10.0.9.128/25 overlaps subnet app",
    });
    const element = { property: "tags", reason: 'tags[1]: must be 3..50 characters (got "x")' };
    expect(engineFailure(element, new RequestSecrets([{ tags: ["abc", "x"] }]))).toEqual(element);
  });

  it("names no input holding a secret, and leaves out the value it shows", () => {
    const raw = { alerts: { cpu: secret(-5731) }, label: secret("topsecret-label") };
    const secrets = new RequestSecrets([raw]);
    expect(
      engineFailure({ property: "alerts", reason: "alerts.cpu: must be at least 0 (got -5731)" }, secrets),
    ).toEqual({ property: "", reason: "alerts.cpu: must be at least 0" });
    expect(engineFailure({ property: "label", reason: "label: topsecret-label is taken" }, secrets)).toEqual({
      property: "",
      reason: "label: [secret] is taken",
    });
  });
});

describe("argumentFailure", () => {
  it("names the argument; a secret string of the request is redacted", () => {
    const raw = { label: secret("topsecret-x") };
    const f = {
      property: "labelRegex",
      reason: "labelRegex is not a valid regular expression near topsecret-x",
    };
    expect(argumentFailure(f, new RequestSecrets([raw]))).toEqual({
      property: "labelRegex",
      reason: "labelRegex is not a valid regular expression near [secret]",
    });
  });
});
