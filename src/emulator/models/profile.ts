/** The acting user's profile, grants and preferences. */
import {
  GRANT_ENTITY_TYPES,
  profileEndpoints as e,
  type ErrorItem,
  type Grants,
  type EventEntity,
} from "../../contract";
import { ApiError } from "../api-error";
import { entityRef, recordChange } from "../events";
import { profileRowOf, toProfile, twoFactorEnabled, updateProfileRow } from "../profiles";
import type { Principal } from "../auth";
import { NO_CONTENT, type Body, type Params, type World } from "../router";
import type { ProfileRow, UserRow } from "../state";

export function profileRef(user: UserRow): EventEntity {
  return entityRef("profile", user.id, user.username, e.getProfile);
}

/** The grants a restricted user sees of itself: entities without access are left out. */
function ownGrants(user: UserRow): Grants {
  const entities = GRANT_ENTITY_TYPES.map((type) => [
    type,
    user.grants[type].filter((g) => g.permissions !== null),
  ]);
  return { global: user.grants.global, ...Object.fromEntries(entities) } as Grants;
}

export function getProfile({ store }: World, user: UserRow) {
  return toProfile(store, user);
}

/** A restricted user's own grants; an unrestricted user has none to show (204). */
export function getProfileGrants(_world: World, user: UserRow): Grants | typeof NO_CONTENT {
  return user.restricted ? ownGrants(user) : NO_CONTENT;
}

/** Preferences belong to the OAuth client, and each token is its own client: kept by the calling token. */
export function getProfilePreferences({ store }: World, caller: Principal): Record<string, unknown> {
  return store.table("preferences").get(caller.token.id)?.data ?? {};
}

export function updateProfilePreferences(
  { store }: World,
  caller: Principal,
  _params: Params<typeof e.updateProfilePreferences>,
  body: Body<typeof e.updateProfilePreferences>,
) {
  store.table("preferences").put({ id: caller.token.id, user_id: caller.user.id, data: body });
  return body;
}

export function updateProfile(
  world: World,
  user: UserRow,
  _params: Params<typeof e.updateProfile>,
  body: Body<typeof e.updateProfile>,
) {
  const { store } = world;
  const row = profileRowOf(store, user.id);
  const errors: ErrorItem[] = [];
  const refuse = (field: string, reason: string) => errors.push({ field, reason });

  if (body.ip_whitelist_enabled === true && !row.ip_whitelist_enabled) {
    refuse(
      "ip_whitelist_enabled",
      "ip_whitelist_enabled is deprecated and cannot be enabled (once disabled it cannot be re-enabled)",
    );
  }
  if (body.restricted !== undefined && body.restricted !== user.restricted) {
    refuse("restricted", "restricted cannot be changed through the profile");
  }
  if (body.two_factor_auth !== undefined && body.two_factor_auth !== twoFactorEnabled(store, user.id)) {
    refuse(
      "two_factor_auth",
      "two_factor_auth changes through /profile/tfa-enable, /profile/tfa-enable-confirm and /profile/tfa-disable",
    );
  }
  if (body.lish_auth_method === "password_keys" && row.authentication_type !== "password") {
    refuse("lish_auth_method", "password_keys cannot be used with third-party authentication");
  }
  if (errors.length) throw new ApiError(400, errors);

  const change: Partial<ProfileRow> = {};
  if (body.timezone !== undefined) change.timezone = body.timezone;
  if (body.email_notifications !== undefined) change.email_notifications = body.email_notifications;
  if (body.lish_auth_method !== undefined) change.lish_auth_method = body.lish_auth_method;
  if (body.authorized_keys !== undefined) change.authorized_keys = body.authorized_keys;
  if (body.ip_whitelist_enabled === false) change.ip_whitelist_enabled = false;
  updateProfileRow(store, user.id, change);
  const updated = body.email === undefined ? user : store.table("users").put({ ...user, email: body.email });
  recordChange(world, updated, "profile_update", profileRef(updated));
  return toProfile(store, updated);
}
