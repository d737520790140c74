/** Instance actions against the running emulator, through our client: root password reset and rebuild. */
import { deployed, ROOT_PASS, settle, status } from "../../support/compute";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const id = (computeId: number) => ({ params: { computeId } });
const disksOf = async (computeId: number) => (await t.client.api.listDisks(id(computeId))).data;

describe("root password reset", () => {
  it("needs the instance shut down and a strong password, and emits password_reset", async () => {
    const made = await deployed(t);
    const reset = (root_pass: string) =>
      t.client.api.resetInstancePassword({ ...id(made.id), body: { root_pass } });
    await badRequest(reset(ROOT_PASS), undefined, /must be shut down/);
    await t.client.api.shutdownInstance(id(made.id));
    await settle(t);
    const weak = await badRequest(reset("abcdefgh"), "root_pass");
    expect(weak.errors).toEqual([
      { reason: "Password does not meet strength requirement", field: "root_pass" },
    ]);
    await badRequest(reset("Ab1!"), "root_pass", /7\.\.128/);
    await badRequest(
      t.client.api.resetInstancePassword({ ...id(made.id), body: {} as never }),
      "root_pass",
      /required/,
    );
    await expect(reset(ROOT_PASS)).resolves.toEqual({});
    expect(await t.control.events({ action: "password_reset" })).toEqual([
      expect.objectContaining({ entity: expect.objectContaining({ id: made.id }) }),
    ]);
  });
});

describe("rebuild", () => {
  it("deletes every disk and config and deploys the image again, then boots", async () => {
    const made = await deployed(t);
    const before = await disksOf(made.id);
    await t.client.api.createConfig({ ...id(made.id), body: { label: "extra", devices: {} } });
    const rebuilt = await t.client.api.rebuildInstance({
      ...id(made.id),
      body: { image: "compute/ubuntu22.04", root_pass: ROOT_PASS },
    });
    expect(rebuilt).toMatchObject({ status: "rebuilding", image: "compute/ubuntu22.04" });
    const after = await disksOf(made.id);
    expect(after.map((d) => d.label)).toEqual(["Ubuntu 22.04 LTS Disk", "512 MB Swap Image"]);
    expect(after.map((d) => d.id)).not.toContain(before[0]!.id);
    expect((await t.client.api.listConfigs(id(made.id))).data.map((c) => c.label)).toEqual([
      "My Ubuntu 22.04 LTS Disk Profile",
    ]);
    await settle(t);
    expect(await status(t, made.id)).toBe("running");
    expect((await t.control.events({ action: "compute_rebuild" }))[0]!.status).toBe("finished");
  });

  it("requires image and root_pass, stays offline with booted:false, and can resize", async () => {
    const made = await deployed(t);
    await badRequest(
      t.client.api.rebuildInstance({ ...id(made.id), body: { root_pass: ROOT_PASS } as never }),
      "image",
    );
    await badRequest(
      t.client.api.rebuildInstance({ ...id(made.id), body: { image: "compute/debian12" } as never }),
      "root_pass",
    );
    await badRequest(
      t.client.api.rebuildInstance({ ...id(made.id), body: { image: "compute/nope", root_pass: ROOT_PASS } }),
      "image",
    );
    const rebuilt = await t.client.api.rebuildInstance({
      ...id(made.id),
      body: { image: "compute/debian12", root_pass: ROOT_PASS, booted: false, type: "g6-standard-2" },
    });
    expect(rebuilt).toMatchObject({ type: "g6-standard-2", specs: { disk: 81920 } });
    await apiError(
      t.client.api.rebuildInstance({
        ...id(made.id),
        body: { image: "compute/debian12", root_pass: ROOT_PASS },
      }),
      400,
    );
    await settle(t);
    expect(await status(t, made.id)).toBe("offline");
    expect((await disksOf(made.id))[0]!.size).toBe(81920 - 512);
  });
});
