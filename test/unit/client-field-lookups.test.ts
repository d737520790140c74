/**
 * Lookups on one field share requests: those asked together (one account, one list, one field) go as
 * one `X-Filter` `+or` request, at most 25 values each; each caller gets its own records; a failed
 * request fails its callers only. Against the emulator, whose filter the real API's grammar follows.
 */
import { collect } from "../../src/client";
import { lookUpBy } from "../../src/client/field-lookups";
import type { ListFilter } from "../../src/contract/filter";
import { vpcEndpoints, type Vpc } from "../../src/contract/vpcs";
import { useEmulator } from "../support/emulator";

const t = useEmulator();

const listVpcs = (sent: ListFilter[]) => (filter: ListFilter) => {
  sent.push(filter);
  return collect(t.client.each(vpcEndpoints.listVpcs, { filter }));
};
const makeVpc = (label: string) =>
  t.client.api.createVpc({ body: { label, region: "us-iad", subnets: [] } as never });

it("asks many labels in one request, and each caller gets the record holding its label", async () => {
  await Promise.all(["net-a", "net-b", "net-c"].map(makeVpc));
  await t.control.clearRequests();
  const sent: ListFilter[] = [];
  const labels = ["net-a", "net-b", "net-c", "net-free", "net-a"];
  const found = await Promise.all(
    labels.map((label) => lookUpBy<Vpc>(t.client.account, "Vpc", "label", label, listVpcs(sent))),
  );
  expect(found.map((records) => records.map((v) => v.label))).toEqual([
    ["net-a"],
    ["net-b"],
    ["net-c"],
    [],
    ["net-a"],
  ]);
  expect(sent).toHaveLength(1);
  expect(sent[0]!["+or"]).toHaveLength(4);
  expect((await t.control.requests()).filter((r) => r.path === "/vpcs")).toHaveLength(1);
});

it("sends one value as a plain filter, and lookups asked apart in time as requests of their own", async () => {
  const sent: ListFilter[] = [];
  await lookUpBy<Vpc>(t.client.account, "Vpc", "label", "one", listVpcs(sent));
  await lookUpBy<Vpc>(t.client.account, "Vpc", "label", "two", listVpcs(sent));
  expect(sent).toEqual([{ label: "one" }, { label: "two" }]);
});

it("asks at most 25 values a request", async () => {
  const sent: ListFilter[] = [];
  const labels = Array.from({ length: 60 }, (_, i) => `many-${i}`);
  await Promise.all(labels.map((l) => lookUpBy<Vpc>(t.client.account, "Vpc", "label", l, listVpcs(sent))));
  expect(sent.map((f) => f["+or"]?.length)).toEqual([25, 25, 10]);
});

it("keeps lists and accounts apart", async () => {
  const sent: ListFilter[] = [];
  await Promise.all([
    lookUpBy<Vpc>(t.client.account, "Vpc", "label", "x", listVpcs(sent)),
    lookUpBy<Vpc>("another account", "Vpc", "label", "y", listVpcs(sent)),
    lookUpBy<Vpc>(t.client.account, "Subnet of 1", "label", "z", listVpcs(sent)),
  ]);
  expect(sent).toHaveLength(3);
});

it("fails the callers of a failed request, and no one else", async () => {
  const failing = () => Promise.reject(new Error("list failed"));
  const [a, b] = await Promise.allSettled([
    lookUpBy<Vpc>(t.client.account, "Vpc", "label", "p", failing),
    lookUpBy<Vpc>(t.client.account, "Vpc", "label", "q", failing),
  ]);
  expect(a.status).toBe("rejected");
  expect(b.status).toBe("rejected");
  await expect(lookUpBy<Vpc>(t.client.account, "Vpc", "label", "r", listVpcs([]))).resolves.toEqual([]);
});
