/** Subnet through the real engine: label in place, ipv4 replaced (deleting first), drift, bad input at preview, destroy. */
import { collect } from "../../src/client";
import { vpcEndpoints } from "../../src/contract";
import { vpcProgram } from "../../examples/vpc";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(180_000);

interface Shape {
  app: { label: string; ipv4: string };
}

/** The example program (examples/vpc.ts): one VPC, one subnet shaped by the test. */
function program(shape: Shape) {
  return async () => {
    const { subnets } = vpcProgram({
      name: "net",
      region: "us-iad",
      label: "subnet-test",
      subnets: [{ name: "app", ...shape.app }],
    });
    return { appId: subnets.app!.id };
  };
}

let e: EngineStack;
let shape: Shape = { app: { label: "app", ipv4: "10.0.1.0/24" } };
const subnets = async () => (await collect(e.client.each(vpcEndpoints.listVpcs)))[0]!.subnets;

beforeAll(async () => {
  e = await engineStack("subnet");
  e.setProgram(program(shape));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ create: 3 });
});
afterAll(async () => {
  await e?.dispose();
});

test("a label edit is an in-place update of the same subnet", async () => {
  const [before] = await subnets();
  shape = { app: { ...shape.app, label: "web" } };
  e.setProgram(program(shape));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 2, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await subnets()).toEqual([expect.objectContaining({ id: before!.id, label: "web" })]);
});

test("an ipv4 edit replaces the subnet, deleting the old one first (ranges may not overlap)", async () => {
  const [before] = await subnets();
  shape = { app: { ...shape.app, ipv4: "10.0.0.0/16" } };
  e.setProgram(program(shape));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ same: 2, replace: 1 });
  const [after, ...others] = await subnets();
  expect(others).toEqual([]);
  expect(after).toMatchObject({ ipv4: "10.0.0.0/16", label: "web" });
  expect(after!.id).not.toBe(before!.id);
  expect(result.outputs.appId!.value).toBe(String(after!.id));
});

test("a subnet deleted out of band disappears on refresh, and up creates it again", async () => {
  const [gone] = await subnets();
  const vpcId = (await collect(e.client.each(vpcEndpoints.listVpcs)))[0]!.id;
  await e.client.api.deleteSubnet({ params: { vpcId, vpcSubnetId: gone!.id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, create: 1 });
  const [again] = await subnets();
  expect(again).toMatchObject({ ipv4: "10.0.0.0/16", label: "web" });
  expect(again!.id).not.toBe(gone!.id);
});

test("a range not in canonical form fails at preview naming ipv4, with no API write", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ app: { label: "web", ipv4: "10.0.1.7/24" } }));
  await expect(e.stack.preview()).rejects.toThrow(/ipv4/);
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(shape));
});

test("destroy leaves no subnet and no VPC", async () => {
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 3 });
  expect(await collect(e.client.each(vpcEndpoints.listVpcs))).toEqual([]);
});
