/**
 * What the poller keeps of the records its ticks found (`recent`, which a check reads): a record
 * serves within the asker's window, and a long run's poller forgets what a tick found more than
 * `SEEN_KEPT_MS` ago instead of holding every record it ever read.
 */
import { Poller, SEEN_KEPT_MS, type Batch } from "../../src/client/poller";

interface Row {
  id: string;
}

/** A batch of records that all exist, read by ID. */
const batch: Batch<Row> = {
  key: "Row",
  one: async (id) => ({ id }),
  list: async (ids) => ids.map((id) => ({ id })),
  idOf: (row) => row.id,
};

let now = 1_000_000;
beforeEach(() => {
  now = 1_000_000;
  jest.spyOn(Date, "now").mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

/** A read that ticks at once (a lone wait reads by ID with no gap). */
async function readAt(poller: Poller, id: string, at: number) {
  now = at;
  const wait = poller.begin(batch);
  try {
    return await poller.read(batch, id, 0);
  } finally {
    wait.end();
  }
}

test("a record a tick found serves a check within its window", async () => {
  const poller = new Poller();
  await readAt(poller, "1", now);
  now += 2_000;
  expect(poller.recent(batch, "1", 5_000)).toEqual({ id: "1" });
  expect(poller.recent(batch, "1", 1_000)).toBeUndefined();
});

test("records older than SEEN_KEPT_MS are dropped at a later tick, the fresh ones kept", async () => {
  const poller = new Poller();
  const start = now;
  for (let i = 0; i < 50; i++) await readAt(poller, `old-${i}`, start);
  await readAt(poller, "fresh", start + SEEN_KEPT_MS);
  await readAt(poller, "later", start + SEEN_KEPT_MS + 1);
  const forever = Number.POSITIVE_INFINITY;
  expect(poller.recent(batch, "fresh", forever)).toEqual({ id: "fresh" });
  expect(poller.recent(batch, "later", forever)).toEqual({ id: "later" });
  expect(poller.recent(batch, "old-0", forever)).toEqual({ id: "old-0" });
  // The next tick a tenth of SEEN_KEPT_MS on prunes: what the first ticks found is gone.
  await readAt(poller, "next", start + SEEN_KEPT_MS + SEEN_KEPT_MS / 10 + 1);
  expect(poller.recent(batch, "old-0", forever)).toBeUndefined();
  expect(poller.recent(batch, "old-49", forever)).toBeUndefined();
  expect(poller.recent(batch, "fresh", forever)).toEqual({ id: "fresh" });
});
