/** The profile, grants and preferences against the running emulator, through our client. */
import { profileEndpoints } from "../../../src/contract";
import { apiError, badRequest, useEmulator } from "../../support/emulator";
import { expectScopes } from "../../support/scopes";
import { publicKeyLine } from "../../support/ssh-keys";

const t = useEmulator();
const update = (body: Record<string, unknown>, client = t.client) =>
  client.api.updateProfile({ body: body as never });

describe("scopes of the endpoints", () => {
  it("view and grants need no scope; preferences and updates need account scopes", async () => {
    await expectScopes(t, profileEndpoints, {
      getProfile: null,
      updateProfile: "account:read_write",
      getProfileGrants: null,
      getProfilePreferences: "account:read_only",
      updateProfilePreferences: "account:read_write",
    });
  });
});

describe("view", () => {
  it("shows the acting user with the defaults of a new profile", async () => {
    const profile = await t.client.api.getProfile();
    expect(profile).toEqual({
      uid: expect.any(Number),
      username: "owner",
      email: "owner@example.com",
      email_notifications: true,
      timezone: "Etc/UTC",
      authentication_type: "password",
      authorized_keys: null,
      lish_auth_method: "password_keys",
      ip_whitelist_enabled: false,
      restricted: false,
      two_factor_auth: false,
      verified_phone_number: null,
      referrals: { code: "", completed: 0, credit: 0, pending: 0, total: 0, url: "" },
    });
    const { token, user_id } = await t.control.seedUser({ username: "limited", restricted: true });
    await expect(t.clientFor(token).api.getProfile()).resolves.toMatchObject({
      uid: user_id,
      username: "limited",
      restricted: true,
    });
  });
});

describe("update", () => {
  it("changes the settings given, and never uid or username", async () => {
    const before = await t.client.api.getProfile();
    const key = publicKeyLine();
    const updated = await update({
      uid: 999,
      username: "someone-else",
      email: "ops@example.org",
      timezone: "America/New_York",
      email_notifications: false,
      lish_auth_method: "keys_only",
      authorized_keys: [key],
    });
    expect(updated).toMatchObject({
      uid: before.uid,
      username: "owner",
      email: "ops@example.org",
      timezone: "America/New_York",
      email_notifications: false,
      lish_auth_method: "keys_only",
      authorized_keys: [key],
    });
    await expect(t.client.api.getProfile()).resolves.toEqual(updated);
  });

  it.each([
    ["email", { email: "not-an-address" }, /valid email/],
    ["timezone", { timezone: "Mars/Olympus_Mons" }, /time zone/],
    ["lish_auth_method", { lish_auth_method: "sometimes" }, /password_keys, keys_only, disabled/],
    ["authorized_keys[0]", { authorized_keys: ["ssh-rsa not-base64!"] }, /SSH public key/],
    ["email_notifications", { email_notifications: "yes" }, /true or false/],
  ])("rejects a bad %s", async (field, body, reason) => {
    await badRequest(update(body), field, reason);
  });

  it("cannot enable ip_whitelist_enabled", async () => {
    await badRequest(update({ ip_whitelist_enabled: true }), "ip_whitelist_enabled", /cannot be enabled/);
    await expect(update({ ip_whitelist_enabled: false })).resolves.toMatchObject({
      ip_whitelist_enabled: false,
    });
  });

  it("cannot re-enable ip_whitelist_enabled once a legacy user disabled it", async () => {
    const { token } = await t.control.seedUser({
      username: "legacy",
      profile: { ip_whitelist_enabled: true },
    });
    const client = t.clientFor(token);
    await expect(update({ ip_whitelist_enabled: true }, client)).resolves.toMatchObject({
      ip_whitelist_enabled: true,
    });
    await expect(update({ ip_whitelist_enabled: false }, client)).resolves.toMatchObject({
      ip_whitelist_enabled: false,
    });
    await badRequest(update({ ip_whitelist_enabled: true }, client), "ip_whitelist_enabled");
  });

  it("accepts restricted and two_factor_auth only with their current values", async () => {
    await expect(update({ restricted: false, two_factor_auth: false })).resolves.toMatchObject({
      restricted: false,
    });
    await badRequest(update({ restricted: true }), "restricted");
    await badRequest(update({ two_factor_auth: true }), "two_factor_auth", /tfa-enable/);
  });

  it("refuses password_keys for Lish under third-party authentication", async () => {
    const { token } = await t.control.seedUser({
      username: "gh",
      profile: { authentication_type: "github" },
    });
    const client = t.clientFor(token);
    await badRequest(update({ lish_auth_method: "password_keys" }, client), "lish_auth_method");
    await expect(update({ lish_auth_method: "keys_only" }, client)).resolves.toMatchObject({
      authentication_type: "github",
      lish_auth_method: "keys_only",
    });
  });

  it("names every refused field at once and changes nothing", async () => {
    const err = await apiError(
      update({ timezone: "Europe/Paris", restricted: true, ip_whitelist_enabled: true }),
      400,
    );
    expect(err.errors.map((e) => e.field).sort()).toEqual(["ip_whitelist_enabled", "restricted"]);
    await expect(t.client.api.getProfile()).resolves.toMatchObject({ timezone: "Etc/UTC" });
  });

  it("records profile_update", async () => {
    const { uid } = await update({ timezone: "Europe/Paris" });
    const events = await t.control.events({ action: "profile_update" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entity: { type: "profile", id: uid, url: "/v4/profile" },
      username: "owner",
    });
  });
});

