/**
 * The plugin's answer to the engine's Diff: the old inputs over the old outputs, `ignoreChanges` kept
 * at their old values, nested paths in the detailed diff, and stables only for what never changes in
 * place.
 */
import { DiffResponse, PropertyDiff } from "@pulumi/pulumi/proto/provider_pb";
import { diffRequestProps, diffResponse } from "../../../src/plugin/detailed-diff";
import { diffInputs } from "../../../src/provider/core/diff";
import type { AnySpec, Props } from "../../../src/provider/core/resource-spec";
import { instanceSpec } from "../../../src/provider/instance/instance";
import { vpcSpec } from "../../../src/provider/kinds/vpc";

const answer = (spec: AnySpec, olds: Props, news: Props) => {
  const { changes, replaces, deleteBeforeReplace, changed } = diffInputs(spec, olds, news);
  const response = diffResponse(spec, olds, news, { changes, replaces, deleteBeforeReplace, changed });
  return {
    changes: response.getChanges(),
    details: Object.fromEntries(response.toObject().detaileddiffMap.map(([k, d]) => [k, d.kind])),
    stables: response.getStablesList(),
  };
};

test("the old inputs stand over the old outputs; what the program never declared keeps the output", () => {
  const outputs = { region: "us-iad", label: "net", description: "As The API Spells It", created: "x" };
  const inputs = { region: "us-iad", label: "net", description: "as the api spells it" };
  const { olds } = diffRequestProps(vpcSpec, outputs, inputs, inputs, []);
  expect(olds).toEqual({ ...outputs, description: inputs.description });
  expect(answer(vpcSpec, olds, inputs).changes).toBe(DiffResponse.DiffChanges.DIFF_NONE);
  // No old inputs (a state without them): the outputs.
  expect(diffRequestProps(vpcSpec, outputs, {}, inputs, []).olds).toEqual(outputs);
});

test("an ignoreChanges path keeps its old value, nested or not", () => {
  const oldInputs = {
    label: "web",
    interfaces: [{ purpose: "public" }, { purpose: "vpc", ipv4: { vpc: "10.0.1.5" } }],
  };
  const news = {
    label: "new",
    interfaces: [{ purpose: "public" }, { purpose: "vpc", ipv4: { vpc: "10.0.1.9" } }],
  };
  const kept = diffRequestProps(instanceSpec, oldInputs, oldInputs, news, [
    "interfaces[1].ipv4.vpc",
    "label",
  ]).news;
  expect(kept).toEqual(oldInputs);
  expect(news.interfaces[1]!.ipv4!.vpc).toBe("10.0.1.9");
});

test("the detailed diff names nested paths, replacing or not; stables are the unchanged inputs that replace", () => {
  const olds = {
    region: "us-iad",
    type: "g6-standard-1",
    label: "web",
    image: "compute/debian12",
    interfaces: [
      { purpose: "public", primary: false },
      { purpose: "vpc", subnetId: 4, ipv4: { vpc: "10.0.1.5" } },
    ],
  };
  const news = {
    ...olds,
    label: "web2",
    interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId: 4, ipv4: { vpc: "10.0.1.6" } }],
  };
  const { details, stables } = answer(instanceSpec, olds, news);
  expect(details).toEqual({
    label: PropertyDiff.Kind.UPDATE,
    "interfaces[1].ipv4.vpc": PropertyDiff.Kind.UPDATE_REPLACE,
  });
  expect(stables).toContain("image");
  expect(stables).not.toContain("interfaces");
  expect(stables).not.toContain("label");
  expect(stables.every((key) => (instanceSpec.replaceOn as readonly string[]).includes(key))).toBe(true);
});
