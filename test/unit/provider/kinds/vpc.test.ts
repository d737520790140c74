/** Vpc: check names fields, diff picks update vs replace, outputs are inputs + computed, a lost create is found by label. */
import { checkInputs } from "../../../../src/provider/core/check";
import { diffInputs } from "../../../../src/provider/core/diff";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { useEmulator } from "../../../support/emulator";
import { expectOutputsRoundTrip, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

describe("check", () => {
  it("names the failing property with the contract's reason", () => {
    const { failures } = checkInputs(vpcSpec.inputs, {
      region: "us-iad",
      label: "bad label!",
      description: "d".repeat(300),
    });
    expect(failures).toEqual([
      { property: "label", reason: "Label must include only ASCII letters, numbers, and dashes" },
      { property: "description", reason: "description must be at most 255 characters" },
    ]);
  });

  it("fills the default description", () => {
    expect(checkInputs(vpcSpec.inputs, { region: "us-iad", label: "a" }, vpcSpec.defaults).inputs).toEqual({
      region: "us-iad",
      label: "a",
      description: "",
    });
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
    expect(diffInputs(vpcSpec, olds, { region: "us-iad", label: "a" })).toMatchObject({ changes: false });
  });

  it("updates label and description in place", () => {
    expect(diffInputs(vpcSpec, olds, { region: "us-iad", label: "b", description: "d" })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["label", "description"],
    });
  });

  it("replaces on region, deleting first only when the unique label is kept", () => {
    expect(diffInputs(vpcSpec, olds, { region: "fr-par", label: "a" })).toMatchObject({
      replaces: ["region"],
      deleteBeforeReplace: true,
    });
    expect(diffInputs(vpcSpec, olds, { region: "fr-par", label: "b" })).toMatchObject({
      replaces: ["region"],
      deleteBeforeReplace: false,
    });
  });
});

describe("outputs", () => {
  it("are exactly the inputs and the computed fields, the same from create and read", async () => {
    await expectOutputsRoundTrip(vpcSpec, { region: "us-iad", label: "net", description: "d" });
  });
});

describe("find", () => {
  it("finds the VPC a create made by its unique label, across pages", async () => {
    for (let i = 0; i < 120; i++)
      await t.client.api.createVpc({ body: { label: `v${i}`, region: "us-iad" } });
    const found = await vpcSpec.find!(t.client, { region: "us-iad", label: "v117" });
    expect(found).toMatchObject({ label: "v117" });
    await expect(vpcSpec.find!(t.client, { region: "us-iad", label: "nope" })).resolves.toBeUndefined();
  });
});
