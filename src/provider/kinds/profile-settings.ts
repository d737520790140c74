/** ProfileSettings. API area: profile.
 * The acting user's profile settings: a singleton whose ID is the username. Create adopts the
 * profile (and PUTs the settings given), update PUTs, delete leaves the profile as it is. Settings
 * the program leaves out are not managed: whatever the API holds for them is never a diff.
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError } from "../../client/errors";
import { bool } from "../../contract/fields";
import { Email, LishAuthMethod, Timezone, Profile, type ProfileUpdateRequest } from "../../contract/profile";
import { sshPublicKey } from "../../contract/profile-ssh-keys";
import { defineSpec } from "../core/resource-spec";
import { PROFILE_SETTINGS_COMPUTED } from "../field-lists";

export const ProfileSettingsInputs = z.object({
  email: Email.optional(),
  timezone: Timezone.optional(),
  emailNotifications: bool("emailNotifications").optional(),
  lishAuthMethod: z
    .enum(LishAuthMethod.options, {
      error: `lishAuthMethod must be one of ${LishAuthMethod.options.join(", ")}`,
    })
    .optional(),
  authorizedKeys: z
    .array(sshPublicKey("authorizedKeys"), { error: "authorizedKeys must be an array of SSH public keys" })
    .optional(),
});
export type ProfileSettingsInputs = z.infer<typeof ProfileSettingsInputs>;

function body(inputs: ProfileSettingsInputs): ProfileUpdateRequest {
  const { email, timezone, emailNotifications, lishAuthMethod, authorizedKeys } = inputs;
  return {
    email,
    timezone,
    email_notifications: emailNotifications,
    lish_auth_method: lishAuthMethod,
    authorized_keys: authorizedKeys,
  };
}

/** PUTs the settings given (a GET when none is), as one request. */
async function apply(client: ComputeClient, inputs: ProfileSettingsInputs): Promise<Profile> {
  const change = Object.fromEntries(Object.entries(body(inputs)).filter(([, v]) => v !== undefined));
  if (Object.keys(change).length === 0) return client.api.getProfile();
  return client.api.updateProfile({ body: change });
}

/** The profile of the token's user; one of another user (the token changed) is not this resource's. */
async function profileOf(client: ComputeClient, username: string): Promise<Profile> {
  const profile = await client.api.getProfile();
  if (profile.username !== username) {
    throw new ComputeApiError(
      404,
      [{ reason: `the token belongs to ${profile.username}, not ${username}` }],
      "GET",
      "/profile",
    );
  }
  return profile;
}

export const profileSettingsSpec = defineSpec({
  kind: "ProfileSettings",
  inputs: ProfileSettingsInputs,
  computed: PROFILE_SETTINGS_COMPUTED,
  outputs: z.object({ username: Profile.shape.username, uid: Profile.shape.uid }),
  keptByUpdate: { username: [], uid: [] },
  // Left out: not managed, so whatever the API holds is not a change.
  apiChosen: ["email", "timezone", "emailNotifications", "lishAuthMethod", "authorizedKeys"],
  replaceOn: [],
  create: (client, inputs) => apply(client, inputs),
  read: (client, id) => profileOf(client, id),
  update: async (client, id, _olds, news) => {
    await profileOf(client, id);
    return apply(client, news);
  },
  // The profile outlives the resource: it is left as it is.
  delete: async () => {},
  idOf: (profile) => profile.username,
  toOutputs: (profile: Profile) => ({
    email: profile.email,
    timezone: profile.timezone,
    emailNotifications: profile.email_notifications,
    lishAuthMethod: profile.lish_auth_method,
    authorizedKeys: profile.authorized_keys ?? [],
    username: profile.username,
    uid: profile.uid,
  }),
});
