/**
 * ID references in the plugin form, read by a typed SDK (Python, `pulumi_compute`): a Subnet's
 * `vpc_id` and an Instance's interfaces (typed `InstanceConfigInterfaceArgs`, `subnet_id` an ID
 * reference) come back as the schema types them, strings; a stack whose state holds them as numbers
 * (as every plugin-form stack written before did) previews no change and sends no write, and a
 * refresh then stores them as strings, a computed ID (a subnet's `computes`) too. A data function's
 * IDs (`get_subnet`'s `id` and `instance_ids`) read as `str`, as a resource's do; a resource's
 * integers (`specs`) as `int`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../../../src/client";
import { instanceEndpoints, vpcEndpoints } from "../../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { pythonProject, type PythonProject } from "../python-project";
import { schemaMismatches } from "../schema-types";

jest.setTimeout(180_000);

let p: PythonProject;

const PROGRAM = `
net = compute.Vpc("net", region="us-iad", label="py-ids")
sub = compute.Subnet("sub", vpc_id=net.id, label="py-sub", ipv4="10.0.1.0/24")
web = compute.Instance(
    "web",
    region="us-iad",
    type="g6-standard-1",
    label="py-ids-web",
    image="${IMAGE}",
    root_pass="${ROOT_PASS}",
    interfaces=[
        compute.InstanceConfigInterfaceArgs(purpose="public"),
        compute.InstanceConfigInterfaceArgs(purpose="vpc", subnet_id=sub.id),
    ],
)
# What the typed SDK hands the program: the Python type's name and the value.
pulumi.export("subnetVpcId", sub.vpc_id.apply(lambda v: [type(v).__name__, v]))
pulumi.export(
    "interfaceSubnetId",
    web.interfaces.apply(lambda l: [type(l[1]).__name__, type(l[1].subnet_id).__name__, l[1].subnet_id]),
)
# A computed output's integers (the contract's specs): int, not float.
pulumi.export("specTypes", web.specs.apply(lambda s: [type(s.memory).__name__, type(s.vcpus).__name__]))
# A data function's result: integers where the contract says int (read once the instance is on it).
found = compute.get_subnet_output(vpc_id=net.id, id=pulumi.Output.all(sub.id, web.id).apply(lambda a: a[0]))
pulumi.export("getSubnetIds", pulumi.Output.all(found.id, found.instance_ids).apply(
    lambda a: [type(a[0]).__name__, [type(i).__name__ for i in a[1]]]))
`;

/** The state's ID references as numbers: what the plugin wrote before it sent them as strings. */
function asNumbers(resource: {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}) {
  for (const props of [resource.inputs, resource.outputs]) {
    if (!props) continue;
    if (resource.type === "compute:index:Subnet") props.vpcId = Number(props.vpcId);
    if (resource.type === "compute:index:Instance" && Array.isArray(props.interfaces)) {
      for (const i of props.interfaces as Record<string, unknown>[])
        if (i.subnetId !== undefined) i.subnetId = Number(i.subnetId);
    }
  }
}

beforeAll(async () => {
  p = await pythonProject("python-id-references");
  p.emulator.jobs.timings.set("instance.boot", 500);
});
afterAll(async () => {
  await p?.dispose();
});

test("the typed SDK reads a subnet's vpc_id and an interface's subnet_id as strings, the IDs", async () => {
  p.setProgram(PROGRAM);
  await p.pulumi("up", "--yes");
  const [vpc] = await collect(p.client.each(vpcEndpoints.listVpcs));
  const [subnet] = await collect(p.client.each(vpcEndpoints.listSubnets, { params: { vpcId: vpc!.id } }));
  const [instance] = await collect(p.client.each(instanceEndpoints.listInstances));
  expect(instance).toMatchObject({ label: "py-ids-web" });
  expect(await p.output("subnetVpcId")).toEqual(["str", String(vpc!.id)]);
  expect(await p.output("interfaceSubnetId")).toEqual(["InstanceConfigInterface", "str", String(subnet!.id)]);
  // A function's IDs are strings, as a resource's are (its id goes on to an ID input as it is).
  expect(await p.output("getSubnetIds")).toEqual(["str", ["str"]]);
  // The SDK makes a number an int where the schema says integer (the wire holds doubles only).
  expect(await p.output("specTypes")).toEqual(["int", "int"]);
  const stored = (await p.resources()).find((r) => r.type === "compute:index:Subnet")!;
  expect([stored.inputs?.vpcId, stored.outputs?.vpcId]).toEqual([String(vpc!.id), String(vpc!.id)]);
});

test("every output has the type the package schema gives it", async () => {
  expect(schemaMismatches(await p.resources())).toEqual([]);
});

test("a preview of the same program shows no change and sends no write", async () => {
  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("a stack whose state holds the ID references as numbers previews no change; a refresh makes them strings", async () => {
  const file = path.join(p.dir, "state.json");
  await p.pulumi("stack", "export", "--file", file);
  const exported = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const resource of exported.deployment.resources) asNumbers(resource);
  fs.writeFileSync(file, JSON.stringify(exported));
  await p.pulumi("stack", "import", "--file", file);
  const subnet = (await p.resources()).find((r) => r.type === "compute:index:Subnet")!;
  expect(typeof subnet.outputs?.vpcId).toBe("number");

  await p.control.clearRequests();
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("up", "--yes", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);

  await p.pulumi("refresh", "--yes");
  expect(await p.writes()).toEqual([]);
  const refreshed = (await p.resources()).find((r) => r.type === "compute:index:Subnet")!;
  expect(typeof refreshed.outputs?.vpcId).toBe("string");
  // A computed ID (the instances on the subnet, read now that one is) is a string too.
  const [instance] = await collect(p.client.each(instanceEndpoints.listInstances));
  expect(refreshed.outputs?.computes).toEqual([String(instance!.id)]);
  await p.pulumi("preview", "--expect-no-changes");
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
  expect(await collect(p.client.each(instanceEndpoints.listInstances))).toEqual([]);
});
