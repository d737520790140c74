/** getVpcs / getVpc / getSubnets / getSubnet against the emulator's records. */
import type { Subnet, Vpc } from "../../../src/contract";
import {
  getSubnet,
  getSubnets,
  getSubnetsOutput,
  getVpc,
  getVpcs,
  type FunctionOptions,
} from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });

/** The expected result: camelCase, with the subnets' `computes` as `instanceIds`. */
const subnetResult = ({ computes, ipv6: _ipv6, ...s }: Subnet) => ({
  ...(camelize(s) as object),
  instanceIds: computes.map((c) => (typeof c === "number" ? c : c.id)),
});
const vpcResult = ({ subnets, ...v }: Vpc) => ({
  ...(camelize(v) as object),
  subnets: subnets.map(subnetResult),
});

const vpc = (label: string, region = "us-iad") =>
  t.client.api.createVpc({
    body: {
      label,
      region,
      subnets: [
        { label: "app", ipv4: "10.0.1.0/24" },
        { label: "db", ipv4: "10.0.2.0/24" },
      ],
    },
  });

it("getVpcs maps each VPC with its subnets, and filters by region and label", async () => {
  const a = await vpc("prod-a");
  const b = await vpc("prod-b", "fr-par");
  const c = await vpc("test-c");
  const all = await getVpcs({}, opts());
  expect(all.vpcs).toEqual([a, b, c].map(vpcResult));
  const ids = async (args: Parameters<typeof getVpcs>[0]) =>
    (await getVpcs(args, opts())).vpcs.map((v) => v.id);
  expect(await ids({ region: "us-iad" })).toEqual([a.id, c.id]);
  expect(await ids({ label: "prod-*" })).toEqual([a.id, b.id]);
  expect(await ids({ label: "prod-*", region: "us-iad" })).toEqual([a.id]);
  expect(await ids({ labelRegex: "-c$" })).toEqual([c.id]);
  expect(await ids({ label: "test-c" })).toEqual([c.id]);
});

it("getVpc takes a number or an ID string; unknown is `VPC <id> not found`", async () => {
  const a = await vpc("prod-a");
  expect(await getVpc({ id: a.id }, opts())).toEqual(vpcResult(a));
  expect(await getVpc({ id: String(a.id) }, opts())).toEqual(vpcResult(a));
  await expect(getVpc({ id: 99999 }, opts())).rejects.toThrow(/^VPC 99999 not found$/);
});

it("getSubnets lists a VPC's subnets (label filter); getSubnet one; unknowns are named", async () => {
  const a = await vpc("prod-a");
  expect((await getSubnets({ vpcId: a.id }, opts())).subnets).toEqual(a.subnets.map(subnetResult));
  const db = await getSubnets({ vpcId: String(a.id), label: "db" }, opts());
  expect(db.subnets.map((s) => s.ipv4)).toEqual(["10.0.2.0/24"]);
  const app = a.subnets.find((s) => s.label === "app")!;
  expect(await getSubnet({ vpcId: a.id, id: app.id }, opts())).toEqual(subnetResult(app));
  await expect(getSubnets({ vpcId: 99999 }, opts())).rejects.toThrow(/^VPC 99999 not found$/);
  await expect(getSubnet({ vpcId: a.id, id: 99999 }, opts())).rejects.toThrow(
    new RegExp(`^subnet 99999 of VPC ${a.id} not found$`),
  );
  const out = getSubnetsOutput({ vpcId: Promise.resolve(a.id), labelRegex: "^a" }, opts());
  expect(await new Promise((resolve) => out.subnets.apply(resolve))).toEqual([subnetResult(app)]);
});
