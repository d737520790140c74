/** Authorized apps, trusted devices and logins (seeded for the owner) against the running emulator. */
import { profileSessionEndpoints } from "../../../src/contract";
import { apiError, useEmulator } from "../../support/emulator";
import { expectScopes } from "../../support/scopes";

const t = useEmulator();
const DAY = 24 * 60 * 60_000;

describe("scopes of the endpoints", () => {
  it("reads need account:read_only, deletes account:read_write", async () => {
    await expectScopes(t, profileSessionEndpoints, {
      listProfileApps: "account:read_only",
      getProfileApp: "account:read_only",
      deleteProfileApp: "account:read_write",
      listTrustedDevices: "account:read_only",
      getTrustedDevice: "account:read_only",
      deleteTrustedDevice: "account:read_write",
      listProfileLogins: "account:read_only",
      getProfileLogin: "account:read_only",
    });
  });
});

describe("authorized apps", () => {
  it("are seeded for the owner and read one by one", async () => {
    const apps = await t.client.api.listProfileApps();
    expect(apps).toMatchObject({ page: 1, pages: 1, results: 2 });
    const [never, expiring] = apps.data;
    expect(never).toMatchObject({
      label: "Uptime Board",
      expiry: null,
      website: expect.stringMatching(/^https:/),
    });
    expect(expiring!.expiry).not.toBeNull();
    await expect(t.client.api.getProfileApp({ params: { appId: never!.id } })).resolves.toEqual(never);
  });

  it("are deleted (the access expires) and then not found", async () => {
    const [app] = (await t.client.api.listProfileApps()).data;
    await expect(t.client.api.deleteProfileApp({ params: { appId: app!.id } })).resolves.toEqual({});
    await apiError(t.client.api.getProfileApp({ params: { appId: app!.id } }), 404);
    await expect(t.client.api.listProfileApps()).resolves.toMatchObject({ results: 1 });
  });

  it("drop out once their access expires on the emulator clock", async () => {
    const [, expiring] = (await t.client.api.listProfileApps()).data;
    const { now } = await t.control.clock();
    await t.control.clock({ advance_ms: Date.parse(`${expiring!.expiry}Z`) - Date.parse(`${now}Z`) + 1000 });
    const { data } = await t.client.api.listProfileApps();
    expect(data.map((a) => a.label)).toEqual(["Uptime Board"]);
    await apiError(t.client.api.getProfileApp({ params: { appId: expiring!.id } }), 404);
  });
});

describe("trusted devices", () => {
  it("are seeded with 30-day sessions, read one by one and deleted", async () => {
    const { data } = await t.client.api.listTrustedDevices();
    expect(data).toHaveLength(2);
    for (const d of data) {
      expect(Date.parse(`${d.expiry}Z`) - Date.parse(`${d.created}Z`)).toBe(30 * DAY);
      expect(d.last_authenticated >= d.created).toBe(true);
    }
    const [device] = data;
    await expect(t.client.api.getTrustedDevice({ params: { deviceId: device!.id } })).resolves.toEqual(
      device,
    );
    await expect(t.client.api.deleteTrustedDevice({ params: { deviceId: device!.id } })).resolves.toEqual({});
    await apiError(t.client.api.getTrustedDevice({ params: { deviceId: device!.id } }), 404);
    await expect(t.client.api.listTrustedDevices()).resolves.toMatchObject({ results: 1 });
  });

  it("drop out when their session ends", async () => {
    const { data } = await t.client.api.listTrustedDevices();
    const first = [...data].sort((a, b) => a.expiry.localeCompare(b.expiry))[0]!;
    const { now } = await t.control.clock();
    await t.control.clock({ advance_ms: Date.parse(`${first.expiry}Z`) - Date.parse(`${now}Z`) + 1000 });
    const left = await t.client.api.listTrustedDevices();
    expect(left.data.map((d) => d.id)).toEqual(data.filter((d) => d.id !== first.id).map((d) => d.id));
  });
});

describe("logins", () => {
  it("cover the last 90 days only", async () => {
    const { data } = await t.client.api.listProfileLogins();
    expect(data).toHaveLength(3);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      datetime: expect.any(String),
      ip: expect.any(String),
      restricted: false,
      status: "successful",
      username: "owner",
    });
    const { now } = await t.control.clock();
    const since = new Date(Date.parse(`${now}Z`) - 90 * DAY).toISOString().slice(0, 19);
    expect(data.every((l) => l.datetime >= since)).toBe(true);
    // The seeded login of 120 days ago is outside the history.
    await apiError(t.client.api.getProfileLogin({ params: { loginId: data[0]!.id - 1 } }), 404);
    await expect(t.client.api.getProfileLogin({ params: { loginId: data[0]!.id } })).resolves.toEqual(
      data[0],
    );
  });

  it("age out as the emulator clock moves", async () => {
    const before = (await t.client.api.listProfileLogins()).data;
    await t.control.clock({ advance_ms: 50 * DAY });
    const after = (await t.client.api.listProfileLogins()).data;
    expect(after.map((l) => l.id)).toEqual(before.slice(1).map((l) => l.id));
    await apiError(t.client.api.getProfileLogin({ params: { loginId: before[0]!.id } }), 404);
  });
});

describe("other users", () => {
  it("see none of the owner's apps, devices and logins", async () => {
    const [app] = (await t.client.api.listProfileApps()).data;
    const [device] = (await t.client.api.listTrustedDevices()).data;
    const { token } = await t.control.seedUser({ username: "other" });
    const client = t.clientFor(token);
    await expect(client.api.listProfileApps()).resolves.toMatchObject({ results: 0 });
    await expect(client.api.listTrustedDevices()).resolves.toMatchObject({ results: 0 });
    await expect(client.api.listProfileLogins()).resolves.toMatchObject({ results: 0 });
    await apiError(client.api.deleteProfileApp({ params: { appId: app!.id } }), 404);
    await apiError(client.api.deleteTrustedDevice({ params: { deviceId: device!.id } }), 404);
  });
});
