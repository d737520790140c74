/**
 * Reads by listing (src/client/listing-reads.ts): the reads of one list path in a process share one
 * listing, until the process writes under that path or the listing is too old; a failed listing
 * answers nothing, and the next read lists again.
 */
import { ListingReads } from "../../src/client/listing-reads";

function counted(records: string[]) {
  let calls = 0;
  return {
    list: async () => {
      calls++;
      return records;
    },
    calls: () => calls,
  };
}

test("reads at once and after share one listing", async () => {
  const reads = new ListingReads();
  const vpcs = counted(["a", "b"]);
  const answers = await Promise.all([1, 2, 3].map(() => reads.records("/vpcs", vpcs.list)));
  expect(answers).toEqual([
    ["a", "b"],
    ["a", "b"],
    ["a", "b"],
  ]);
  expect(await reads.records("/vpcs", vpcs.list)).toEqual(["a", "b"]);
  expect(vpcs.calls()).toBe(1);
});

test("a write under the path, or over it, makes the next read list again; others do not", async () => {
  const reads = new ListingReads();
  const vpcs = counted(["a"]);
  const disks = counted(["d"]);
  await reads.records("/vpcs", vpcs.list);
  await reads.records("/compute/instances/3/disks", disks.list);

  reads.wrote("/vpcsx");
  reads.wrote("/compute/instances/4/boot");
  expect(reads.paths().sort()).toEqual(["/compute/instances/3/disks", "/vpcs"]);

  reads.wrote("/vpcs/7/subnets");
  reads.wrote("/compute/instances/3");
  expect(reads.paths()).toEqual([]);
  await reads.records("/vpcs", vpcs.list);
  expect(vpcs.calls()).toBe(2);
});

test("a listing older than its age answers no read", async () => {
  let now = 1_000;
  const reads = new ListingReads(30_000, () => now);
  const vpcs = counted(["a"]);
  await reads.records("/vpcs", vpcs.list);
  now += 30_000;
  await reads.records("/vpcs", vpcs.list);
  expect(vpcs.calls()).toBe(1);
  now += 1;
  await reads.records("/vpcs", vpcs.list);
  expect(vpcs.calls()).toBe(2);
});

test("a failed listing answers undefined to every read that waited on it, and is not kept", async () => {
  const reads = new ListingReads();
  let calls = 0;
  const failing = async (): Promise<string[]> => {
    calls++;
    throw new Error("503");
  };
  expect(await Promise.all([reads.records("/vpcs", failing), reads.records("/vpcs", failing)])).toEqual([
    undefined,
    undefined,
  ]);
  expect(calls).toBe(1);
  expect(reads.paths()).toEqual([]);
  expect(await reads.records("/vpcs", async () => ["a"])).toEqual(["a"]);
});
