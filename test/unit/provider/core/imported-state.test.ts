/**
 * Outputs an import's Read made (marked `__imported`) are compared with the program's inputs as the
 * program declares them: an input the state holds no value of is the program's, an object is cut to
 * the keys the program gives; what the state does hold still differs, except what no object holds
 * (`programOnly`), whose default the Read filled in. Other state is left as it is.
 */
import { diffInputs } from "../../../../src/provider/core/diff";
import { comparedState, markedImported, withProgramOnly } from "../../../../src/provider/core/imported-state";
import { configInterfaceSpec } from "../../../../src/provider/instance/config-interface";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { tagSpec } from "../../../../src/provider/kinds/tag";

const read = {
  region: "us-iad",
  type: "g6-standard-1",
  label: "web",
  image: "compute/debian12",
  alerts: { cpu: 90, io: 10000, networkIn: 10, networkOut: 10, transferQuota: 80 },
  status: "running",
};
const program = {
  region: "us-iad",
  type: "g6-standard-1",
  label: "web",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
  authorizedKeys: ["ssh-ed25519 AAAA a@b"],
  alerts: { cpu: 90 },
};

test("an import's outputs take what they never held from the program, and objects as it declares them", () => {
  const olds = comparedState(instanceSpec, markedImported(read), program);
  expect(olds).toMatchObject({ rootPass: program.rootPass, alerts: { cpu: 90 }, status: "running" });
  expect(diffInputs(instanceSpec, olds, program).changed).toEqual([]);
});

test("what an import's outputs hold still differs", () => {
  const news = { ...program, label: "other", alerts: { cpu: 50 } };
  const olds = comparedState(instanceSpec, markedImported(read), news);
  expect(diffInputs(instanceSpec, olds, news).changed).toEqual(["label", "alerts"]);
});

test("outputs the provider wrote are compared as they are", () => {
  expect(comparedState(instanceSpec, read, program)).toBe(read);
  expect(diffInputs(instanceSpec, read, program).changed).toEqual(
    expect.arrayContaining(["rootPass", "authorizedKeys", "alerts"]),
  );
});

// An interface read by an import: the provider's options hold their defaults, the Tag no instances.
const readInterface = {
  computeId: 1,
  configId: 2,
  purpose: "vpc",
  subnetId: 3,
  primary: false,
  position: 1,
  allowReboot: true,
  rebootOnChange: false,
  vpcAddress: "10.0.1.5",
};
const programInterface = {
  computeId: 1,
  configId: 2,
  purpose: "vpc",
  subnetId: 3,
  ipv4: { vpc: "10.0.1.5" },
  allowReboot: false,
  rebootOnChange: true,
};

test("what no object holds (`programOnly`) is the program's, though the import's Read filled in its default", () => {
  const olds = comparedState(configInterfaceSpec, markedImported(readInterface), programInterface);
  expect(olds).toMatchObject({ allowReboot: false, rebootOnChange: true });
  expect(diffInputs(configInterfaceSpec, olds, programInterface).changed).toEqual([]);
  const tag = { label: "web", instances: [4] };
  const tagOlds = comparedState(tagSpec, markedImported({ label: "web", instances: [] }), tag);
  expect(diffInputs(tagSpec, tagOlds, tag).changed).toEqual([]);
  // Left out by the program, it is the default, as the Read has it.
  const { allowReboot: _a, rebootOnChange: _r, ...leftOut } = programInterface;
  expect(
    diffInputs(
      configInterfaceSpec,
      comparedState(configInterfaceSpec, markedImported(readInterface), leftOut),
      leftOut,
    ).changed,
  ).toEqual([]);
  // What an object does hold is still compared.
  const primary = { ...programInterface, primary: true };
  const primaryOlds = comparedState(configInterfaceSpec, markedImported(readInterface), primary);
  expect(diffInputs(configInterfaceSpec, primaryOlds, primary).changed).toEqual(["primary"]);
});

test("a delete of an imported object acts on the stored inputs' values of what no object holds", () => {
  const imported = markedImported(readInterface);
  expect(withProgramOnly(configInterfaceSpec, imported, programInterface)).toMatchObject({
    allowReboot: false,
    rebootOnChange: true,
    vpcAddress: "10.0.1.5",
  });
  // Inputs that leave them out (the import's own, until an up stores the program's): the Read's defaults.
  expect(withProgramOnly(configInterfaceSpec, imported, { computeId: 1 })).toEqual(imported);
  // Outputs a create or update wrote hold the program's values already.
  expect(withProgramOnly(configInterfaceSpec, readInterface, programInterface)).toBe(readInterface);
});
