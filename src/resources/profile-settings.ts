import * as pulumi from "@pulumi/pulumi";
import type { LishAuthMethod } from "../contract/values";
import { PROFILE_SETTINGS_COMPUTED } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

/** Each setting is managed only when given: left out, whatever the profile holds stays and is never a diff. */
export interface ProfileSettingsArgs {
  /** The account email (at most 128 characters). Updated in place. */
  email?: pulumi.Input<string>;
  /** An IANA time zone name, e.g. `Europe/Paris`. Updated in place. */
  timezone?: pulumi.Input<string>;
  /** Whether the API emails notifications of events. Updated in place. */
  emailNotifications?: pulumi.Input<boolean>;
  /** How Lish console logins authenticate: `password_keys`, `keys_only` or `disabled`. Updated in place. */
  lishAuthMethod?: pulumi.Input<string>;
  /** SSH public keys accepted by Lish. Updated in place. */
  authorizedKeys?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * The settings of the token's user profile: one per stack (two would fight). Its ID is the username.
 * Creating it takes the profile over (and sets what is given); deleting it leaves the profile as it
 * is. If the token turns out to belong to another user, a refresh drops it and `up` takes over that
 * user's profile. Every input changes in place, all in one request.
 *
 * ```ts
 * const settings = new compute.ProfileSettings("me", { timezone: "Europe/Paris", lishAuthMethod: "keys_only" });
 * ```
 */
export class ProfileSettings extends pulumi.CustomResource {
  declare readonly email: pulumi.Output<string>;
  declare readonly timezone: pulumi.Output<string>;
  declare readonly emailNotifications: pulumi.Output<boolean>;
  declare readonly lishAuthMethod: pulumi.Output<LishAuthMethod>;
  declare readonly authorizedKeys: pulumi.Output<string[]>;
  declare readonly username: pulumi.Output<string>;
  declare readonly uid: pulumi.Output<number>;

  /**
   * Reads the profile's settings the stack does not manage: the engine reads it from the API, writing
   * nothing, and `destroy` leaves it. `id` is the username.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<ProfileSettingsArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): ProfileSettings {
    return new ProfileSettings(name, ...lookUpArgs<ProfileSettingsArgs>("ProfileSettings", id, state, opts));
  }

  constructor(name: string, args: ProfileSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "ProfileSettings",
          name,
          { ...placeholders(PROFILE_SETTINGS_COMPUTED), ...args },
          opts,
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
