/** Kernels against the running emulator, through our client: public, paginated. */
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
