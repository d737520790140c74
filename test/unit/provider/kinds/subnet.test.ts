/**
 * Subnet: check (its label and range from one read of its VPC's subnets, none after its VPC's create),
 * diff (replace on ipv4 and vpcId, delete first inside one VPC), outputs, find by label in its VPC.
 */
import { checkInputs } from "../../../../src/provider/core/check";
import { diffInputs } from "../../../../src/provider/core/diff";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { subnetSpec } from "../../../../src/provider/kinds/subnet";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { useEmulator } from "../../../support/emulator";
import { expectOutputsRoundTrip, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

it("reports missing required inputs, and turns an ID given as a string into a number", () => {
  expect(
    checkInputs(subnetSpec.inputs, { label: "a" })
      .failures.map((f) => f.property)
      .sort(),
  ).toEqual(["ipv4", "vpcId"]);
  expect(checkInputs(subnetSpec.inputs, { vpcId: "7", label: "a", ipv4: "10.0.0.0/24" }).inputs.vpcId).toBe(
    7,
  );
});

it("replaces on ipv4 or vpcId, deleting first inside the same VPC, and treats unknowns as changes", () => {
  const olds = { vpcId: 1, label: "app", ipv4: "10.0.1.0/24" };
  expect(diffInputs(subnetSpec, olds, { ...olds, ipv4: "10.0.9.0/24" })).toMatchObject({
    replaces: ["ipv4"],
    deleteBeforeReplace: true,
  });
  expect(diffInputs(subnetSpec, olds, { ...olds, vpcId: UNKNOWN })).toMatchObject({
    changes: true,
    replaces: ["vpcId"],
  });
  expect(diffInputs(subnetSpec, olds, { ...olds, vpcId: 2 })).toMatchObject({ deleteBeforeReplace: false });
  expect(diffInputs(subnetSpec, olds, { ...olds, label: "web" })).toMatchObject({
    changes: true,
    replaces: [],
  });
});

it("outputs exactly the inputs and the computed fields, the same from create and read", async () => {
  const vpc = await t.client.api.createVpc({ body: { label: "net", region: "us-iad" } });
  await expectOutputsRoundTrip(subnetSpec, { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" });
});

it("outputs computes as instance IDs whether the API answers IDs (the spec) or objects (the real API)", () => {
  const subnet = {
    id: 5,
    label: "app",
    ipv4: "10.0.1.0/24",
    ipv6: null,
    created: "2024-01-01T00:00:00",
    updated: "2024-01-01T00:00:00",
  };
  const props = { vpcId: 1 };
  expect(subnetSpec.toOutputs({ ...subnet, computes: [7, 8] }, props as never)).toMatchObject({
    computes: [7, 8],
  });
  const real = [
    { id: 7, interfaces: [{ id: 70, active: true }] },
    { id: 8, interfaces: [{ id: 80, active: false }] },
  ];
  expect(subnetSpec.toOutputs({ ...subnet, computes: real }, props as never)).toMatchObject({
    computes: [7, 8],
  });
});

it("finds a subnet by label inside its VPC only", async () => {
  const a = await t.client.api.createVpc({
    body: { label: "a", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
  });
  const b = await t.client.api.createVpc({ body: { label: "b", region: "us-iad" } });
  await expect(
    subnetSpec.find!(t.client, { vpcId: a.id, label: "app", ipv4: "10.0.1.0/24" }),
  ).resolves.toMatchObject({
    id: a.subnets[0]!.id,
  });
  await expect(
    subnetSpec.find!(t.client, { vpcId: b.id, label: "app", ipv4: "10.0.1.0/24" }),
  ).resolves.toBeUndefined();
});

it("checks a new subnet with one read of its VPC's subnets, for its label and its range", async () => {
  const vpc = await t.client.api.createVpc({
    body: { label: "a", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
  });
  await t.control.clearRequests();
  // The read is slow: the label's lookup and the ranges' wait for the same one.
  await t.control.setFaultProfile({ latency_ms: 500, method: "GET", path: "/vpcs" });
  const provider = makeProvider(subnetSpec);
  const { failures } = await provider.check!({}, { vpcId: vpc.id, label: "db", ipv4: "10.0.2.0/24" });
  const overlap = await provider.check!({}, { vpcId: vpc.id, label: "web", ipv4: "10.0.1.128/25" });
  const taken = await provider.check!({}, { vpcId: vpc.id, label: "app", ipv4: "10.0.3.0/24" });
  await t.control.clearFaults();
  expect(failures).toEqual([]);
  expect(overlap.failures?.map((f) => f.reason)).toEqual([
    "ipv4: ipv4 10.0.1.128/25 overlaps subnet app (10.0.1.0/24)",
  ]);
  expect(taken.failures?.map((f) => f.reason)).toEqual([
    expect.stringMatching(/^label: a Subnet labelled "app" in vpcId \d+ already exists/),
  ]);
  // The VPCs' listing, which carries every VPC's subnets; then the label it shows held, looked up
  // by itself before it counts as held.
  const reads = (await t.control.requests()).filter((r) => r.path.startsWith("/vpcs"));
  expect(reads.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /vpcs", `GET /vpcs/${vpc.id}/subnets`]);
});

it("checks and creates subnets of several VPCs from one listing of the VPCs, which carries their subnets", async () => {
  const vpcs = await Promise.all(
    ["a", "b", "c"].map((label) => t.client.api.createVpc({ body: { label, region: "us-iad" } })),
  );
  await t.control.clearRequests();
  const provider = makeProvider(subnetSpec);
  for (const vpc of vpcs) {
    const inputs = { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" };
    expect((await provider.check!({}, inputs)).failures).toEqual([]);
    await provider.create!(inputs);
  }
  const api = (await t.control.requests()).filter((r) => r.path.startsWith("/vpcs"));
  expect(api.map((r) => `${r.method} ${r.path}`)).toEqual([
    "GET /vpcs",
    ...vpcs.map((vpc) => `POST /vpcs/${vpc.id}/subnets`),
  ]);
});

it("checks and creates a subnet of a VPC this process just made with no read: the VPC's answer listed its subnets", async () => {
  const made = await makeProvider(vpcSpec).create!({ region: "us-iad", label: "fresh" });
  await t.control.clearRequests();
  const provider = makeProvider(subnetSpec);
  const inputs = { vpcId: Number(made.id), label: "app", ipv4: "10.0.1.0/24" };
  const { failures } = await provider.check!({}, inputs);
  expect(failures).toEqual([]);
  await provider.create!(inputs);
  const api = (await t.control.requests()).filter((r) => r.path.startsWith("/vpcs"));
  expect(api.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /vpcs/${made.id}/subnets`]);
});
