/**
 * Refresh reads by listing, through the real engine: a stack of 20 VPCs with a subnet each (41
 * resources) refreshes with one list request, not one GET per resource, and sees exactly what
 * changed out of band: two relabelled VPCs, a deleted subnet and a deleted VPC (their 404s confirm
 * the deletions). `up` then puts everything back.
 */
import { collect } from "../../src/client";
import { vpcEndpoints } from "../../src/contract";
import { vpcProgram } from "../../examples/vpc";
import { engineStack, type EngineStack } from "./harness";
import { readLines } from "../support/writes";

jest.setTimeout(300_000);

const COUNT = 20;

function program() {
  return async () => {
    for (let i = 0; i < COUNT; i++)
      vpcProgram({
        name: `net${i}`,
        region: "us-iad",
        label: `listed-${i}`,
        subnets: [{ name: `app${i}`, label: "app", ipv4: "10.0.1.0/24" }],
      });
  };
}

let e: EngineStack;
const vpcs = () => collect(e.client.each(vpcEndpoints.listVpcs));
const gets = () => readLines(e.control);

beforeAll(async () => {
  e = await engineStack("refresh-by-listing");
  e.setProgram(program());
  const up = await e.stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: 2 * COUNT + 1 });
});
afterAll(async () => {
  await e?.dispose();
});

test("a refresh with nothing changed reads the stack in one list request", async () => {
  await e.control.clearRequests();
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 2 * COUNT + 1 });
  expect(await gets()).toEqual(["/vpcs 200"]);
});

test("changes out of band are seen exactly: relabels update, deletions (confirmed by 404) leave the state", async () => {
  const all = await vpcs();
  const byLabel = (label: string) => all.find((v) => v.label === label)!;
  for (const i of [3, 7])
    await e.client.api.updateVpc({
      params: { vpcId: byLabel(`listed-${i}`).id },
      body: { label: `moved-${i}` },
    });
  const lostSubnet = byLabel("listed-11").subnets[0]!;
  await e.client.api.deleteSubnet({ params: { vpcId: byLabel("listed-11").id, vpcSubnetId: lostSubnet.id } });
  const lostVpc = byLabel("listed-15");
  await e.client.api.deleteVpc({ params: { vpcId: lostVpc.id } });

  await e.control.clearRequests();
  const refresh = await e.stack.refresh();
  expect(refresh.summary.resourceChanges).toEqual({ same: 2 * COUNT + 1 - 5, update: 2, delete: 3 });
  expect((await gets()).sort()).toEqual(
    [
      // The access check of a run whose diffs find changes (once per process).
      "/profile 200",
      "/vpcs 200",
      `/vpcs/${lostVpc.id} 404`,
      `/vpcs/${lostVpc.id}/subnets/${lostVpc.subnets[0]!.id} 404`,
      `/vpcs/${byLabel("listed-11").id}/subnets/${lostSubnet.id} 404`,
    ].sort(),
  );

  const up = await e.stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 3, update: 2 });
  expect((await vpcs()).map((v) => v.label).sort()).toEqual(
    Array.from({ length: COUNT }, (_, i) => `listed-${i}`).sort(),
  );
});
