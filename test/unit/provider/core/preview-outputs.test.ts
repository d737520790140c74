import { previewUpdateOutputs } from "../../../../src/provider/core/preview-outputs";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";

const vpcState = {
  region: "us-iad",
  label: "net",
  description: "first",
  created: "2026-01-01T00:00:00",
  updated: "2026-01-01T00:00:00",
  __schemaVersion: 4,
  __declaredInputs: ["region", "label", "description"],
};

it("an update's preview keeps the stored outputs, takes the new inputs, and leaves unknown what the API sets anew", () => {
  const outs = previewUpdateOutputs(vpcSpec, vpcState, {
    region: "us-iad",
    label: "net",
    description: "second",
  });
  expect(outs).toEqual({ ...vpcState, description: "second", updated: UNKNOWN, __pending: undefined });
});

it("an older state's preview shows the core's outputs under this version's names", () => {
  const { __schemaVersion: _, __declaredInputs: declaredInputs, ...rest } = vpcState;
  const older = { ...rest, schemaVersion: 3, declaredInputs, pending: "reboot" };
  const outs = previewUpdateOutputs(vpcSpec, older, { region: "us-iad", label: "net", description: "x" });
  expect(Object.keys(outs).filter((key) => !(key in rest))).toEqual(["__pending", "__declaredInputs"]);
  expect(outs).toMatchObject({ __pending: "reboot", __declaredInputs: ["region", "label", "description"] });
});

it("an input the program stops declaring is unknown (the API's value); one it never declared keeps the API's", () => {
  const outs = previewUpdateOutputs(vpcSpec, vpcState, { region: "us-iad", label: "renamed" });
  // The spec's default for a description left out is what the API stores.
  expect(outs).toMatchObject({ label: "renamed", description: "", __declaredInputs: ["region", "label"] });
  const instance = {
    region: "us-iad",
    type: "g6-standard-1",
    label: "web",
    group: "",
    ipv4: ["192.0.2.10"],
    specs: { vcpus: 1 },
    status: "running",
    hypervisor: "kvm",
    created: "2026-01-01T00:00:00",
    updated: "2026-01-01T00:00:00",
    declaredInputs: ["region", "type", "label", "group"],
  };
  const relabelled = previewUpdateOutputs(instanceSpec, instance, {
    region: "us-iad",
    type: "g6-standard-1",
    label: "web2",
  });
  expect(relabelled).toMatchObject({
    label: "web2",
    // The spec's default for a group left out: what the API stores.
    group: "",
    ipv4: ["192.0.2.10"],
    specs: { vcpus: 1 },
    status: "running",
    hypervisor: "kvm",
    created: instance.created,
    updated: UNKNOWN,
  });
  // A resize: what follows the type is unknown; the address is not.
  const resized = previewUpdateOutputs(instanceSpec, instance, {
    region: "us-iad",
    type: "g6-standard-2",
    label: "web",
    group: "",
  });
  expect(resized).toMatchObject({ ipv4: ["192.0.2.10"], specs: UNKNOWN, status: UNKNOWN, hypervisor: "kvm" });
});
