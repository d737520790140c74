import * as pulumi from "@pulumi/pulumi";
import { PROFILE_PREFERENCES_COMPUTED } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface ProfilePreferencesArgs {
  /** Any JSON object, at most 65,535 characters once serialized (checked at preview). The whole
   * object is written in place: keys it leaves out are removed. */
  preferences: pulumi.Input<Record<string, unknown>>;
}

/**
 * The preferences object the API keeps for the token's OAuth client (a personal access token counts
 * as its own): one per stack. Its ID is the username. Creating it replaces what was there; deleting it
 * leaves the preferences as they are.
 *
 * ```ts
 * new compute.ProfilePreferences("prefs", { preferences: { theme: "dark", sortKeys: { instances: "label" } } });
 * ```
 */
export class ProfilePreferences extends pulumi.CustomResource {
  declare readonly preferences: pulumi.Output<Record<string, unknown>>;
  declare readonly username: pulumi.Output<string>;

  /**
   * Reads the profile's preferences the stack does not manage: the engine reads it from the API,
   * writing nothing, and `destroy` leaves it. `id` is the username.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<ProfilePreferencesArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): ProfilePreferences {
    return new ProfilePreferences(
      name,
      ...lookUpArgs<ProfilePreferencesArgs>("ProfilePreferences", id, state, opts),
    );
  }

  constructor(name: string, args: ProfilePreferencesArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "ProfilePreferences",
          name,
          { ...placeholders(PROFILE_PREFERENCES_COMPUTED), ...args },
          opts,
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