describe("grants", () => {
  it("answers 204 with no body for an unrestricted user", async () => {
    await t.control.clearRequests();
    await expect(t.client.api.getProfileGrants()).resolves.toBeUndefined();
    expect(await t.control.requests()).toEqual([{ method: "GET", path: "/profile/grants", status: 204 }]);
  });

  it("shows a restricted user its grants, leaving out entities without access", async () => {
    const { token } = await t.control.seedUser({
      username: "r",
      restricted: true,
      scopes: "vpc:read_only",
      grants: {
        global: { add_vpcs: true, account_access: "read_only" },
        vpc: [
          { id: 1, permissions: "read_write", label: "a" },
          { id: 2, permissions: null, label: "b" },
        ],
      } as never,
    });
    const grants = await t.clientFor(token).api.getProfileGrants();
    expect(grants!.global).toMatchObject({ add_vpcs: true, add_images: false, account_access: "read_only" });
    expect(grants!.vpc).toEqual([{ id: 1, permissions: "read_write", label: "a" }]);
    expect(grants!.compute).toEqual([]);
  });

  it("shows a seeded grant given without a label with the entity's label", async () => {
    const vpc = await t.client.api.createVpc({ body: { label: "shared-net", region: "us-iad" } });
    const { token } = await t.control.seedUser({
      username: "r2",
      restricted: true,
      grants: { vpc: [{ id: vpc.id, permissions: "read_only" }] },
    });
    const grants = await t.clientFor(token).api.getProfileGrants();
    expect(grants!.vpc).toEqual([{ id: vpc.id, permissions: "read_only", label: "shared-net" }]);
    await expect(
      t.control.seedUser({
        username: "r3",
        restricted: true,
        grants: { vpc: [{ id: 999, permissions: null }] },
      }),
    ).rejects.toMatchObject({ response: { status: 400 } });
  });
});

describe("preferences", () => {
  it("start empty and are overwritten by each PUT", async () => {
    await expect(t.client.api.getProfilePreferences()).resolves.toEqual({});
    await t.client.api.updateProfilePreferences({ body: { theme: "dark", sort: { by: "label" } } });
    await expect(t.client.api.updateProfilePreferences({ body: { pinned: [1, 2] } })).resolves.toEqual({
      pinned: [1, 2],
    });
    await expect(t.client.api.getProfilePreferences()).resolves.toEqual({ pinned: [1, 2] });
  });

  it("are kept per OAuth client: each token has its own", async () => {
    const second = await t.client.api.createProfileToken({ body: { label: "second" } });
    await t.client.api.updateProfilePreferences({ body: { theme: "dark" } });
    const other = t.clientFor(second.token);
    await expect(other.api.getProfilePreferences()).resolves.toEqual({});
    await other.api.updateProfilePreferences({ body: { theme: "light" } });
    await expect(t.client.api.getProfilePreferences()).resolves.toEqual({ theme: "dark" });
  });

  it("are at most 65,535 characters in total", async () => {
    // {"k":"..."} is the value's length plus 8 characters.
    await expect(
      t.client.api.updateProfilePreferences({ body: { k: "x".repeat(65_535 - 8) } }),
    ).resolves.toBeDefined();
    const err = await apiError(
      t.client.api.updateProfilePreferences({ body: { k: "x".repeat(65_535 - 7) } }),
      400,
    );
    expect(err.errors[0]!.reason).toMatch(/at most 65535 characters/);
    await expect(t.client.api.getProfilePreferences()).resolves.toEqual({ k: "x".repeat(65_535 - 8) });
  });

  it("must be a JSON object", async () => {
    const err = await apiError(t.client.api.updateProfilePreferences({ body: [1, 2] as never }), 400);
    expect(err.errors[0]!.reason).toMatch(/JSON object/);
  });
});
