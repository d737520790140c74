/**
 * Data functions from a Go program (`runtime: go`, the generated Go SDK) through the real CLI: IDs in
 * their results are strings, as a resource's `id` is, so a Go program passes `LookupVpc`'s `Id` on to
 * a Subnet's `VpcId` as it is (`pulumi.String(found.Id)`, no strconv), in the plain and the Output
 * forms; the program compiling is half the check, the subnets landing in the right VPCs the other.
 */
import { collect } from "../../../../src/client";
import { VpcParams, vpcEndpoints } from "../../../../src/contract";
import { goProject, type GoProject } from "../go-project";
import { code, resource } from "./go-code";

jest.setTimeout(180_000);

let p: GoProject;

beforeAll(async () => {
  p = await goProject("go-functions");
});
afterAll(async () => {
  await p?.dispose();
});

test("a looked-up VPC's Id, a string, makes a subnet in it; so does the Output form's", async () => {
  const outside = await p.client.api.createVpc({ body: { region: "us-iad", label: "go-outside" } });
  p.setProgram(`
		found, err := compute.LookupVpc(ctx, &compute.LookupVpcArgs{Id: ${JSON.stringify(String(outside.id))}})
		if err != nil {
			return err
		}
${resource("Subnet", "inOutside", { VpcId: code("pulumi.String(found.Id)"), Label: "app", Ipv4: "10.0.1.0/24" }, false)}
${resource("Vpc", "net", { Region: "us-iad", Label: "go-net" })}
		again := compute.LookupVpcOutput(ctx, compute.LookupVpcOutputArgs{Id: net.ID().ToStringOutput()})
${resource("Subnet", "inNet", { VpcId: code("again.Id()"), Label: "db", Ipv4: "10.0.2.0/24" }, false)}
		ctx.Export("foundId", pulumi.String(found.Id))
		ctx.Export("foundLabel", pulumi.String(found.Label))
`);
  await p.pulumi("up", "--yes");
  expect(await p.output("foundId")).toBe(String(outside.id));
  expect(await p.output("foundLabel")).toBe("go-outside");
  const subnetsOf = async (vpcId: number) =>
    (await collect(p.client.each(vpcEndpoints.listSubnets, { params: VpcParams.parse({ vpcId }) }))).map(
      (s) => s.label,
    );
  const net = (await collect(p.client.each(vpcEndpoints.listVpcs))).find((v) => v.label === "go-net")!;
  expect(await subnetsOf(outside.id)).toEqual(["app"]);
  expect(await subnetsOf(net.id)).toEqual(["db"]);
  await p.pulumi("preview", "--expect-no-changes");
});

test("destroy leaves the outside VPC alone", async () => {
  await p.pulumi("destroy", "--yes");
  expect((await collect(p.client.each(vpcEndpoints.listVpcs))).map((v) => [v.label, v.subnets])).toEqual([
    ["go-outside", []],
  ]);
});
