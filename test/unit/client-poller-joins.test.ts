/**
 * Reads that fall due close together share one list request (src/client/poller.ts `Wait.dueAt`): a
 * tick waits for the due reads that follow it within `joinMs`, a failed list request fails each read
 * it served, and a lone wait still reads by ID at once. Driven on a counting batch and Jest's clock.
 */
import { Poller, type Batch } from "../../src/client/poller";

interface Rec {
  id: string;
}

function counted(fail?: Error) {
  const calls: string[][] = [];
  const batch: Batch<Rec> = {
    key: "Instance",
    one: async (id) => {
      calls.push([id]);
      if (fail) throw fail;
      return { id };
    },
    list: async (ids) => {
      calls.push([...ids]);
      if (fail) throw fail;
      return ids.map((id) => ({ id }));
    },
    idOf: (r) => r.id,
  };
  return { batch, calls };
}

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

test("a due read waits for the due reads that follow within joinMs: one list request serves them", async () => {
  const poller = new Poller({ joinMs: 250 });
  const { batch, calls } = counted();
  const [a, b, c] = [poller.begin(batch), poller.begin(batch), poller.begin(batch)];
  const now = Date.now();
  a.dueAt(now + 50);
  b.dueAt(now + 150);
  // Due well after the window: it reads on its own.
  c.dueAt(now + 2_000);
  await jest.advanceTimersByTimeAsync(50);
  a.dueAt(undefined);
  const first = poller.read(batch, "1", 0);
  await jest.advanceTimersByTimeAsync(100);
  expect(calls).toEqual([]);
  b.dueAt(undefined);
  const second = poller.read(batch, "2", 0);
  await jest.advanceTimersByTimeAsync(100);
  await expect(Promise.all([first, second])).resolves.toEqual([{ id: "1" }, { id: "2" }]);
  expect(calls).toEqual([["1", "2"]]);
  [a, b, c].forEach((w) => w.end());
});

test("a failed list request reaches each read it served", async () => {
  const poller = new Poller();
  const { batch } = counted(new Error("503 from GET /compute/instances"));
  const waits = [poller.begin(batch), poller.begin(batch)];
  const reads = ["1", "2"].map((id) =>
    poller.read(batch, id, 0).then(
      () => "read",
      (err: Error) => err.message,
    ),
  );
  await jest.advanceTimersByTimeAsync(100);
  await expect(Promise.all(reads)).resolves.toEqual([
    "503 from GET /compute/instances",
    "503 from GET /compute/instances",
  ]);
  waits.forEach((w) => w.end());
});

test("a lone wait reads its record by ID at once, whatever it said of its due reads", async () => {
  const poller = new Poller();
  const { batch, calls } = counted();
  const wait = poller.begin(batch);
  wait.dueAt(Date.now() + 100);
  const read = poller.read(batch, "7", 0);
  await jest.advanceTimersByTimeAsync(0);
  await expect(read).resolves.toEqual({ id: "7" });
  expect(calls).toEqual([["7"]]);
  wait.end();
});

test("a wait that ended holds no tick back", async () => {
  const poller = new Poller({ joinMs: 250 });
  const { batch, calls } = counted();
  const [a, b, gone] = [poller.begin(batch), poller.begin(batch), poller.begin(batch)];
  gone.dueAt(Date.now() + 200);
  gone.end();
  const reads = [poller.read(batch, "1", 0), poller.read(batch, "2", 0)];
  await jest.advanceTimersByTimeAsync(30);
  await Promise.all(reads);
  expect(calls).toEqual([["1", "2"]]);
  [a, b].forEach((w) => w.end());
});
