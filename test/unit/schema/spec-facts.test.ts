import { SPECS } from "../../../src/provider/specs";
import { specFacts, type KindFacts } from "../../../src/schema/spec-facts";

const facts = specFacts();
const kind = (name: string): KindFacts => facts.find((k) => k.kind === name)!;
const input = (k: string, name: string) => kind(k).inputs.find((i) => i.name === name)!;
const output = (k: string, name: string) => kind(k).outputs.find((o) => o.name === name)!;

it("reads every registered kind, each with its class's description and token", () => {
  expect(facts.map((k) => k.kind)).toEqual(SPECS.map((s) => s.kind));
  for (const k of facts) {
    expect(k.token).toBe(`compute:index:${k.kind}`);
    expect(k.description.length).toBeGreaterThan(10);
  }
  expect(kind("InstanceDisk").stem).toBe("instance-disk");
});

it("gives each input its type, whether it is required, its default and whether it replaces", () => {
  expect(input("Vpc", "region")).toMatchObject({
    type: { type: "string" },
    required: true,
    change: "replace",
  });
  expect(input("Vpc", "label")).toMatchObject({ required: true, change: "update", secret: false });
  expect(input("Vpc", "description")).toMatchObject({ required: false, default: "", change: "update" });
  expect(input("Vpc", "label").description).toMatch(/unique among the account's VPCs/);
  expect(input("Subnet", "vpcId")).toMatchObject({ type: { type: "integer" }, idReference: true });
  // Declared `number | string`: an ID reference too (a YAML program gives it `${disk.id}`, a string).
  expect(input("Image", "diskId")).toMatchObject({ type: { type: "integer" }, idReference: true });
  // An enum named as the class's output of the same name declares it (one schema type for both).
  expect(input("InstanceDisk", "filesystem").type).toEqual({
    type: "string",
    enum: ["raw", "swap", "ext3", "ext4", "initrd"],
    name: "Filesystem",
  });
  expect(input("Token", "expiry").type).toMatchObject({ type: "string", nullable: true });
  expect(kind("Instance").conditionalReplaces).toBe(true);
  expect(kind("Vpc").deleteBeforeReplace).toBe(true);
});

it("marks secret inputs and outputs from the spec and the class's secret list", () => {
  expect(input("Instance", "rootPass").secret).toBe(true);
  expect(output("Instance", "rootPass").secret).toBe(true);
  expect(output("Token", "token")).toMatchObject({ secret: true, computed: true, type: { type: "string" } });
  expect(output("Token", "label").secret).toBe(false);
});

it("lists the outputs: every input echoed back, then the computed ones typed from the class", () => {
  expect(kind("Subnet").outputs.map((o) => o.name)).toEqual([
    "vpcId",
    "label",
    "ipv4",
    "computes",
    "created",
    "updated",
  ]);
  expect(output("Subnet", "computes")).toMatchObject({ computed: true, type: { type: "array" } });
  expect(output("Subnet", "computes").description).toMatch(/IDs of instances/);
  expect(output("Vpc", "updated")).toMatchObject({ required: false, type: { nullable: true } });
  expect(output("Instance", "specs").type).toMatchObject({
    type: "object",
    required: expect.arrayContaining(["vcpus"]),
  });
});
