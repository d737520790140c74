/** Instance types against the running emulator, through our client: public, paginated. */
import { apiError, useEmulator } from "../../support/emulator";

const t = useEmulator();

describe("types", () => {
  it("are listed and read without authentication, with the real plans' values", async () => {
    const list = await t.anonymous.api.listTypes();
    expect(list.data.map((x) => x.id)).toEqual(
      expect.arrayContaining([
        "g6-nanode-1",
        "g6-standard-2",
        "g6-dedicated-4",
        "g7-highmem-1",
        "g1-gpu-rtx6000-1",
      ]),
    );
    await expect(t.anonymous.api.getType({ params: { typeId: "g6-nanode-1" } })).resolves.toEqual({
      id: "g6-nanode-1",
      label: "Nanode 1GB",
      class: "nanode",
      disk: 25600,
      memory: 1024,
      vcpus: 1,
      gpus: 0,
      transfer: 1000,
      network_out: 1000,
      price: { hourly: 0.0075, monthly: 5 },
      region_prices: [],
      addons: { backups: { price: { hourly: 0.003, monthly: 2 }, region_prices: [] } },
      successor: null,
    });
    await expect(t.anonymous.api.getType({ params: { typeId: "g1-gpu-rtx6000-1" } })).resolves.toMatchObject({
      class: "gpu",
      gpus: 1,
      network_out: 10000,
    });
    await apiError(t.anonymous.api.getType({ params: { typeId: "g9-huge" } }), 404);
  });

  it("name a successor only for the deprecated plan", async () => {
    const { data } = await t.anonymous.api.listTypes();
    expect(data.filter((x) => x.successor !== null).map((x) => [x.id, x.successor])).toEqual([
      ["g5-standard-1", "g6-standard-1"],
    ]);
  });
});
