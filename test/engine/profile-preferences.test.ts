/**
 * ProfilePreferences through the real engine: up; no-op preview/refresh; the object in place; drift;
 * an object over 65,535 characters refused at preview with no API write; destroy leaves them.
 */
import { profilePreferencesProgram } from "../../examples/profile-preferences";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(180_000);

let preferences: Record<string, unknown> = {
  theme: "dark",
  sort: { instances: { key: "label", asc: true } },
};

function program(p: Record<string, unknown>) {
  return async () => ({
    username: profilePreferencesProgram({ name: "prefs", preferences: p }).preferences.username,
  });
}

let e: EngineStack;
const stored = () => e.client.api.getProfilePreferences();

beforeAll(async () => {
  e = await engineStack("profile-preferences");
});
afterAll(async () => {
  await e?.dispose();
});

test("up writes the preferences", async () => {
  e.setProgram(program(preferences));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ create: 2 });
  expect(await stored()).toEqual(preferences);
});

test("a second preview and a refresh both report no changes", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 2 });
});

test("a changed object is written in place, whole", async () => {
  preferences = { theme: "light", pinned: [1, 2] };
  e.setProgram(program(preferences));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await stored()).toEqual(preferences);
});

test("preferences changed out of band show as drift in refresh, and up puts them back", async () => {
  await e.client.api.updateProfilePreferences({ body: { theme: "by hand" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await stored()).toEqual(preferences);
  await e.stack.preview({ expectNoChanges: true });
});

test("an object over 65,535 characters fails at preview naming preferences, with no API write", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ notes: "x".repeat(65_535) }));
  await expect(e.stack.preview()).rejects.toThrow(/preferences: must be at most 65535 characters in total/s);
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(preferences));
});

test("destroy leaves the preferences as they are", async () => {
  await e.control.clearRequests();
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
  expect(await writes(e.control)).toEqual([]);
  expect(await stored()).toEqual(preferences);
});
