/**
 * Refresh reads by listing (read-record.ts, `readListed`): the reads of VPCs and their subnets in one
 * process cost one list request; a write the process makes is seen by the next read; an object the
 * listing does not hold is read by ID, and only its 404 says it is gone. Each kind that reads by
 * listing finds there the very record its read by ID gives.
 */
import { clientOf } from "../../../../src/client/from-settings";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import type { AnySpec, Props } from "../../../../src/provider/core/resource-spec";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { configInterfaceSpec } from "../../../../src/provider/instance/config-interface";
import { instanceConfigSpec } from "../../../../src/provider/instance/instance-config";
import { instanceDiskSpec } from "../../../../src/provider/instance/instance-disk";
import { imageSpec } from "../../../../src/provider/kinds/image";
import { sshKeySpec } from "../../../../src/provider/kinds/ssh-key";
import { subnetSpec } from "../../../../src/provider/kinds/subnet";
import { tokenSpec } from "../../../../src/provider/kinds/token";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { SPECS } from "../../../../src/provider/specs";
import { deployed, seedImage } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { useProviderSettings } from "../../../support/provider";
import { publicKeyLine } from "../../../support/ssh-keys";
import { readLines } from "../../../support/writes";

const t = useEmulator();
useProviderSettings(t);

async function vpcsWithSubnets(count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.client.api.createVpc({
        body: { region: "us-iad", label: `net-${i}`, subnets: [{ label: "app", ipv4: `10.0.${i}.0/24` }] },
      }),
    ),
  );
}

const gets = () => readLines(t.control);

test("the reads of VPCs and their subnets share one listing", async () => {
  const vpcs = await vpcsWithSubnets(3);
  await t.control.clearRequests();
  const read = await Promise.all([
    ...vpcs.map((v) => makeProvider(vpcSpec).read!(String(v.id), { region: "us-iad", label: v.label })),
    ...vpcs.map((v) => makeProvider(subnetSpec).read!(String(v.subnets[0]!.id), { vpcId: v.id })),
  ]);
  expect(read.map((r) => r.props!.label)).toEqual(["net-0", "net-1", "net-2", "app", "app", "app"]);
  expect(read.slice(3).map((r) => r.props!.ipv4)).toEqual(["10.0.0.0/24", "10.0.1.0/24", "10.0.2.0/24"]);
  expect(await gets()).toEqual(["/vpcs 200"]);
});

test("a write of the process is seen by the next read; a gone object is confirmed by its 404", async () => {
  const [kept, gone] = await vpcsWithSubnets(2);
  const provider = makeProvider(vpcSpec);
  await provider.read!(String(kept!.id), {});
  await t.client.api.updateVpc({ params: { vpcId: kept!.id }, body: { label: "renamed" } });
  await t.client.api.deleteVpc({ params: { vpcId: gone!.id } });
  await t.control.clearRequests();
  expect((await provider.read!(String(kept!.id), {})).props!.label).toBe("renamed");
  expect(await provider.read!(String(gone!.id), {})).toEqual({ id: "" });
  expect(await gets()).toEqual(["/vpcs 200", `/vpcs/${gone!.id} 404`]);
});

test("a listing that fails leaves each read to its own GET", async () => {
  const [vpc] = await vpcsWithSubnets(1);
  await t.control.clearRequests();
  await t.control.injectFault({ status: 403, method: "GET", path: "/vpcs", count: 1 });
  const read = await makeProvider(vpcSpec).read!(String(vpc!.id), {});
  expect(read.props!.label).toBe("net-0");
  expect(await gets()).toEqual(["/vpcs 403", `/vpcs/${vpc!.id} 200`]);
});

test("each kind read by listing finds there the record its read by ID gives", async () => {
  const [vpc] = await vpcsWithSubnets(1);
  const key = await t.client.api.createProfileSshKey({ body: { label: "laptop", ssh_key: publicKeyLine() } });
  const token = await t.client.api.createProfileToken({ body: { label: "ci" } });
  const instance = await deployed(t);
  const [disk] = (await t.client.api.listDisks({ params: { computeId: instance.id } })).data;
  const [config] = (await t.client.api.listConfigs({ params: { computeId: instance.id } })).data;
  const nic = await t.client.api.addInterface({
    params: { computeId: instance.id, configId: config!.id },
    body: { purpose: "vpc", subnet_id: vpc!.subnets[0]!.id },
  });
  const image = seedImage(t);
  const cases: [AnySpec, string, Props][] = [
    [vpcSpec, String(vpc!.id), {}],
    [subnetSpec, String(vpc!.subnets[0]!.id), { vpcId: vpc!.id }],
    [sshKeySpec, String(key.id), {}],
    [tokenSpec, String(token.id), {}],
    [instanceSpec, String(instance.id), {}],
    [instanceDiskSpec, String(disk!.id), { computeId: instance.id }],
    [instanceConfigSpec, String(config!.id), { computeId: instance.id, booted: true }],
    [configInterfaceSpec, String(nic.id), { computeId: instance.id, configId: config!.id }],
    [imageSpec, image, {}],
  ];
  const client = clientOf(t.emulator.url, t.emulator.token);
  for (const [spec, id, props] of cases) {
    const listed = await spec.readListed!(client, id, props);
    expect({ kind: spec.kind, listed }).toEqual({
      kind: spec.kind,
      listed: await spec.read(client, id, props),
    });
  }
  // Every kind that reads by listing is here.
  expect(cases.map(([spec]) => spec.kind).sort()).toEqual(
    SPECS.filter((spec) => spec.readListed)
      .map((spec) => spec.kind)
      .sort(),
  );
});
