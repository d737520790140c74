/** ProfilePreferences: the size limit at check, outputs, the whole object written in place, delete that leaves them. */
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { profilePreferencesSpec } from "../../../../src/provider/kinds/profile-preferences";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { useEmulator } from "../../../support/emulator";
import { expectOutputsRoundTrip, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

const provider = makeProvider(profilePreferencesSpec);
const stored = () => t.client.api.getProfilePreferences();

describe("check", () => {
  it("refuses an object over 65,535 characters, or no object, naming preferences", async () => {
    const big = { notes: "x".repeat(65_535) };
    expect((await provider.check!({}, { preferences: big })).failures).toEqual([
      { property: "preferences", reason: "preferences: must be at most 65535 characters in total" },
    ]);
    expect((await provider.check!({}, { preferences: [1] })).failures).toEqual([
      { property: "preferences", reason: "preferences: must be a JSON object" },
    ]);
    expect((await provider.check!({}, { preferences: { a: UNKNOWN } })).failures).toEqual([]);
  });
});

describe("the provider", () => {
  it("outputs the object and the username, the same from create and read", async () => {
    const { id, outs } = await expectOutputsRoundTrip(profilePreferencesSpec, {
      preferences: { theme: "dark", sort: { instances: ["label", 1, true, null] } },
    });
    expect(id).toBe((await t.client.api.getProfile()).username);
    expect(outs.username).toBe(id);
  });

  it("replaces the whole object in place, and leaves it on delete", async () => {
    await t.client.api.updateProfilePreferences({ body: { before: 1 } });
    const { id, outs } = await provider.create({ preferences: { theme: "dark" } });
    expect(await stored()).toEqual({ theme: "dark" });
    const { outs: after } = await provider.update!(id, outs, { preferences: { theme: "light", size: 2 } });
    expect(after).toMatchObject({ preferences: { theme: "light", size: 2 } });
    await provider.delete!(id, after);
    expect(await stored()).toEqual({ theme: "light", size: 2 });
  });
});
