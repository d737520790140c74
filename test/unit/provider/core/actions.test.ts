/** Action POSTs whose answer is lost: read back whether the API acted; repeat only if it did not. */
import { act, MAX_ACTION_ATTEMPTS } from "../../../../src/provider/core/actions";
import { empty, settle } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { thrown } from "../../../support/provider";

const t = useEmulator();
const silent = { log: () => {} };
const bootPosts = async () =>
  (await t.control.requests()).filter((r) => r.method === "POST" && r.path.endsWith("/boot"));

/** An instance with a config, offline: it can boot. */
async function bootable() {
  const instance = await empty(t);
  await t.client.api.createConfig({
    params: { computeId: instance.id },
    body: { label: "c", devices: {} } as never,
  });
  await t.control.clearRequests();
  return instance.id;
}

function boot(computeId: number) {
  return {
    name: `Instance ${computeId}: boot`,
    post: () => t.client.api.bootInstance({ params: { computeId }, body: {} }),
    happened: async () =>
      ["booting", "running"].includes((await t.client.api.getInstance({ params: { computeId } })).status),
  };
}

it("does not repeat an action the API took although its answer was lost", async () => {
  const id = await bootable();
  await t.control.injectFault({
    status: 502,
    lost: true,
    method: "POST",
    path: `/compute/instances/${id}/boot`,
  });
  await act(boot(id), silent);
  expect(await bootPosts()).toHaveLength(1);
  await settle(t);
  expect((await t.client.api.getInstance({ params: { computeId: id } })).status).toBe("running");
});

it("repeats an action the API did not take", async () => {
  const id = await bootable();
  await t.control.injectFault({ status: 503, method: "POST", path: `/compute/instances/${id}/boot` });
  await act(boot(id), silent);
  expect((await bootPosts()).map((r) => r.status)).toEqual([503, 200]);
});

it("gives up after a bounded number of attempts, on one line", async () => {
  const id = await bootable();
  await t.control.injectFault({
    status: 500,
    count: 10,
    method: "POST",
    path: `/compute/instances/${id}/boot`,
  });
  const err = await thrown(act(boot(id), silent));
  expect(err.message).toMatch(
    new RegExp(
      `^Instance ${id}: boot: no answer after ${MAX_ACTION_ATTEMPTS} attempts, and the API did not act: \\[500\\]`,
    ),
  );
  expect(await bootPosts()).toHaveLength(MAX_ACTION_ATTEMPTS);
});

it("passes an error with a known outcome on as it is", async () => {
  const instance = await empty(t);
  await expect(act(boot(instance.id), silent)).rejects.toMatchObject({ status: 400 });
});
