/** getInstances (filters by label, tag, region, image, status) / getInstance against the emulator's records. */
import { collect } from "../../../src/client";
import { instanceEndpoints } from "../../../src/contract";
import { getInstance, getInstances, type FunctionOptions } from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const create = (label: string, region: string, tags: string[]) =>
  t.client.api.createInstance({ body: { label, region, tags, type: "g6-nanode-1" } });

it("getInstances maps every instance to camelCase and filters by label, tags, region and status", async () => {
  const web1 = await create("web-1", "us-iad", ["web", "prod"]);
  const web2 = await create("web-2", "fr-par", ["web"]);
  const db = await create("db-1", "us-iad", ["data", "prod"]);
  const records = await collect(t.client.each(instanceEndpoints.listInstances));
  expect((await getInstances({}, opts())).instances).toEqual(camelize(records));
  const ids = async (args: Parameters<typeof getInstances>[0]) =>
    (await getInstances(args, opts())).instances.map((i) => i.id);
  expect(await ids({ label: "web-*" })).toEqual([web1.id, web2.id]);
  expect(await ids({ label: "db-1" })).toEqual([db.id]);
  expect(await ids({ labelRegex: "-2$" })).toEqual([web2.id]);
  expect(await ids({ tag: "prod" })).toEqual([web1.id, db.id]);
  expect(await ids({ tags: ["web", "prod"] })).toEqual([web1.id]);
  expect(await ids({ tag: "web", region: "fr-par" })).toEqual([web2.id]);
  expect(await ids({ region: "us-iad" })).toEqual([web1.id, db.id]);
  const status = records[0]!.status;
  expect(await ids({ status })).toEqual(records.filter((r) => r.status === status).map((r) => r.id));
});

it("getInstance takes a number or an ID string; unknown is `instance <id> not found`", async () => {
  const web1 = await create("web-1", "us-iad", ["web"]);
  const record = await t.client.api.getInstance({ params: { computeId: web1.id } });
  expect(await getInstance({ id: String(web1.id) }, opts())).toEqual(camelize(record));
  await expect(getInstance({ id: 424242 }, opts())).rejects.toThrow(/^instance 424242 not found$/);
});
