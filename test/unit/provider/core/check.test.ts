/** check's failures as the engine prints them: one line naming the input and the element, values as JSON. */
import { z } from "zod";
import { checkInputs, rendered, unknownInputs } from "../../../../src/provider/core/check";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { UNKNOWN } from "../../../../src/provider/core/unknown";

describe("checkInputs", () => {
  it("names the element of a list and the field of an object", () => {
    const { failures } = checkInputs(instanceSpec.inputs, {
      region: "us-iad",
      type: "g6-standard-1",
      tags: ["fine-tag", "x"],
      alerts: { cpu: -1 },
    });
    expect(failures).toEqual([
      { property: "tags[1]", reason: "tags must be 3..50 characters" },
      { property: "alerts.cpu", reason: "alerts.cpu must be at least 0" },
    ]);
  });
});

describe("rendered", () => {
  const inputs = {
    tags: ["fine-tag", "x"],
    interfaces: [{ purpose: "public" }, { purpose: "vpc", ipv4: { nat11: "nope" } }],
    rootPass: "weak",
    label: "1bad",
    devices: { sda: "x" },
  };

  it("puts the path first and shows an element's value as JSON", () => {
    expect(rendered({ property: "tags[1]", reason: "tags must be 3..50 characters" }, inputs, [])).toEqual({
      property: "tags",
      reason: 'tags[1]: must be 3..50 characters (got "x")',
    });
    expect(
      rendered({ property: "devices.sda", reason: "devices.sda must be an integer ID" }, inputs, []),
    ).toEqual({
      property: "devices",
      reason: 'devices.sda: must be an integer ID (got "x")',
    });
  });

  it("joins a rule's own element path to the input's, and shows objects as JSON", () => {
    const failure = { property: "interfaces", reason: "[1].ipv4.nat11: must be an IPv4 address or any" };
    expect(rendered(failure, inputs, []).reason).toBe(
      "interfaces[1].ipv4.nat11: must be an IPv4 address or any",
    );
    expect(rendered({ property: "interfaces[1].ipv4", reason: "is wrong" }, inputs, []).reason).toBe(
      'interfaces[1].ipv4: is wrong (got {"nat11":"nope"})',
    );
  });

  it("names a whole input without repeating its value, and never shows a secret's", () => {
    expect(rendered({ property: "label", reason: "label must start with a letter" }, inputs, []).reason).toBe(
      "label: must start with a letter",
    );
    expect(
      rendered({ property: "rootPass", reason: "Password does not meet strength requirement" }, inputs, [
        "rootPass",
      ]),
    ).toEqual({
      property: "",
      reason: "rootPass: Password does not meet strength requirement",
    });
    const secretElement = rendered({ property: "tags[1]", reason: "is wrong" }, inputs, ["tags"]);
    expect(secretElement).toEqual({ property: "", reason: "tags[1]: is wrong" });
  });

  it("names as its property only an input the program gave", () => {
    const timeout = { property: "customTimeouts.create", reason: "must be a positive duration" };
    expect(rendered(timeout, inputs, [])).toEqual({
      property: "",
      reason: "customTimeouts.create: must be a positive duration",
    });
    expect(rendered({ property: "label", reason: "is taken" }, inputs, []).property).toBe("label");
  });

  it("leaves out a value too long for one line", () => {
    const long = { tags: ["fine-tag", "y".repeat(100)] };
    expect(rendered({ property: "tags[1]", reason: "tags must be 3..50 characters" }, long, []).reason).toBe(
      "tags[1]: must be 3..50 characters",
    );
  });
});

describe("checkInputs with values not yet known (a preview)", () => {
  const base = { region: "us-iad", type: "g6-standard-1", image: "compute/debian12" };

  it("passes a list holding an unknown, keeping the program's value", () => {
    const interfaces = [{ purpose: "public" }, { purpose: "vpc", subnetId: UNKNOWN, ipv4: { nat11: "any" } }];
    const { inputs, failures } = checkInputs(instanceSpec.inputs, { ...base, interfaces });
    expect(failures).toEqual([]);
    expect(inputs.interfaces).toEqual(interfaces);
  });

  it("names a key the input does not have, with the camelCase key it does, beside an unknown", () => {
    const { failures } = checkInputs(instanceSpec.inputs, {
      ...base,
      interfaces: [{ purpose: "public" }, { purpose: "vpc", subnet_id: UNKNOWN, ipv4: { nat11: "any" } }],
    });
    expect(failures).toEqual([
      {
        property: "interfaces",
        reason: expect.stringMatching(/^\[1\]: .*subnet_id.*\(did you mean "subnetId"\?\)$/),
      },
      // True as well: the key it has is not subnetId.
      { property: "interfaces", reason: "[1].subnetId: subnetId is required for vpc interfaces" },
    ]);
  });

  it("names a wrong known element beside an unknown one, and no hint for a key with no camelCase twin", () => {
    const { failures } = checkInputs(instanceSpec.inputs, {
      ...base,
      tags: [UNKNOWN, "x"],
      interfaces: [
        { purpose: "public", no_such: true },
        { purpose: "vpc", subnetId: UNKNOWN },
      ],
    });
    expect(failures.map((f) => f.property)).toEqual(["tags[1]", "interfaces"]);
    expect(failures[1]!.reason).not.toMatch(/did you mean/);
  });
});

describe("unknownInputs", () => {
  const schema = z.object({ label: z.string(), region: z.string(), description: z.string().optional() });

  it("names an input the kind does not have and the one it most likely means, never its value", () => {
    expect(unknownInputs("Vpc", schema, { lable: "secret-ish", region: "us-iad" })).toEqual([
      { property: "", reason: "`lable` is not an input of Vpc; did you mean `label`?" },
    ]);
    expect(unknownInputs("Vpc", schema, { colour: "blue" })).toEqual([
      { property: "", reason: "`colour` is not an input of Vpc (its inputs: label, region, description)" },
    ]);
  });

  it("leaves the dynamic host's own __ keys and the kind's inputs alone", () => {
    expect(unknownInputs("Vpc", schema, { label: "x", __provider: "serialized" })).toEqual([]);
  });
});
