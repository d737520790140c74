import { idsAsStrings, isIdField } from "../../../src/functions/result-ids";

it("an ID field is `id`, or a name ending in Id or Ids", () => {
  expect(["id", "vpcId", "instanceIds", "configId"].filter(isIdField)).toEqual([
    "id",
    "vpcId",
    "instanceIds",
    "configId",
  ]);
  expect(["uid", "ids", "Id", "paid", "idle", "memory"].filter(isIdField)).toEqual([]);
});

it("the integers of ID fields (and of their arrays), nested too, become decimal strings; nothing else changes", () => {
  const result = {
    id: 7,
    uid: 12,
    label: "net",
    memory: 2048,
    subnets: [{ id: 3, instanceIds: [41, 42], ipv4: "10.0.1.0/24", gateway: null }],
    region: { id: "us-iad" },
  };
  expect(idsAsStrings(result)).toEqual({
    id: "7",
    uid: 12,
    label: "net",
    memory: 2048,
    subnets: [{ id: "3", instanceIds: ["41", "42"], ipv4: "10.0.1.0/24", gateway: null }],
    region: { id: "us-iad" },
  });
});
