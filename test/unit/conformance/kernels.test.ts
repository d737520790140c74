/** Kernels and instance types against the running emulator, through our client: public, paginated. */
import { apiError, useEmulator } from "../../support/emulator";
import { rawRequest } from "../../support/raw-http";

const t = useEmulator();

describe("kernels", () => {
  it("are listed and read without authentication, IDs with their slash", async () => {
    const list = await t.anonymous.api.listKernels();
    expect(list.results).toBeGreaterThan(3);
    expect(list.data.map((k) => k.id)).toEqual(
      expect.arrayContaining(["compute/latest-64bit", "compute/grub2"]),
    );
    await expect(
      t.anonymous.api.getKernel({ params: { kernelId: "compute/latest-64bit" } }),
    ).resolves.toMatchObject({
      architecture: "x86_64",
      kvm: true,
      pvops: true,
      deprecated: false,
    });
    await apiError(t.anonymous.api.getKernel({ params: { kernelId: "compute/nope" } }), 404);
  });

  it("are read with the slash of their ID path-escaped too (raw HTTP, as clients send it)", async () => {
    for (const path of ["compute%2Flatest-64bit", "compute%2flatest-64bit", "compute/latest-64bit"]) {
      const answer = await rawRequest({ method: "GET", url: `${t.emulator.url}/compute/kernels/${path}` });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ id: "compute/latest-64bit", architecture: "x86_64" });
    }
    const missing = await rawRequest({
      method: "GET",
      url: `${t.emulator.url}/compute/kernels/compute%2Fnope`,
    });
    expect([missing.status, JSON.parse(missing.text)]).toEqual([404, { errors: [{ reason: "Not found" }] }]);
  });

  it("page like every list", async () => {
    const first = await t.anonymous.api.listKernels({ query: { page_size: 25 } });
    expect(first).toMatchObject({ page: 1, pages: 1 });
    await apiError(t.anonymous.api.listKernels({ query: { page_size: 10 } }), 400);
  });
});

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
