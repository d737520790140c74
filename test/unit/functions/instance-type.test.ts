/** getInstanceTypes / getInstanceType against the emulator's records. */
import { collect } from "../../../src/client";
import { typeEndpoints } from "../../../src/contract";
import { getInstanceType, getInstanceTypes, type FunctionOptions } from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const records = () => collect(t.client.each(typeEndpoints.listTypes));

it("getInstanceTypes maps every type (prices and add-ons included) to camelCase", async () => {
  expect((await getInstanceTypes({}, opts())).types).toEqual(camelize(await records()));
});

it("getInstanceTypes filters by class, minimum memory, vCPUs and disk, GPUs, and label", async () => {
  const all = await records();
  const ids = async (args: Parameters<typeof getInstanceTypes>[0]) =>
    (await getInstanceTypes(args, opts())).types.map((x) => x.id);
  expect(await ids({ minMemory: 4096, class: "standard" })).toEqual(
    all.filter((x) => x.memory >= 4096 && x.class === "standard").map((x) => x.id),
  );
  expect(await ids({ minVcpus: 4, minDisk: 81920, gpus: 0 })).toEqual(
    all.filter((x) => x.vcpus >= 4 && x.disk >= 81920 && x.gpus === 0).map((x) => x.id),
  );
  expect(await ids({ label: "Dedicated *" })).toEqual(
    all.filter((x) => x.label.startsWith("Dedicated ")).map((x) => x.id),
  );
  expect((await ids({ minMemory: 4096 })).length).toBeGreaterThan(0);
});

it("getInstanceType returns one type; unknown is `instance type <id> not found`", async () => {
  const record = await t.client.api.getType({ params: { typeId: "g6-standard-2" } });
  expect(await getInstanceType({ id: "g6-standard-2" }, opts())).toEqual(camelize(record));
  await expect(getInstanceType({ id: "g0-none" }, opts())).rejects.toThrow(
    /^instance type g0-none not found$/,
  );
});
