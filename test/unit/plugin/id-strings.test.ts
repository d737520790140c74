/** The plugin sends ID references to the engine as strings and hands them to the providers as numbers. */
import { FUNCTION_SCHEMAS } from "../../../src/functions/schemas";
import { idConversions, resultIdsAsStrings } from "../../../src/plugin/id-strings";
import { outputJsonSchema } from "../../../src/provider/core/input-schema";
import { UNKNOWN } from "../../../src/provider/core/unknown";
import { instanceConfigSpec } from "../../../src/provider/instance/instance-config";
import { subnetSpec } from "../../../src/provider/kinds/subnet";

const subnet = idConversions(subnetSpec);
const config = idConversions(instanceConfigSpec);

it("makes a parent ID and computed IDs strings for the engine, and leaves other fields alone", () => {
  const outs = {
    vpcId: 12,
    label: "123",
    ipv4: "10.0.0.0/24",
    computes: [7, 8],
    __declaredInputs: ["vpcId"],
  };
  expect(subnet.toEngine(outs)).toEqual({ ...outs, vpcId: "12", computes: ["7", "8"] });
  expect(subnet.toProvider(subnet.toEngine(outs))).toEqual(outs);
});

it("gives the providers numbers again, from the strings it sent or the numbers an older state holds", () => {
  expect(subnet.toProvider({ vpcId: "12", label: "123" })).toEqual({ vpcId: 12, label: "123" });
  expect(subnet.toProvider({ vpcId: 12, label: "web" })).toEqual({ vpcId: 12, label: "web" });
  // What is no decimal ID stays as it is, for check to name (or to wait for, when unknown).
  for (const vpcId of ["012", "1e3", "abc", UNKNOWN, null]) {
    expect(subnet.toProvider({ vpcId })).toEqual({ vpcId });
  }
});

it("converts ID references inside lists and maps: interfaces' subnetId, devices' disk IDs", () => {
  const provider = {
    computeId: 5,
    devices: { sda: 31, sdb: null },
    interfaces: [
      { purpose: "public", primary: false },
      { purpose: "vpc", primary: true, subnetId: 9, ipv4: { vpc: "10.0.0.2" } },
    ],
    memoryLimit: 1024,
    interfaceDetails: [{ id: 4, subnetId: 9, vpcId: 3, label: "7" }],
  };
  const engine = config.toEngine(provider);
  expect(engine).toEqual({
    ...provider,
    computeId: "5",
    devices: { sda: "31", sdb: null },
    interfaces: [provider.interfaces[0], { ...provider.interfaces[1], subnetId: "9" }],
    interfaceDetails: [{ id: "4", subnetId: "9", vpcId: "3", label: "7" }],
  });
  expect(config.toProvider(engine)).toEqual(provider);
});

it("answers a data function's result with the IDs its schema marks as strings, and nothing else changed", () => {
  const asInvoked = (name: keyof typeof FUNCTION_SCHEMAS, result: object) =>
    resultIdsAsStrings(result, outputJsonSchema(FUNCTION_SCHEMAS[name].result));
  const subnet = {
    id: 3,
    label: "app",
    ipv4: "10.0.1.0/24",
    instanceIds: [41, 42],
    created: "c",
    updated: null,
  };
  const vpc = {
    id: 7,
    label: "net",
    description: "",
    region: "us-iad",
    subnets: [subnet],
    created: "c",
    updated: null,
  };
  expect(asInvoked("getVpcs", { vpcs: [vpc] })).toEqual({
    vpcs: [{ ...vpc, id: "7", subnets: [{ ...subnet, id: "3", instanceIds: ["41", "42"] }] }],
  });
  // Not IDs by their schemas, whatever their names: a user number, a gravatar's ID, a count.
  const profile = { uid: 12, username: "u", referrals: { total: 3 } };
  expect(asInvoked("getProfile", profile)).toEqual(profile);
  const script = { id: 5, userGravatarId: "a1b2", deploymentsTotal: 4 };
  expect(asInvoked("getStackScript", script)).toEqual({ ...script, id: "5" });
  // A grant's entity ID, inside a nullable object's neighbours.
  expect(
    asInvoked("getGrants", { restricted: true, global: null, compute: [{ id: 9, label: "web" }] }),
  ).toEqual({ restricted: true, global: null, compute: [{ id: "9", label: "web" }] });
});
