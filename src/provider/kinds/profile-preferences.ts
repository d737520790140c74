/** ProfilePreferences. API area: profile.
 * The preferences object the API keeps for the token's OAuth client (for a personal access token,
 * the token itself): a singleton whose ID is the username. Create and update PUT the whole object
 * (it replaces what was there); delete leaves the preferences as they are. At most 65,535
 * characters once serialized, checked at preview.
 */
import { z } from "zod";
import { Preferences, Profile } from "../../contract/profile";
import { defineSpec } from "../core/resource-spec";
import { PROFILE_PREFERENCES_COMPUTED } from "../field-lists";

export const ProfilePreferencesInputs = z.object({ preferences: Preferences });
export type ProfilePreferencesInputs = z.infer<typeof ProfilePreferencesInputs>;

interface PreferencesRecord {
  username: string;
  preferences: Preferences;
}

export const profilePreferencesSpec = defineSpec({
  kind: "ProfilePreferences",
  inputs: ProfilePreferencesInputs,
  computed: PROFILE_PREFERENCES_COMPUTED,
  outputs: z.object({ username: Profile.shape.username }),
  keptByUpdate: { username: [] },
  replaceOn: [],
  create: async (client, { preferences }): Promise<PreferencesRecord> => {
    const { username } = await client.api.getProfile();
    return { username, preferences: await client.api.updateProfilePreferences({ body: preferences }) };
  },
  read: async (client, id) => ({ username: id, preferences: await client.api.getProfilePreferences() }),
  update: async (client, id, _olds, { preferences }) => ({
    username: id,
    preferences: await client.api.updateProfilePreferences({ body: preferences }),
  }),
  // Nothing to restore them to: the preferences are left as they are.
  delete: async () => {},
  idOf: (record) => record.username,
  toOutputs: (record: PreferencesRecord) => ({ preferences: record.preferences, username: record.username }),
});
