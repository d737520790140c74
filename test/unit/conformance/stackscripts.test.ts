/** StackScripts against the running emulator, through our client: one test per rule. */
import { createHash } from "node:crypto";
import { collect } from "../../../src/client";
import { stackScriptEndpoints, type StackScriptCreateRequest } from "../../../src/contract";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
const SCRIPT = "#!/bin/bash\necho hello\n";
const create = (body: Partial<StackScriptCreateRequest> = {}, client = t.client) =>
  client.api.createStackScript({
    body: { label: "my-script", images: ["compute/debian12"], script: SCRIPT, ...body },
  });

describe("record", () => {
  it("answers every field of the record", async () => {
    const created = await create({ description: "desc", rev_note: "first" });
    expect(Object.keys(created).sort()).toEqual(
      [
        "id",
        "username",
        "user_gravatar_id",
        "label",
        "description",
        "ordinal",
        "logo_url",
        "images",
        "deployments_total",
        "deployments_active",
        "is_public",
        "mine",
        "created",
        "updated",
        "rev_note",
        "script",
        "user_defined_fields",
      ].sort(),
    );
    expect(created).toMatchObject({
      username: "owner",
      user_gravatar_id: createHash("md5").update("owner@example.com").digest("hex"),
      label: "my-script",
      description: "desc",
      ordinal: 0,
      logo_url: "",
      images: ["compute/debian12"],
      deployments_total: 0,
      deployments_active: 0,
      is_public: false,
      mine: true,
      rev_note: "first",
      script: SCRIPT,
      user_defined_fields: [],
    });
    await expect(t.client.api.getStackScript({ params: { stackscriptId: created.id } })).resolves.toEqual(
      created,
    );
  });

  it("defaults description and rev_note to empty strings", async () => {
    await expect(create()).resolves.toMatchObject({ description: "", rev_note: "", is_public: false });
  });

  it("parses user-defined fields from <UDF/> tags in the script", async () => {
    const script = [
      "#!/bin/bash",
      '# <UDF name="db_user" label="Database user" example="admin" default="app" />',
      "# <UDF name='size' Label='Size' oneof='small,large' default='small'/>",
      '# <UDF name="extras" label="Extras" manyof="a,b,c">',
      '# <UDF label="no name, ignored" />',
    ].join("\n");
    const created = await create({ script });
    expect(created.user_defined_fields).toEqual([
      { name: "db_user", label: "Database user", example: "admin", default: "app" },
      { name: "size", label: "Size", example: "", oneOf: "small,large", default: "small" },
      { name: "extras", label: "Extras", example: "", manyOf: "a,b,c" },
    ]);
  });
});

describe("visibility and auth", () => {
  it("lists only public StackScripts without a token, with mine false", async () => {
    await create({ label: "private-one" });
    await create({ label: "public-one", is_public: true });
    const listed = await collect(t.anonymous.each(stackScriptEndpoints.listStackScripts));
    expect(listed.map((s) => [s.label, s.mine])).toEqual([["public-one", false]]);
    const mine = await collect(t.client.each(stackScriptEndpoints.listStackScripts));
    expect(mine.map((s) => s.label)).toEqual(["private-one", "public-one"]);
  });

  it("needs a token to view one StackScript", async () => {
    const { id } = await create({ is_public: true });
    await apiError(t.anonymous.api.getStackScript({ params: { stackscriptId: id } }), 401);
  });

  it("needs stackscripts:read_only to read and stackscripts:read_write to write", async () => {
    const { id } = await create();
    const none = await t.control.seedUser({ username: "none", scopes: "images:read_only" });
    await apiError(t.clientFor(none.token).api.listStackScripts(), 401);
    const reader = await t.control.seedUser({ username: "reader", scopes: "stackscripts:read_only" });
    const client = t.clientFor(reader.token);
    await expect(client.api.getStackScript({ params: { stackscriptId: id } })).resolves.toMatchObject({ id });
    await apiError(create({}, client), 401);
    await apiError(
      client.api.updateStackScript({ params: { stackscriptId: id }, body: { label: "abc" } }),
      401,
    );
    await apiError(client.api.deleteStackScript({ params: { stackscriptId: id } }), 401);
  });
});

