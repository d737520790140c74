/**
 * ProfileSettings through the real engine: up adopts the profile; no-op preview/refresh; settings in
 * place; drift (a managed setting comes back, one left out is never a diff); bad input at preview
 * with no API write; destroy leaves the profile as it is.
 */
import { profileSettingsProgram, type ProfileSettingsShape } from "../../examples/profile-settings";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(180_000);

let shape: ProfileSettingsShape = { name: "me", timezone: "Europe/Paris", emailNotifications: false };

function program(s: ProfileSettingsShape) {
  return async () => ({ username: profileSettingsProgram(s).settings.username });
}

let e: EngineStack;
const profile = () => e.client.api.getProfile();

beforeAll(async () => {
  e = await engineStack("profile-settings");
});
afterAll(async () => {
  await e?.dispose();
});

test("up adopts the token user's profile and sets what is given", async () => {
  e.setProgram(program(shape));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 2 });
  const now = await profile();
  expect(now).toMatchObject({ timezone: "Europe/Paris", email_notifications: false });
  expect(result.outputs.username!.value).toBe(now.username);
});

test("a second preview and a refresh both report no changes", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 2 });
});

test("settings change in place", async () => {
  shape = { ...shape, timezone: "Asia/Tokyo", lishAuthMethod: "keys_only" };
  e.setProgram(program(shape));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await profile()).toMatchObject({ timezone: "Asia/Tokyo", lish_auth_method: "keys_only" });
});

test("a managed setting changed out of band comes back; one left out is never a diff", async () => {
  await e.client.api.updateProfile({ body: { timezone: "Etc/UTC", email: "new@example.test" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await profile()).toMatchObject({ timezone: "Asia/Tokyo", email: "new@example.test" });
  await e.stack.preview({ expectNoChanges: true });
});

test("bad input fails at preview naming the property, and nothing is written to the API", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...shape, timezone: "Mars/Olympus" }));
  await expect(e.stack.preview()).rejects.toThrow(/timezone: must be an IANA time zone name/s);
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(shape));
});

test("destroy leaves the profile as it is", async () => {
  await e.control.clearRequests();
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
  expect(await writes(e.control)).toEqual([]);
  expect(await profile()).toMatchObject({ timezone: "Asia/Tokyo", lish_auth_method: "keys_only" });
});
