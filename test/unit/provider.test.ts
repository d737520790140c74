/** Provider methods called directly: check names fields and lets unknowns through; diff picks update vs replace. */
import * as pulumi from "@pulumi/pulumi";
import { checkInputs } from "../../src/provider/check";
import { diffInputs } from "../../src/provider/diff";
import { makeProvider } from "../../src/provider/make-provider";
import { shimProvider } from "../../src/provider/shim";
import { subnetSpec } from "../../src/provider/subnet";
import { UNKNOWN } from "../../src/provider/unknown";
import { vpcSpec } from "../../src/provider/vpc";
import type { ResourceSpec } from "../../src/provider/resource-spec";

const vpc = vpcSpec as unknown as ResourceSpec;
const subnet = subnetSpec as unknown as ResourceSpec;

describe("check", () => {
  it("names the failing property with the contract's reason", () => {
    const { failures } = checkInputs(vpc.inputs, {
      region: "us-iad",
      label: "bad label!",
      description: "d".repeat(300),
    });
    expect(failures).toEqual([
      { property: "label", reason: "Label must include only ASCII letters, numbers, and dashes" },
      { property: "description", reason: "description must be at most 255 characters" },
    ]);
  });

  it("reports missing required inputs", () => {
    const { failures } = checkInputs(subnet.inputs, { label: "a" });
    expect(failures.map((f) => f.property).sort()).toEqual(["ipv4", "vpcId"]);
  });

  it("lets unknown values through during preview, whatever the field's type", () => {
    const { inputs, failures } = checkInputs(subnet.inputs, { vpcId: UNKNOWN, label: "app", ipv4: UNKNOWN });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ vpcId: UNKNOWN, label: "app", ipv4: UNKNOWN });
  });

  it("normalises values: an ID given as a string becomes a number; defaults fill optional inputs", () => {
    expect(checkInputs(subnet.inputs, { vpcId: "7", label: "a", ipv4: "10.0.0.0/24" }).inputs.vpcId).toBe(7);
    expect(checkInputs(vpc.inputs, { region: "us-iad", label: "a" }, vpc.defaults).inputs.description).toBe(
      "",
    );
  });

  it("drops the engine's own keys from what it validates", async () => {
    const result = await makeProvider(vpc).check!({}, { region: "us-iad", label: "a", __provider: "code" });
    expect(result.inputs).toEqual({ region: "us-iad", label: "a", description: "" });
  });
});

describe("diff", () => {
  const olds = {
    region: "us-iad",
    label: "a",
    description: "",
    created: "x",
    schemaVersion: 1,
    __provider: "p",
  };

  it("reports no change for the same inputs, ignoring outputs and defaults", () => {
    expect(diffInputs(vpc, olds, { region: "us-iad", label: "a" })).toMatchObject({
      changes: false,
      replaces: [],
    });
  });

  it("updates label and description in place", () => {
    expect(diffInputs(vpc, olds, { region: "us-iad", label: "b", description: "d" })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["label", "description"],
    });
  });

  it("replaces on region, deleting first only when the unique label is kept", () => {
    expect(diffInputs(vpc, olds, { region: "fr-par", label: "a" })).toMatchObject({
      replaces: ["region"],
      deleteBeforeReplace: true,
    });
    expect(diffInputs(vpc, olds, { region: "fr-par", label: "b" })).toMatchObject({
      replaces: ["region"],
      deleteBeforeReplace: false,
    });
  });

  it("replaces a subnet on ipv4 or vpcId, and treats unknowns as changes", () => {
    const sOlds = { vpcId: 1, label: "app", ipv4: "10.0.1.0/24" };
    expect(diffInputs(subnet, sOlds, { ...sOlds, ipv4: "10.0.9.0/24" })).toMatchObject({
      replaces: ["ipv4"],
      deleteBeforeReplace: true,
    });
    expect(diffInputs(subnet, sOlds, { ...sOlds, vpcId: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: ["vpcId"],
    });
    expect(diffInputs(subnet, sOlds, { ...sOlds, label: "web" })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });
});

describe("serialized provider", () => {
  it("is small and captures no credentials or code", async () => {
    process.env.COMPUTE_TOKEN = "token-that-must-not-leak";
    const provider = shimProvider("vpc");
    const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: false });
    expect(text.length).toBeLessThan(4096);
    expect(text).not.toContain("token-that-must-not-leak");
    expect(text).not.toContain("axios");
    expect(text).toContain('require("pulumi-compute/provider-runtime")');
  });
});
