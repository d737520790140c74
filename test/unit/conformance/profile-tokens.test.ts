/** Personal access tokens against the running emulator, through our client: one test per rule. */
import { profileTokenEndpoints } from "../../../src/contract";
import { apiError, badRequest, useEmulator } from "../../support/emulator";
import { expectScopes } from "../../support/scopes";

const t = useEmulator();
const HOUR = 60 * 60_000;

/** The emulator's time `ms` from now, as the API writes date-times. */
async function fromNow(ms: number): Promise<string> {
  const { now } = await t.control.clock();
  return new Date(Date.parse(`${now}Z`) + ms).toISOString().slice(0, 19);
}

const create = (body: { label?: string; scopes?: string; expiry?: string | null } = {}) =>
  t.client.api.createProfileToken({ body: { label: "ci", ...body } });

describe("scopes of the endpoints", () => {
  it("reads need account:read_only, writes account:read_write; a missing scope is 401", async () => {
    await expectScopes(t, profileTokenEndpoints, {
      listProfileTokens: "account:read_only",
      createProfileToken: "account:read_write",
      getProfileToken: "account:read_only",
      updateProfileToken: "account:read_write",
      deleteProfileToken: "account:read_write",
    });
  });
});

describe("token values", () => {
  it("are whole only in the create answer; lists and reads show the first 16 characters", async () => {
    const created = await create();
    expect(created.token).toMatch(/^[0-9a-f]{64}$/);
    const read = await t.client.api.getProfileToken({ params: { tokenId: created.id } });
    expect(read.token).toBe(created.token.slice(0, 16));
    const { data } = await t.client.api.listProfileTokens();
    expect(data.find((tk) => tk.id === created.id)!.token).toBe(created.token.slice(0, 16));
    expect(data.every((tk) => tk.token.length === 16)).toBe(true);
    await expect(t.clientFor(created.token).api.getProfile()).resolves.toMatchObject({ username: "owner" });
  });

  it("lists only the acting user's tokens and hides other users' tokens (404)", async () => {
    const other = await t.control.seedUser({ username: "other" });
    const theirs = await t.clientFor(other.token).api.createProfileToken({ body: { label: "theirs" } });
    const { data } = await t.client.api.listProfileTokens();
    expect(data.map((tk) => tk.label)).not.toContain("theirs");
    const params = { tokenId: theirs.id };
    await apiError(t.client.api.getProfileToken({ params }), 404);
    await apiError(t.client.api.updateProfileToken({ params, body: { label: "x" } }), 404);
    await apiError(t.client.api.deleteProfileToken({ params }), 404);
  });
});

describe("scopes of new tokens", () => {
  it("may not exceed the creating token's scopes; read_write covers read_only", async () => {
    const { token } = await t.control.seedUser({ username: "u", scopes: "account:read_write vpc:read_only" });
    const client = t.clientFor(token);
    await badRequest(
      client.api.createProfileToken({ body: { label: "a", scopes: "vpc:read_write" } }),
      "scopes",
      /may not exceed/,
    );
    await badRequest(client.api.createProfileToken({ body: { label: "a", scopes: "*" } }), "scopes");
    const narrow = await client.api.createProfileToken({
      body: { label: "a", scopes: "account:read_only vpc:read_only" },
    });
    expect(narrow.scopes).toBe("account:read_only vpc:read_only");
  });

  it("are the creator's when omitted, and * only from a * token", async () => {
    const { token } = await t.control.seedUser({ username: "u", scopes: "account:read_write" });
    const inherited = await t.clientFor(token).api.createProfileToken({ body: { label: "a" } });
    expect(inherited.scopes).toBe("account:read_write");
    await expect(create({ scopes: "*" })).resolves.toMatchObject({ scopes: "*" });
    await expect(create()).resolves.toMatchObject({ scopes: "*" });
  });

  it("are enforced on the new token", async () => {
    const created = await create({ scopes: "vpc:read_only" });
    const client = t.clientFor(created.token);
    await expect(client.api.listVpcs()).resolves.toMatchObject({ results: 0 });
    await apiError(client.api.listProfileTokens(), 401);
  });

  it.each(["", "vpc", "vpc:write", "vpc:read_only,ips:read_only", "nothing:read_only"])(
    "rejects the malformed scope list %j",
    async (scopes) => {
      await badRequest(create({ scopes }), "scopes");
    },
  );
});

describe("labels", () => {
  it("are 1..100 characters on create and update", async () => {
    await badRequest(create({ label: "" }), "label", /1\.\.100/);
    await badRequest(create({ label: "l".repeat(101) }), "label", /1\.\.100/);
    const created = await create({ label: "l".repeat(100) });
    await badRequest(
      t.client.api.updateProfileToken({ params: { tokenId: created.id }, body: { label: "" } }),
      "label",
    );
  });

  it("are named after the token's ID when omitted", async () => {
    const created = await t.client.api.createProfileToken({ body: {} });
    expect(created.label).toBe(`token-${created.id}`);
  });

  it("are all a PUT changes: scopes and expiry stay as created", async () => {
    const expiry = await fromNow(24 * HOUR);
    const created = await create({ scopes: "vpc:read_only", expiry });
    const updated = await t.client.api.updateProfileToken({
      params: { tokenId: created.id },
      body: { label: "renamed", scopes: "*", expiry: null } as never,
    });
    expect(updated).toMatchObject({ label: "renamed", scopes: "vpc:read_only", expiry });
  });
});

describe("expiry", () => {
  it("is honoured on the emulator clock: an expired token gets 401", async () => {
    const created = await create({ expiry: await fromNow(HOUR) });
    const client = t.clientFor(created.token);
    await expect(client.api.getProfile()).resolves.toMatchObject({ uid: expect.any(Number) });
    await t.control.clock({ advance_ms: HOUR + 1000 });
    const err = await apiError(client.api.getProfile(), 401);
    expect(err.errors).toEqual([{ reason: "Invalid Token" }]);
  });

  it("must be in the future and a date-time", async () => {
    await badRequest(create({ expiry: await fromNow(-1000) }), "expiry", /future/);
    await badRequest(create({ expiry: "tomorrow" }), "expiry");
    await expect(create({ expiry: null })).resolves.toMatchObject({ expiry: null });
  });
});

describe("revocation", () => {
  it("is immediate: the revoked token gets 401 on its next call", async () => {
    const created = await create();
    const client = t.clientFor(created.token);
    await client.api.getProfile();
    await expect(t.client.api.deleteProfileToken({ params: { tokenId: created.id } })).resolves.toEqual({});
    await apiError(client.api.getProfile(), 401);
    await apiError(t.client.api.getProfileToken({ params: { tokenId: created.id } }), 404);
  });

  it("may revoke the token used for the call", async () => {
    const created = await create();
    const client = t.clientFor(created.token);
    await expect(client.api.deleteProfileToken({ params: { tokenId: created.id } })).resolves.toEqual({});
    await apiError(client.api.listProfileTokens(), 401);
  });
});

describe("events", () => {
  it("records token_create, token_update and token_delete", async () => {
    const created = await create();
    await t.client.api.updateProfileToken({ params: { tokenId: created.id }, body: { label: "b" } });
    await t.client.api.deleteProfileToken({ params: { tokenId: created.id } });
    const events = await t.control.events({ entity_type: "token" });
    expect(events.map((e) => e.action)).toEqual(["token_create", "token_update", "token_delete"]);
    expect(events[0]!.entity).toMatchObject({ id: created.id, url: `/v4/profile/tokens/${created.id}` });
  });
});
