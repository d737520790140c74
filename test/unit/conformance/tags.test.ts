/** Tags against the running emulator, through our client: one test per rule. */
import { collect } from "../../../src/client";
import { tagEndpoints } from "../../../src/contract";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const instance = (label: string, tags?: string[]) =>
  t.client.api.createInstance({
    body: { region: "us-iad", type: "g6-nanode-1", label, ...(tags ? { tags } : {}) },
  });
const labels = async () => (await collect(t.client.each(tagEndpoints.listTags))).map((tag) => tag.label);
const tagged = (tagLabel: string) => t.client.api.listTaggedObjects({ params: { tagLabel } });
const tagsOf = async (computeId: number) => (await t.client.api.getInstance({ params: { computeId } })).tags;

describe("auth", () => {
  it("answers 403 to a restricted user on every tag call", async () => {
    await t.client.api.createTag({ body: { label: "prod" } });
    const { token } = await t.control.seedUser({ username: "r1", restricted: true });
    const client = t.clientFor(token);
    await apiError(client.api.listTags(), 403);
    await apiError(client.api.createTag({ body: { label: "web" } }), 403);
    await apiError(client.api.listTaggedObjects({ params: { tagLabel: "prod" } }), 403);
    await apiError(client.api.deleteTag({ params: { tagLabel: "prod" } }), 403);
    expect(await labels()).toEqual(["prod"]);
  });

  it("needs account:read_only to read and account:read_write to write", async () => {
    const { token } = await t.control.seedUser({ username: "reader", scopes: "account:read_only" });
    const reader = t.clientFor(token);
    await expect(reader.api.listTags()).resolves.toMatchObject({ results: 0 });
    await apiError(reader.api.createTag({ body: { label: "web" } }), 401);
    const other = await t.control.seedUser({ username: "other", scopes: "computes:read_write" });
    await apiError(t.clientFor(other.token).api.listTags(), 401);
  });
});

describe("create", () => {
  it.each([
    ["label", {}, /label is required/],
    ["label", { label: "ab" }, /3\.\.50/],
    ["label", { label: "a".repeat(51) }, /3\.\.50/],
    ["computes[0]", { label: "abc", computes: ["x"] }, /integer/],
  ])("rejects %s: %j", async (field, body, reason) => {
    await badRequest(t.client.api.createTag({ body: body as never }), field, reason);
  });

  it("creates a tag and answers {label}; the limits themselves are accepted", async () => {
    await expect(t.client.api.createTag({ body: { label: "abc" } })).resolves.toEqual({ label: "abc" });
    await expect(t.client.api.createTag({ body: { label: "b".repeat(50) } })).resolves.toEqual({
      label: "b".repeat(50),
    });
    expect(await labels()).toEqual(["abc", "b".repeat(50)]);
  });

  it("tags the listed instances", async () => {
    const a = await instance("web-a");
    const b = await instance("web-b", ["old"]);
    await t.client.api.createTag({ body: { label: "web", computes: [a.id, b.id] } });
    expect(await tagsOf(a.id)).toEqual(["web"]);
    expect(await tagsOf(b.id)).toEqual(["old", "web"]);
  });

  it("creates nothing and names every object the user may not write", async () => {
    const a = await instance("web-a");
    const err = await badRequest(
      t.client.api.createTag({
        body: { label: "web", computes: [a.id, 999], domains: [1], nodebalancers: [2], volumes: [3] },
      }),
      "computes[1]",
    );
    expect(err.errors.map((e) => e.field)).toEqual([
      "computes[1]",
      "domains[0]",
      "nodebalancers[0]",
      "volumes[0]",
    ]);
    expect(await labels()).toEqual([]);
    expect(await tagsOf(a.id)).toEqual([]);
  });

  it("is idempotent for an existing label: the listed instances get it, no second tag appears", async () => {
    const a = await instance("web-a");
    await t.client.api.createTag({ body: { label: "web" } });
    await expect(t.client.api.createTag({ body: { label: "web", computes: [a.id] } })).resolves.toEqual({
      label: "web",
    });
    expect(await labels()).toEqual(["web"]);
    expect(await tagsOf(a.id)).toEqual(["web"]);
  });
});

describe("list", () => {
  it("lists explicit tags and tags that instances carry, sorted by label", async () => {
    await t.client.api.createTag({ body: { label: "zeta" } });
    await instance("one", ["beta", "alpha"]);
    const b = await instance("two");
    await t.client.api.updateInstance({ params: { computeId: b.id }, body: { tags: ["gamma"] } });
    expect(await labels()).toEqual(["alpha", "beta", "gamma", "zeta"]);
  });

  it("pages tags, with the paging limits", async () => {
    for (let i = 0; i < 26; i++)
      await t.client.api.createTag({ body: { label: `tag-${String(i).padStart(2, "0")}` } });
    const second = await t.client.api.listTags({ query: { page: 2, page_size: 25 } });
    expect(second).toEqual({ data: [{ label: "tag-25" }], page: 2, pages: 2, results: 26 });
    await badRequest(t.client.api.listTags({ query: { page: 0 } }), "page");
    await badRequest(t.client.api.listTags({ query: { page_size: 501 } }), "page_size");
  });
});

describe("tagged objects", () => {
  it("lists the instances carrying the tag as {type: compute, data: <instance>}", async () => {
    const a = await instance("web-a", ["web"]);
    await instance("db-a", ["database"]);
    const list = await tagged("web");
    expect(list).toMatchObject({ page: 1, pages: 1, results: 1 });
    expect(list.data).toEqual([
      { type: "compute", data: await t.client.api.getInstance({ params: { computeId: a.id } }) },
    ]);
  });

  it("answers an empty list for an explicit tag nobody carries, and 404 for an unknown tag", async () => {
    await t.client.api.createTag({ body: { label: "lonely" } });
    await expect(tagged("lonely")).resolves.toEqual({ data: [], page: 1, pages: 1, results: 0 });
    const err = await apiError(tagged("nope"), 404);
    expect(err.errors).toEqual([{ reason: "Not found" }]);
  });

  it("finds a label with spaces through the encoded path", async () => {
    await instance("web-a", ["front end"]);
    await expect(tagged("front end")).resolves.toMatchObject({ results: 1 });
  });
});

describe("delete", () => {
  it("removes the tag from every instance and deletes it; answers {}", async () => {
    const a = await instance("web-a", ["web", "keep"]);
    const b = await instance("web-b");
    await t.client.api.createTag({ body: { label: "web", computes: [b.id] } });
    await expect(t.client.api.deleteTag({ params: { tagLabel: "web" } })).resolves.toEqual({});
    expect(await tagsOf(a.id)).toEqual(["keep"]);
    expect(await tagsOf(b.id)).toEqual([]);
    expect(await labels()).toEqual(["keep"]);
    await apiError(tagged("web"), 404);
    await apiError(t.client.api.deleteTag({ params: { tagLabel: "web" } }), 404);
  });
});

describe("events", () => {
  it("records tag_create and tag_delete with the label as entity id", async () => {
    await t.client.api.createTag({ body: { label: "web" } });
    await t.client.api.createTag({ body: { label: "web" } });
    await t.client.api.deleteTag({ params: { tagLabel: "web" } });
    const events = await t.control.events({ entity_type: "tag" });
    expect(events.map((e) => [e.action, e.entity?.id])).toEqual([
      ["tag_create", "web"],
      ["tag_delete", "web"],
    ]);
    expect(events[0]!.entity).toMatchObject({ label: "web", url: "/v4/tags/web" });
  });
});