describe("grants of restricted users", () => {
  it("needs add_stackscripts to create, then grants read_write on the new StackScript", async () => {
    const denied = await t.control.seedUser({ username: "r1", restricted: true });
    await apiError(create({}, t.clientFor(denied.token)), 403);

    const owners = await create({ label: "owners" });
    const allowed = await t.control.seedUser({
      username: "r2",
      restricted: true,
      grants: { global: { add_stackscripts: true } },
    });
    const client = t.clientFor(allowed.token);
    const mine = await create({ label: "mine" }, client);
    expect(mine.username).toBe("r2");
    const listed = await collect(client.each(stackScriptEndpoints.listStackScripts));
    expect(listed.map((s) => s.label)).toEqual(["mine"]);
    await apiError(client.api.getStackScript({ params: { stackscriptId: owners.id } }), 404);
    await expect(
      client.api.updateStackScript({ params: { stackscriptId: mine.id }, body: { label: "mine-2" } }),
    ).resolves.toMatchObject({ label: "mine-2" });
  });

  it("lets a restricted user read public StackScripts but not change them (403)", async () => {
    const pub = await create({ is_public: true });
    const { token } = await t.control.seedUser({ username: "r3", restricted: true });
    const client = t.clientFor(token);
    await expect(client.api.getStackScript({ params: { stackscriptId: pub.id } })).resolves.toMatchObject({
      id: pub.id,
    });
    await apiError(
      client.api.updateStackScript({ params: { stackscriptId: pub.id }, body: { label: "abc" } }),
      403,
    );
  });

  it("answers 403 to a delete with a read_only grant", async () => {
    const priv = await create();
    const { token } = await t.control.seedUser({
      username: "r4",
      restricted: true,
      grants: { stackscript: [{ id: priv.id, permissions: "read_only", label: "my-script" }] } as never,
    });
    await apiError(t.clientFor(token).api.deleteStackScript({ params: { stackscriptId: priv.id } }), 403);
  });
});

describe("limits and required fields", () => {
  it.each([
    ["label", { label: "ab" }, /3\.\.128/],
    ["label", { label: "a".repeat(129) }, /3\.\.128/],
    ["images", { images: [] }, /at least one image/],
    ["images", { images: "compute/debian12" }, /array/],
    ["script", { script: "" }, /script must not be empty/],
  ])("POST rejects %s: %j", async (field, body, reason) => {
    await badRequest(create(body as never), field, reason);
  });

  it.each([["label"], ["images"], ["script"]])("POST requires %s", async (field) => {
    const body: Record<string, unknown> = { label: "abc", images: ["compute/debian12"], script: SCRIPT };
    delete body[field];
    await badRequest(t.client.api.createStackScript({ body: body as never }), field, /is required/);
  });

  it("accepts the label limits themselves", async () => {
    await expect(create({ label: "abc" })).resolves.toMatchObject({ label: "abc" });
    await expect(create({ label: "a".repeat(128) })).resolves.toMatchObject({ label: "a".repeat(128) });
  });
});

describe("images", () => {
  it("accepts any/all, public images and the account's private images", async () => {
    const { image } = await t.client.api.uploadImage({ body: { label: "own", region: "us-iad" } });
    const images = ["any/all", "compute/ubuntu22.04", image.id];
    await expect(create({ images })).resolves.toMatchObject({ images });
  });

  it("rejects every image that does not exist, naming its position", async () => {
    const err = await badRequest(
      create({ images: ["compute/debian12", "compute/nope", "private/999"] }),
      "images[1]",
      /compute\/nope does not exist/,
    );
    expect(err.errors.map((e) => e.field)).toEqual(["images[1]", "images[2]"]);
  });

  it("checks images on update too", async () => {
    const { id } = await create();
    await badRequest(
      t.client.api.updateStackScript({ params: { stackscriptId: id }, body: { images: ["compute/nope"] } }),
      "images[0]",
    );
  });
});

