/** Regions and their plans' availability against the running emulator, through our client: public, 404 for an unknown region. */
import { apiError, useEmulator } from "../../support/emulator";

const t = useEmulator();

describe("regions", () => {
  it("are listed and read without authentication", async () => {
    const list = await t.anonymous.api.listRegions();
    expect(list.data.map((r) => r.id)).toEqual(expect.arrayContaining(["us-iad", "us-east"]));
    await expect(t.anonymous.api.getRegion({ params: { regionId: "us-iad" } })).resolves.toMatchObject({
      id: "us-iad",
      country: "us",
    });
    await apiError(t.anonymous.api.getRegion({ params: { regionId: "xx-nowhere" } }), 404);
  });
});

describe("availability", () => {
  it("lists every region's plans, and one region's alone", async () => {
    const all = await t.anonymous.api.listAvailability({ query: { page_size: 500 } });
    const regions = (await t.anonymous.api.listRegions({ query: { page_size: 500 } })).data;
    expect(new Set(all.data.map((a) => a.region))).toEqual(new Set(regions.map((r) => r.id)));
    const one = await t.anonymous.api.getRegionAvailability({ params: { regionId: "us-iad" } });
    expect(one.length).toBeGreaterThan(0);
    expect(one).toEqual(all.data.filter((a) => a.region === "us-iad"));
  });

  it("of an unknown region is a 404", async () => {
    await apiError(t.anonymous.api.getRegionAvailability({ params: { regionId: "xx-nowhere" } }), 404);
  });
});
