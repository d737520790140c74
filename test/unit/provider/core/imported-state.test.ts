/**
 * Outputs an import's Read made (marked `__imported`) are compared with the program's inputs as the
 * program declares them: an input the state holds no value of is the program's, an object is cut to
 * the keys the program gives; what the state does hold still differs. Other state is left as it is.
 */
import { diffInputs } from "../../../../src/provider/core/diff";
import { comparedState, markedImported } from "../../../../src/provider/core/imported-state";
import { instanceSpec } from "../../../../src/provider/instance/instance";

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