describe("updates", () => {
  it("changes any field given and keeps the others", async () => {
    const { id } = await create({ description: "d" });
    const updated = await t.client.api.updateStackScript({
      params: { stackscriptId: id },
      body: { script: '# <UDF name="x" label="X" />', rev_note: "second" },
    });
    expect(updated).toMatchObject({
      label: "my-script",
      description: "d",
      rev_note: "second",
      user_defined_fields: [{ name: "x", label: "X", example: "" }],
    });
  });

  it("makes a private StackScript public, but never a public one private", async () => {
    const { id } = await create();
    const params = { stackscriptId: id };
    await expect(
      t.client.api.updateStackScript({ params, body: { is_public: true } }),
    ).resolves.toMatchObject({ is_public: true });
    await badRequest(
      t.client.api.updateStackScript({ params, body: { is_public: false } }),
      "is_public",
      /cannot be made private/,
    );
    await expect(t.client.api.getStackScript({ params })).resolves.toMatchObject({ is_public: true });
  });
});

describe("deletes", () => {
  it("deletes a private StackScript and answers {}", async () => {
    const { id } = await create();
    await expect(t.client.api.deleteStackScript({ params: { stackscriptId: id } })).resolves.toEqual({});
    await apiError(t.client.api.getStackScript({ params: { stackscriptId: id } }), 404);
  });

  it("refuses to delete a public StackScript (400)", async () => {
    const { id } = await create({ is_public: true });
    const err = await apiError(t.client.api.deleteStackScript({ params: { stackscriptId: id } }), 400);
    expect(err.errors[0]!.reason).toMatch(/Public StackScripts cannot be deleted/);
    await expect(t.client.api.getStackScript({ params: { stackscriptId: id } })).resolves.toMatchObject({
      id,
    });
  });

  it("answers 404 for a missing or non-integer ID", async () => {
    await apiError(t.client.api.deleteStackScript({ params: { stackscriptId: 999 } }), 404);
    await apiError(t.client.api.getStackScript({ params: { stackscriptId: "abc" as never } }), 404);
  });
});

describe("pagination", () => {
  it("walks pages of page_size", async () => {
    for (let i = 0; i < 27; i++) await create({ label: `script-${i}` });
    const second = await t.client.api.listStackScripts({ query: { page: 2, page_size: 25 } });
    expect(second).toMatchObject({ page: 2, pages: 2, results: 27 });
    expect(second.data.map((s) => s.label)).toEqual(["script-25", "script-26"]);
  });

  it.each([
    ["page", { page: 0 }],
    ["page_size", { page_size: 24 }],
    ["page_size", { page_size: 501 }],
  ])("rejects %s out of range: %j", async (field, query) => {
    await badRequest(t.anonymous.api.listStackScripts({ query: query as never }), field);
  });
});

describe("events", () => {
  it("records create, update, publicize and delete", async () => {
    const a = await create({ label: "aaa" });
    await t.client.api.updateStackScript({ params: { stackscriptId: a.id }, body: { is_public: true } });
    const b = await create({ label: "bbb" });
    await t.client.api.deleteStackScript({ params: { stackscriptId: b.id } });
    const events = await t.control.events({ entity_type: "stackscript" });
    expect(events.map((e) => [e.action, e.entity?.id])).toEqual([
      ["stackscript_create", a.id],
      ["stackscript_update", a.id],
      ["stackscript_publicize", a.id],
      ["stackscript_create", b.id],
      ["stackscript_delete", b.id],
    ]);
    expect(events[0]!.entity).toMatchObject({ url: `/v4/compute/stackscripts/${a.id}`, label: "aaa" });
  });
});
