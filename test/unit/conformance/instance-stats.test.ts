/** Instance statistics and transfer against the running emulator, through our client: shapes and periods. */
import { empty } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const id = (computeId: number) => ({ params: { computeId } });
const month = (computeId: number, year: number, m: number) => ({ params: { computeId, year, month: m } });

async function today() {
  const { now } = await t.control.clock();
  return { year: Number(now.slice(0, 4)), month: Number(now.slice(5, 7)) };
}

describe("statistics", () => {
  it("cover the past 24 hours in 5-minute points", async () => {
    const made = await empty(t, { label: "stats-1" });
    const stats = await t.client.api.getInstanceStats(id(made.id));
    expect(stats.title).toContain("stats-1");
    expect(stats.cpu).toHaveLength(288);
    expect(stats.netv4.private_in).toHaveLength(288);
    expect(stats.io.swap).toHaveLength(288);
    const [first, second] = stats.cpu;
    expect(second![0] - first![0]).toBe(5 * 60_000);
  });

  it("take a past or the current month (the current one: the past 30 days), 1..12 and 2000..2037", async () => {
    const made = await empty(t);
    const now = await today();
    const current = await t.client.api.getInstanceStatsByMonth(month(made.id, now.year, now.month));
    expect(current.cpu).toHaveLength(30 * 24);
    const past = await t.client.api.getInstanceStatsByMonth(month(made.id, 2021, 2));
    expect(past.cpu).toHaveLength(28 * 24);
    await badRequest(t.client.api.getInstanceStatsByMonth(month(made.id, 2021, 13)), "month", /1\.\.12/);
    await badRequest(t.client.api.getInstanceStatsByMonth(month(made.id, 2021, 0)), "month", /1\.\.12/);
    await badRequest(t.client.api.getInstanceStatsByMonth(month(made.id, 1999, 5)), "year", /2000\.\.2037/);
    await badRequest(
      t.client.api.getInstanceStatsByMonth(month(made.id, now.year + 1, 1)),
      "month",
      /past or the current/,
    );
    await apiError(t.client.api.getInstanceStats(id(made.id + 1000)), 404);
  });
});

describe("transfer", () => {
  it("of the current month: billable and quota (the type's transfer) in GB, used in bytes", async () => {
    const made = await empty(t, { type: "g6-standard-2" });
    await expect(t.client.api.getInstanceTransfer(id(made.id))).resolves.toEqual({
      billable: 0,
      quota: 4000,
      used: 0,
    });
  });

  it("of a month: bytes in, out and total; year 2000..2037, past or current month", async () => {
    const made = await empty(t);
    await expect(t.client.api.getInstanceTransferByMonth(month(made.id, 2023, 6))).resolves.toEqual({
      bytes_in: 0,
      bytes_out: 0,
      bytes_total: 0,
    });
    await badRequest(
      t.client.api.getInstanceTransferByMonth(month(made.id, 2038, 1)),
      "year",
      /2000\.\.2037/,
    );
    await badRequest(t.client.api.getInstanceTransferByMonth(month(made.id, 2023, 13)), "month");
    const now = await today();
    await badRequest(t.client.api.getInstanceTransferByMonth(month(made.id, now.year + 1, 1)), "month");
  });

  it("needs computes:read_only", async () => {
    const made = await empty(t);
    const { token } = await t.control.seedUser({ username: "vpc", scopes: "vpc:read_only" });
    await apiError(t.clientFor(token).api.getInstanceTransfer(id(made.id)), 401);
  });
});
