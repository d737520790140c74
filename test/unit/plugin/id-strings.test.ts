/** The plugin sends ID references to the engine as strings and hands them to the providers as numbers. */
import { idConversions } from "../../../src/plugin/id-strings";
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
