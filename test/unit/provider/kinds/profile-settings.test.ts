/**
 * ProfileSettings: check (fields named), diff (settings left out are not managed), outputs, create
 * that adopts the profile, update with one PUT, delete that leaves the profile, a token of another
 * user.
 */
import { diffInputs } from "../../../../src/provider/core/diff";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { profileSettingsSpec } from "../../../../src/provider/kinds/profile-settings";
import { useEmulator } from "../../../support/emulator";
import { expectOutputsRoundTrip, useProviderSettings } from "../../../support/provider";
import { publicKeyLine } from "../../../support/ssh-keys";
import { writeLines } from "../../../support/writes";

const t = useEmulator();
useProviderSettings(t);

const provider = makeProvider(profileSettingsSpec);
const profile = () => t.client.api.getProfile();

describe("check", () => {
  it("names the failing properties", async () => {
    const { failures = [] } = await provider.check!(
      {},
      { email: "nope", timezone: "Mars/Olympus", lishAuthMethod: "always", authorizedKeys: ["x"] },
    );
    expect(failures.map((f) => f.reason.split(":")[0])).toEqual([
      "email",
      "timezone",
      "lishAuthMethod",
      "authorizedKeys[0]",
    ]);
    expect(failures[2]!.reason).toBe("lishAuthMethod: must be one of password_keys, keys_only, disabled");
  });
});

describe("diff", () => {
  const olds = {
    email: "a@b.test",
    timezone: "Etc/UTC",
    emailNotifications: true,
    lishAuthMethod: "password_keys",
    authorizedKeys: [],
    username: "owner",
    uid: 1,
  };
  it("ignores settings the program leaves out, and changes given ones in place", () => {
    expect(diffInputs(profileSettingsSpec, olds, {})).toMatchObject({ changes: false });
    expect(diffInputs(profileSettingsSpec, olds, { timezone: "Europe/Paris" })).toMatchObject({
      changes: true,
      replaces: [],
      changed: ["timezone"],
    });
  });
});

describe("the provider", () => {
  it("outputs every setting and the username, the same from create and read", async () => {
    const { id, outs } = await expectOutputsRoundTrip(profileSettingsSpec, {
      email: "ops@example.test",
      timezone: "Europe/Paris",
      emailNotifications: false,
      lishAuthMethod: "keys_only",
      authorizedKeys: [publicKeyLine()],
    });
    const { username, uid } = await profile();
    expect(id).toBe(username);
    expect(outs).toMatchObject({ username, uid });
  });

  it("adopts the profile, PUTs only what is given, and leaves the profile on delete", async () => {
    await t.control.clearRequests();
    const { id, outs } = await provider.create({ timezone: "Asia/Tokyo" });
    expect(outs).toMatchObject({ timezone: "Asia/Tokyo", lishAuthMethod: "password_keys" });
    expect(await writeLines(t.control)).toEqual(["PUT /profile"]);
    const { outs: after } = await provider.update!(id, outs, {
      timezone: "Etc/UTC",
      emailNotifications: false,
    });
    expect(after).toMatchObject({ timezone: "Etc/UTC", emailNotifications: false });
    await provider.delete!(id, after);
    expect(await writeLines(t.control)).toEqual(["PUT /profile", "PUT /profile"]);
    expect(await profile()).toMatchObject({ timezone: "Etc/UTC", email_notifications: false });
  });

  it("creates with nothing given by reading the profile only", async () => {
    await t.control.clearRequests();
    const { id } = await provider.create({});
    expect(id).toBe((await profile()).username);
    expect(await writeLines(t.control)).toEqual([]);
  });

  it("reads a profile of another user (the token changed) as gone", async () => {
    const { id, outs } = await provider.create({});
    expect(await provider.read!(`${id}-before`, outs)).toEqual({ id: "" });
  });
});
