/** getRegions / getRegion / getRegionAvailability against the emulator's records. */
import { collect } from "../../../src/client";
import { regionEndpoints } from "../../../src/contract";
import {
  getRegion,
  getRegionAvailability,
  getRegionOutput,
  getRegions,
  type FunctionOptions,
} from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const records = () => collect(t.client.each(regionEndpoints.listRegions));

it("getRegions maps every region's record to camelCase", async () => {
  expect((await getRegions({}, opts())).regions).toEqual(camelize(await records()));
});

it("getRegions filters by capability, country and status", async () => {
  const all = await records();
  const vpcs = await getRegions({ capability: "VPCs" }, opts());
  expect(vpcs.regions.map((r) => r.id)).toEqual(
    all.filter((r) => r.capabilities.includes("VPCs")).map((r) => r.id),
  );
  expect(vpcs.regions.length).toBeGreaterThan(0);
  expect(vpcs.regions.length).toBeLessThan(all.length);
  const us = await getRegions({ country: "us", capability: "VPCs" }, opts());
  expect(us.regions.map((r) => r.id)).toEqual(["us-iad", "us-ord"]);
  expect((await getRegions({ status: "outage" }, opts())).regions).toEqual([]);
});

it("getRegion returns one region; an unknown one is `region <id> not found`", async () => {
  const record = await t.client.api.getRegion({ params: { regionId: "us-iad" } });
  expect(await getRegion({ id: "us-iad" }, opts())).toEqual(camelize(record));
  await expect(getRegion({ id: "xx-nowhere" }, opts())).rejects.toThrow(/^region xx-nowhere not found$/);
});

it("getRegionOutput takes Input arguments", async () => {
  const out = getRegionOutput({ id: Promise.resolve("fr-par") }, opts());
  const region = await new Promise((resolve) => out.apply(resolve));
  expect(region).toMatchObject({ id: "fr-par", siteType: "core" });
});

it("getRegionAvailability lists every entry, or filters (one region: its endpoint, so unknown is not found)", async () => {
  const all = await collect(t.client.each(regionEndpoints.listAvailability));
  expect((await getRegionAvailability({}, opts())).availability).toEqual(camelize(all));
  const plan = all[0]!.plan;
  const byPlan = await getRegionAvailability({ plan }, opts());
  expect(byPlan.availability).toEqual(all.filter((a) => a.plan === plan));
  const one = await getRegionAvailability({ region: "us-ord", plan }, opts());
  expect(one.availability).toEqual(all.filter((a) => a.region === "us-ord" && a.plan === plan));
  const soldOut = await getRegionAvailability({ available: false }, opts());
  expect(soldOut.availability).toEqual(all.filter((a) => !a.available));
  await expect(getRegionAvailability({ region: "xx-nowhere" }, opts())).rejects.toThrow(
    /^region xx-nowhere not found$/,
  );
});
