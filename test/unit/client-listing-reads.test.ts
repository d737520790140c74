/**
 * Reads by listing (src/client/listing-reads.ts): the reads of one list path in a process share one
 * listing, until the process writes under that path or the listing is too old; a failed listing
 * answers nothing, and the next read lists again. Checks take any listing of their window (`recent`),
 * and a create's answer may seed one; a create's proof takes a listing of its window that the
 * process has not written under since (`fresh`).
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

test("a check takes a listing within its own window whatever the process wrote since; reads do not", async () => {
  let now = 1_000;
  const reads = new ListingReads(30_000, () => now);
  const vpcs = counted(["a"]);
  await reads.records("/vpcs", vpcs.list);
  reads.wrote("/vpcs");
  now += 2_000;
  expect(await reads.recent("/vpcs", 2_000)).toEqual({ at: 1_000, records: ["a"] });
  expect(vpcs.calls()).toBe(1);
  now += 1;
  expect(await reads.recent("/vpcs", 2_000)).toBeUndefined();
  expect(await reads.recent("/vpcs", 2_000, vpcs.list)).toEqual({ at: 3_001, records: ["a"] });
  expect(vpcs.calls()).toBe(2);
  // A check's listing answers reads until a write.
  expect(await reads.records("/vpcs", vpcs.list)).toEqual(["a"]);
  expect(vpcs.calls()).toBe(2);
});

test("a create's answer seeds a listing as of when its POST was sent", async () => {
  let now = 5_000;
  const reads = new ListingReads(30_000, () => now);
  reads.seed("/vpcs/7/subnets", [], 4_000);
  now = 6_000;
  expect(await reads.recent("/vpcs/7/subnets", 2_000)).toEqual({ at: 4_000, records: [] });
  now = 6_001;
  expect(await reads.recent("/vpcs/7/subnets", 2_000)).toBeUndefined();
});

test("a check's listing cut short (too many pages) answers neither checks nor reads", async () => {
  const reads = new ListingReads();
  let pending!: (records: string[] | undefined) => void;
  const cut = reads.recent(
    "/vpcs",
    2_000,
    () => new Promise<string[] | undefined>((resolve) => (pending = resolve)),
  );
  // While it is out, reads do not wait for a listing that may not hold everything.
  const vpcs = counted(["a", "b"]);
  expect(await reads.records("/vpcs", vpcs.list)).toEqual(["a", "b"]);
  pending(undefined);
  expect(await cut).toBeUndefined();
  expect(reads.paths()).toEqual(["/vpcs"]);
  expect(await reads.recent("/vpcs", 2_000)).toEqual({ at: expect.any(Number), records: ["a", "b"] });

  const alone = new ListingReads();
  expect(await alone.recent("/vpcs", 2_000, async () => undefined)).toBeUndefined();
  expect(alone.paths()).toEqual([]);
  expect(await alone.recent("/vpcs", 2_000)).toBeUndefined();
});

test("a create's proof takes a listing of its window that the process has not written under since", async () => {
  let now = 1_000;
  const reads = new ListingReads(30_000, () => now);
  const disks = counted(["d1"]);
  await reads.recent("/compute/instances/3/disks", 2_000, disks.list);
  now = 3_000;
  expect(await reads.fresh("/compute/instances/3/disks", 2_000, disks.list)).toEqual({
    at: 1_000,
    records: ["d1"],
  });
  expect(disks.calls()).toBe(1);
  reads.wrote("/compute/instances/3/disks");
  expect(await reads.fresh("/compute/instances/3/disks", 2_000, disks.list)).toEqual({
    at: 3_000,
    records: ["d1"],
  });
  expect(disks.calls()).toBe(2);
  now = 5_001;
  await reads.fresh("/compute/instances/3/disks", 2_000, disks.list);
  expect(disks.calls()).toBe(3);
});

test("a seed for checks and proofs only answers them, never a read", async () => {
  let now = 1_000;
  const reads = new ListingReads(30_000, () => now);
  reads.seed("/compute/instances/3/disks", ["d1", "d2"], 900, { forReads: false });
  now = 1_500;
  const disks = counted(["d1", "d2"]);
  expect(await reads.fresh("/compute/instances/3/disks", 2_000, disks.list)).toEqual({
    at: 900,
    records: ["d1", "d2"],
  });
  expect(await reads.recent("/compute/instances/3/disks", 2_000)).toEqual({ at: 900, records: ["d1", "d2"] });
  expect(disks.calls()).toBe(0);
  expect(reads.paths()).toEqual([]);
  expect(await reads.records("/compute/instances/3/disks", disks.list)).toEqual(["d1", "d2"]);
  expect(disks.calls()).toBe(1);
});
