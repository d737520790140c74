/** X-Filter on list endpoints, through our client (and raw HTTP for what a client would not send). */
import { collect } from "../../../src/client";
import {
  endpoints,
  imageEndpoints,
  instanceEndpoints,
  typeEndpoints,
  vpcEndpoints,
  type Endpoint,
  type ListFilter,
} from "../../../src/contract";
import { apiError, useEmulator } from "../../support/emulator";

const t = useEmulator();

const types = async (filter: ListFilter) => (await t.client.api.listTypes({ filter })).data;
const typeIds = async (filter: ListFilter) => (await types(filter)).map((x) => x.id);

/** A GET below /v4 with the owner's token and a raw `X-Filter` header. */
async function rawList(path: string, filter: string) {
  const res = await fetch(`${t.emulator.url}${path}`, {
    headers: { Authorization: `Bearer ${t.emulator.token}`, "X-Filter": filter },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const filterError = (reason: string | RegExp) => ({
  errors: [
    { reason: typeof reason === "string" ? reason : expect.stringMatching(reason), field: "X-Filter" },
  ],
});

describe("the contract", () => {
  const isList = (e: Endpoint) =>
    ["data", "page", "pages", "results"].every((k) => k in ((e.response as { shape?: object }).shape ?? {}));
  const all = Object.values(endpoints) as Endpoint[];

  it("declares the filterable fields of every list endpoint, and only of list endpoints", () => {
    expect(all.filter((e) => isList(e) && !e.filterable).map((e) => e.name)).toEqual([]);
    expect(all.filter((e) => !isList(e) && e.filterable).map((e) => e.name)).toEqual([]);
  });
});

describe("field values", () => {
  it("a label filter on images returns only that image (not all 11)", async () => {
    const all = await t.client.api.listImages();
    expect(all.results).toBe(11);
    const one = await t.client.api.listImages({ filter: { label: "Debian 12" } });
    expect(one).toMatchObject({ results: 1, pages: 1, data: [{ id: "compute/debian12" }] });
    const each = await collect(t.client.each(imageEndpoints.listImages, { filter: { vendor: "Ubuntu" } }));
    expect(each.map((i) => i.id)).toEqual([
      "compute/ubuntu20.04",
      "compute/ubuntu22.04",
      "compute/ubuntu24.04",
    ]);
  });

  it("ANDs several keys, matches numbers and booleans by value", async () => {
    expect(await typeIds({ class: "standard", vcpus: 2 })).toEqual(["g6-standard-2"]);
    expect((await types({ vcpus: 1 })).every((x) => x.vcpus === 1)).toBe(true);
    const deprecated = await t.client.api.listImages({ filter: { deprecated: true } });
    expect(deprecated.data.map((i) => i.id)).toEqual(["compute/centos7"]);
    expect(await typeIds({ class: "no-such-class" })).toEqual([]);
  });

  it("matches a field holding an array when one element matches (instance tags)", async () => {
    const body = { region: "us-iad", type: "g6-nanode-1" };
    const a = await t.client.api.createInstance({ body: { ...body, label: "web-1", tags: ["web", "prod"] } });
    await t.client.api.createInstance({ body: { ...body, label: "db-1", tags: ["data", "prod"] } });
    const web = await t.client.api.listInstances({ filter: { tags: "web" } });
    expect(web.data.map((i) => i.id)).toEqual([a.id]);
    expect((await t.client.api.listInstances({ filter: { tags: "prod" } })).results).toBe(2);
    const notWeb = await t.client.api.listInstances({ filter: { tags: { "+neq": "web" } } });
    expect(notWeb.data.map((i) => i.label)).toEqual(["db-1"]);
  });
});

describe("operators", () => {
  it("+gt, +gte, +lt and +lte compare numbers", async () => {
    const all = await types({});
    const memory = (pick: (m: number) => boolean) => all.filter((x) => pick(x.memory)).map((x) => x.id);
    expect(await typeIds({ memory: { "+gt": 4096 } })).toEqual(memory((m) => m > 4096));
    expect(await typeIds({ memory: { "+gte": 4096 } })).toEqual(memory((m) => m >= 4096));
    expect(await typeIds({ memory: { "+lt": 4096 } })).toEqual(memory((m) => m < 4096));
    expect(await typeIds({ memory: { "+lte": 4096 } })).toEqual(memory((m) => m <= 4096));
    expect(await typeIds({ memory: { "+gte": 2048, "+lte": 4096 } })).toEqual(
      memory((m) => m >= 2048 && m <= 4096),
    );
  });

  it("compares date-times given as strings, with or without a zone", async () => {
    const vpc = await t.client.api.createVpc({ body: { label: "dated", region: "us-iad" } });
    const since = (created: string) =>
      t.client.api.listVpcs({ filter: { created: { "+gte": created } } }).then((l) => l.results);
    expect(await since(vpc.created)).toBe(1);
    expect(await since(`${vpc.created}Z`)).toBe(1);
    expect(await since(`${vpc.created}.000Z`)).toBe(1);
    expect(await since("2999-01-01T00:00:00")).toBe(0);
  });

  it("+contains finds a substring, +neq excludes a value", async () => {
    const labels = async (filter: ListFilter) =>
      (await t.client.api.listImages({ filter })).data.map((i) => i.label);
    expect(await labels({ label: { "+contains": "LTS" } })).toEqual([
      "Ubuntu 20.04 LTS",
      "Ubuntu 22.04 LTS",
      "Ubuntu 24.04 LTS",
    ]);
    expect(await typeIds({ class: { "+neq": "standard" } })).toEqual(
      (await types({})).filter((x) => x.class !== "standard").map((x) => x.id),
    );
  });

  it("+or takes filter objects (any true) and, under a field, values or conditions", async () => {
    const expected = (await types({})).filter((x) => x.class === "nanode" || x.vcpus >= 32).map((x) => x.id);
    expect(await typeIds({ "+or": [{ class: "nanode" }, { vcpus: { "+gte": 32 } }] })).toEqual(expected);
    expect(await typeIds({ class: { "+or": ["nanode", "gpu"] } })).toEqual(
      (await types({})).filter((x) => x.class === "nanode" || x.class === "gpu").map((x) => x.id),
    );
  });

  it("+and takes filter objects (all true), nesting with +or", async () => {
    const filter: ListFilter = {
      "+and": [{ "+or": [{ class: "standard" }, { class: "dedicated" }] }, { memory: { "+lte": 8192 } }],
    };
    expect(await typeIds(filter)).toEqual(
      (await types({}))
        .filter((x) => (x.class === "standard" || x.class === "dedicated") && x.memory <= 8192)
        .map((x) => x.id),
    );
  });
});

describe("order", () => {
  it("+order_by sorts ascending by default, +order desc reverses", async () => {
    const asc = await types({ "+order_by": "memory" });
    expect(asc.map((x) => x.memory)).toEqual([...asc.map((x) => x.memory)].sort((a, b) => a - b));
    const desc = await types({ "+order_by": "memory", "+order": "desc" });
    expect(desc.map((x) => x.memory)).toEqual([...desc.map((x) => x.memory)].sort((a, b) => b - a));
    const labels = (await t.client.api.listImages({ filter: { "+order_by": "label" } })).data.map(
      (i) => i.label,
    );
    expect(labels).toEqual([...labels].sort());
  });

  it("needs a filterable field, not image status, and asc or desc", async () => {
    const ordered = (filter: ListFilter) => apiError(t.client.api.listTypes({ filter }), 400);
    expect((await ordered({ "+order_by": "price" })).errors).toEqual([
      { reason: "Cannot order by price", field: "X-Filter" },
    ]);
    expect((await ordered({ "+order_by": "memory", "+order": "up" as "asc" })).errors).toEqual([
      { reason: '+order must be "asc" or "desc"', field: "X-Filter" },
    ]);
    const status = await apiError(t.client.api.listImages({ filter: { "+order_by": "status" } }), 400);
    expect(status.errors).toEqual([{ reason: "Cannot order by status", field: "X-Filter" }]);
    const available = await t.client.api.listImages({ filter: { status: "available" } });
    expect(available.results).toBe(11);
  });
});

describe("nested keys", () => {
  it("a dotted key reaches into a nested object (event entity)", async () => {
    const a = await t.client.api.createVpc({ body: { label: "net-a", region: "us-iad" } });
    await t.client.api.createVpc({ body: { label: "net-b", region: "us-iad" } });
    const events = await t.client.api.listEvents({ filter: { "entity.type": "vpc", "entity.id": a.id } });
    expect(events.data.map((e) => [e.action, e.entity?.id])).toEqual([["vpc_create", a.id]]);
    const err = await apiError(t.client.api.listEvents({ filter: { "entity.label": "net-a" } }), 400);
    expect(err.errors).toEqual([{ reason: "Cannot filter on entity.label", field: "X-Filter" }]);
  });
});

describe("refusals", () => {
  it("answers 400 Cannot filter on <key> for a field the list cannot filter on, even an empty list", async () => {
    for (const [call, key] of [
      [() => t.client.api.listTypes({ filter: { id: "g6-nanode-1" } }), "id"],
      [() => t.client.api.listRegions({ filter: { id: "us-iad" } }), "id"],
      [() => t.client.api.listVpcs({ filter: { description: "x" } }), "description"],
      [() => t.client.api.listImages({ filter: { "+or": [{ label: "a" }, { foo: 1 }] } }), "foo"],
    ] as const) {
      const err = await apiError(call(), 400);
      expect(err.errors).toEqual([{ reason: `Cannot filter on ${key}`, field: "X-Filter" }]);
    }
  });

  it("answers 400 naming X-Filter for malformed JSON, a non-object, unknown operators and bad operands", async () => {
    const cases: [string, string | RegExp][] = [
      ["{not json", "X-Filter is not valid JSON"],
      ['["label"]', "X-Filter must be a JSON object"],
      ["null", "X-Filter must be a JSON object"],
      ['{"label": {"+like": "x"}}', /\+like/],
      ['{"+gt": 3}', /\+gt/],
      ['{"label": ["a", "b"]}', /label/],
      ['{"size": {"+gt": true}}', /\+gt/],
      ['{"+or": {"label": "a"}}', /\+or/],
    ];
    for (const [header, reason] of cases) {
      expect(await rawList("/images", header)).toEqual({ status: 400, body: filterError(reason) });
    }
  });

  it("refuses a filter nested too deeply instead of failing", async () => {
    let filter: ListFilter = { label: "x" };
    for (let i = 0; i < 200; i++) filter = { "+and": [filter] };
    expect(await rawList("/images", JSON.stringify(filter))).toEqual({
      status: 400,
      body: filterError(/too deeply/),
    });
  });

  it("is not read on endpoints that are not lists", async () => {
    const res = await rawList("/profile", "{not json");
    expect(res.status).toBe(200);
  });
});

describe("pagination", () => {
  it("pages the filtered list: results, pages and items are those of the matches", async () => {
    for (let i = 0; i < 40; i++) {
      const region = i % 4 === 3 ? "us-ord" : "us-iad";
      await t.client.api.createVpc({ body: { label: `net-${String(i).padStart(2, "0")}`, region } });
    }
    const filter: ListFilter = { region: "us-iad", "+order_by": "label", "+order": "desc" };
    const first = await t.client.api.listVpcs({ filter, query: { page_size: 25 } });
    expect(first).toMatchObject({ page: 1, pages: 2, results: 30 });
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.label).toBe("net-38");
    const second = await t.client.api.listVpcs({ filter, query: { page: 2, page_size: 25 } });
    expect(second).toMatchObject({ page: 2, pages: 2, results: 30 });
    expect(second.data.map((v) => v.label)).toEqual(["net-05", "net-04", "net-02", "net-01", "net-00"]);
    const every = await collect(
      t.client.each(vpcEndpoints.listVpcs, { filter: { region: "us-ord" }, query: { page_size: 25 } }),
    );
    expect(every).toHaveLength(10);
    expect(every.every((v) => v.region === "us-ord")).toBe(true);
  });

  it("keeps the envelope when nothing matches", async () => {
    await expect(t.client.api.listInstances({ filter: { label: "none" } })).resolves.toEqual({
      data: [],
      page: 1,
      pages: 1,
      results: 0,
    });
    expect(instanceEndpoints.listInstances.filterable).toContain("label");
    expect(typeEndpoints.listTypes.filterable).not.toContain("id");
  });
});
